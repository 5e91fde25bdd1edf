// Part of the lazy checkout-rules part, with the flow (checkout-flow.ts) that composes it: a card paid
// on the gateway's hosted page, in this page (a redirect) or in a popup (its own lazy part, popup-mode).
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CheckoutResponse } from '../../contract/bff-api.ts';
import type { CheckoutFlowApi } from '../flow/flow-api.ts';
import type { FlowSteps } from '../flow/flow-steps.ts';
import * as events from '../events.ts';
import { AssetLoadError, once } from '../parts/loader.ts';
import type * as PopupMode from '../lazy/popup-mode.ts';

/** The element the card payment is a controller of. */
export type CardHost = ReactiveControllerHost;

/**
 * A card paid on the gateway's hosted page (a Lit reactive controller of <svc-checkout>): the popup
 * opened within the shopper's click, then the page the BFF made, in that popup or in this page; and
 * Back from it out of the back-forward cache, which brings the form again.
 */
export class CardPayment implements ReactiveController {
  /** Popup mode's window, its closing and its "show the payment window again": asked at start in popup mode. */
  #popupMode: typeof PopupMode | undefined;

  readonly #flow: FlowSteps & Pick<CheckoutFlowApi, 'view' | 'fail'>;

  constructor(flow: FlowSteps & Pick<CheckoutFlowApi, 'view' | 'fail'>, host: CardHost) {
    this.#flow = flow;
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('pageshow', this.#onPageShow);
  }

  hostDisconnected(): void {
    window.removeEventListener('pageshow', this.#onPageShow);
    this.closePopup();
  }

  /** Back from the hosted page out of the back-forward cache: the form, with its values, takes input again. */
  readonly #onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted && this.#flow.view.state === 'redirecting' && !this.#flow.view.popup) this.#flow.go('back');
  };

  /** Asked at start in popup mode, so the pay button's click finds it here: a window must open within the click. */
  popupPart(): Promise<typeof PopupMode> {
    return once('popup-mode', () => import('../lazy/popup-mode.ts')).then((part) => (this.#popupMode = part));
  }

  /** In the pay button's click, in popup mode: the payment window; false when the payment cannot go on. */
  async openWindow(): Promise<boolean> {
    const part = await this.popupPart().catch((error: unknown) => this.#flow.fail(new AssetLoadError(error), 'asset-load'));
    return !!part && part.openPaymentWindow(this.#flow);
  }

  /** The BFF made the hosted page: the shopper goes to it, or the popup shows it (the table's moves say what each does). */
  show({ redirectUrl: url, orderNumber, attempt }: CheckoutResponse): void {
    this.#flow.go(this.#flow.view.popup ? 'popup' : 'redirect', { url, orderNumber, attempt });
  }

  /** To the hosted page: in the popup, or this page leaves (by us, or by the shop's own navigation when it cancels the event). */
  leave(url: string, orderNumber: string): void {
    const flow = this.#flow;
    const popup = flow.view.popup;
    if (popup) return this.#popupMode!.showInPopup(flow, popup, url, orderNumber);
    if (flow.emit(new events.SvcRedirectEvent(url, 'redirect'))) window.location.assign(url);
  }

  closePopup(): void {
    this.#flow.view.popup?.close();
    this.#flow.set({ popup: undefined });
  }

  /** The button that brings a lost payment window to the front, while it is open and the outcome unknown. */
  popupButton(locale: string): unknown {
    return this.#popupMode?.renderPopupRescue(locale, this.#flow.view);
  }
}
