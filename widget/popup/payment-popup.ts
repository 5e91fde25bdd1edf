/**
 * Popup mode's window. It must be opened during the shopper's click (later, browsers block it),
 * before the hosted page's URL is known, so it starts blank and is pointed there afterwards.
 *
 * The opener link is kept on purpose: cutting it (opener = null) also takes away this page's
 * right to close the popup once the outcome is known. The page it shows is the gateway's hosted
 * page, at the URL the merchant's own BFF returned.
 */
export class PaymentPopup {
  #watch: ReturnType<typeof setInterval> | undefined;

  readonly #popup: Window;

  private constructor(popup: Window) {
    this.#popup = popup;
  }

  /** undefined when the browser blocked it. */
  static open(): PaymentPopup | undefined {
    const popup = window.open('about:blank', 'svc-checkout-payment', 'popup,width=520,height=760');
    return popup ? new PaymentPopup(popup) : undefined;
  }

  /** Shows the hosted page and calls `onClosed` once if the shopper closes the window. */
  show(url: string, onClosed: () => void): void {
    this.#popup.location.href = url;
    this.#watch = setInterval(() => {
      if (!this.#popup.closed) return;
      clearInterval(this.#watch);
      onClosed();
    }, 500);
  }

  /** Brings the window to the front again (the shopper clicked the shop's page and lost it behind). */
  focus(): void {
    if (!this.#popup.closed) this.#popup.focus();
  }

  close(): void {
    clearInterval(this.#watch);
    if (!this.#popup.closed) this.#popup.close();
  }
}
