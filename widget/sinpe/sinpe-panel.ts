// <svc-sinpe-panel>: what the shopper needs to pay from their bank app (the merchant's phone as
// 8888-8888, the exact amount in colones, the reference), each with a copy button, and the time
// left. Loaded lazily (widget/lazy/sinpe-panel.ts) only when a transfer is open. The checkout
// element's one live region says how the transfer stands; the countdown here is not announced
// every second (a timer, aria-live off), only its end.
import { LitElement, css, html, nothing } from 'lit';
import { formatSinpePhone, type SinpeMovilInstructions } from '../../contract/sinpe-movil.ts';
import { formatMoney, onWordsArrival } from '../i18n/localize.ts';
import { sinpePanelWords } from './sinpe-texts.ts';
import { amountToType } from './sinpe-amount.ts';
import { renderSmsPayment, type SmsPaymentState } from './sms-panel-part.ts';
import { defaultSinpeSmsBanks, type SinpeSmsBank } from './sinpe-sms-banks.ts';
import { drawQr, sinpeSmsLink, sinpeSmsText } from './sms-payment.ts';

export { amountToType };

/** m:ss of what is left, never negative. */
export function timeLeft(expiresAt: string, now: number): string {
  const seconds = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The panel's element as the checkout sets it. */
export interface SinpePanelElement extends HTMLElement {
  instructions: SinpeMovilInstructions | undefined;
  locale: string;
}

/**
 * The merchant's SMS options live on the <svc-checkout> around the panel (its `no-sinpe-sms`,
 * `no-sinpe-qr` and `sinpe-sms-banks` attributes, its `sinpeSmsBanks` property): read here, when a
 * transfer shows, so the first script carries none of it.
 */
function smsOptionsOf(panel: HTMLElement): { banks: readonly SinpeSmsBank[]; offerSms: boolean; offerQr: boolean } {
  const root = panel.getRootNode();
  const checkout = root instanceof ShadowRoot ? (root.host as HTMLElement & { sinpeSmsBanks?: SinpeSmsBank[] }) : undefined;
  return {
    banks: checkout?.sinpeSmsBanks ?? banksOfAttribute(checkout?.getAttribute('sinpe-sms-banks')) ?? defaultSinpeSmsBanks,
    offerSms: !checkout?.hasAttribute('no-sinpe-sms'),
    offerQr: !checkout?.hasAttribute('no-sinpe-qr'),
  };
}

/** `[{name, smsNumber}]` from the attribute; undefined when absent or not such a list (the default then applies). */
function banksOfAttribute(json: string | null | undefined): SinpeSmsBank[] | undefined {
  if (!json) return undefined;
  try {
    const banks: unknown = JSON.parse(json);
    const valid = Array.isArray(banks) && banks.every((bank) => typeof bank?.name === 'string' && /^\d{3,8}$/.test(String(bank?.smsNumber)));
    return valid ? (banks as SinpeSmsBank[]) : undefined;
  } catch {
    return undefined;
  }
}

/** A phone: a coarse pointer or a narrow screen, where an `sms:` link opens the messages app. */
const phoneQuery = '(pointer: coarse), (max-width: 40rem)';

/** The exact amount's discount, when the answer carries one above zero (ARCHITECTURE.md `sinpeMovil.discount`). */
function discountOf(transfer: SinpeMovilInstructions): string | undefined {
  const discount = (transfer as { discount?: unknown }).discount;
  return typeof discount === 'string' && /^\d+(\.\d+)?$/.test(discount) && /[1-9]/.test(discount) ? discount : undefined;
}

/** The transfer's SMS: with its reference when the reference alone finds it. */
function smsTextOf(transfer: SinpeMovilInstructions): string {
  return sinpeSmsText(transfer.amount, transfer.phone, transfer.referenceOnly ? transfer.reference : undefined);
}

/** Defines <svc-sinpe-panel> (once: a page may load the widget twice). */
export function defineSinpePanel(): void {
  if (customElements.get('svc-sinpe-panel')) return;

  class SvcSinpePanel extends LitElement implements SinpePanelElement {
    static override styles = css`
      :host { display: block; margin-block: 1rem; }
      dl { display: grid; gap: 0.75rem; margin: 1rem 0; }
      dl > div { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
      dt { min-width: 8rem; color: var(--svc-color-muted, #4a5160); }
      dd { margin: 0; display: flex; align-items: center; gap: 0.5rem; }
      .value { font-size: 1.25rem; font-weight: 700; letter-spacing: 0.04em; }
      button { font: inherit; padding: 0.35rem 0.75rem; border-radius: 6px; border: 1px solid var(--svc-color-border, #8a93a5); background: var(--svc-color-background, #fff); color: var(--svc-color-text, #1d2330); cursor: pointer; }
      button:focus-visible { outline: 3px solid var(--svc-color-primary, #1f5eff); outline-offset: 2px; }
      .countdown { font-weight: 600; }
      .sms { display: grid; gap: 0.5rem; justify-items: start; margin-block: 1rem; }
      .sms select { font: inherit; padding: 0.35rem; border-radius: 6px; border: 1px solid var(--svc-color-border, #8a93a5); max-width: 100%; }
      .sms p { margin: 0; }
      .sms a { color: var(--svc-color-primary, #1f5eff); font-weight: 600; }
      canvas { width: 12rem; height: 12rem; image-rendering: pixelated; }
      .discount { margin: 0; color: var(--svc-color-muted, #4a5160); }
      .reference-only { margin: 0; }
    `;

    static override properties = {
      instructions: { attribute: false },
      locale: {},
      now: { state: true },
      copied: { state: true },
      chosenBank: { state: true },
    };

    /** The open transfer (from POST /v1/checkout, or GET /v1/session when a page resumes it). */
    instructions: SinpeMovilInstructions | undefined;
    /** The checkout's locale tag (es, en, pt-BR; es by default). */
    locale = 'es';

    private chosenBank: number | undefined;
    private now = Date.now();
    private copied = '';
    private ticker: ReturnType<typeof setInterval> | undefined;
    /** Stops listening for the words of the panel's language (i18n/<tag>/sinpe-panel.ts), which arrive after it shows. */
    private stopWords: (() => void) | undefined;

    override connectedCallback(): void {
      super.connectedCallback();
      this.ticker = setInterval(() => (this.now = Date.now()), 1000);
      this.stopWords = onWordsArrival(() => this.requestUpdate());
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      clearInterval(this.ticker);
      this.stopWords?.();
    }

    override render() {
      const transfer = this.instructions;
      if (!transfer) return nothing;
      const t = sinpePanelWords(this.locale);
      const discount = discountOf(transfer);
      const over = Date.parse(transfer.expiresAt) <= this.now;
      const row = (label: string, shown: string, toCopy: string) =>
        html`<div>
          <dt>${label}</dt>
          <dd>
            <span class="value" part="sinpe-value">${shown}</span>
            <button type="button" part="copy-button" @click=${() => void this.copy(label, toCopy)}>${this.copied === label ? t.copied(label) : t.copy(label)}</button>
          </dd>
        </div>`;
      return html`<section part="sinpe" aria-labelledby="sinpe-heading">
        <h3 id="sinpe-heading">${t.heading}</h3>
        <p>${t.steps}</p>
        <dl>
          ${row(t.phone, formatSinpePhone(transfer.phone), transfer.phone)}
          ${row(t.amount, formatMoney(this.locale, transfer.amount, transfer.currency), amountToType(transfer.amount))}
          ${row(t.reference, transfer.reference, transfer.reference)}
        </dl>
        ${transfer.referenceOnly ? html`<p class="reference-only" part="sinpe-reference-only"><strong>${t.referenceOnly(transfer.reference)}</strong></p>` : nothing}
        ${discount && !transfer.referenceOnly ? html`<p class="discount" part="sinpe-discount">${t.discount(formatMoney(this.locale, discount, transfer.currency))}</p>` : nothing}
        ${renderSmsPayment({
          ...smsOptionsOf(this),
          chosen: this.chosenBank,
          phoneLike: matchMedia(phoneQuery).matches,
          text: smsTextOf(transfer),
          texts: t,
          onChoose: (index) => (this.chosenBank = index),
        })}
        <p class="countdown" part="sinpe-countdown" role="timer" aria-live="off">${over ? t.timeUp : t.timeLeft(timeLeft(transfer.expiresAt, this.now))}</p>
      </section>`;
    }

    protected override updated(): void {
      // The QR is drawn once its canvas is in place, and again only when the link changes (another bank).
      const canvas = this.renderRoot.querySelector<HTMLCanvasElement>('canvas[part="sinpe-qr"]');
      const transfer = this.instructions;
      const bank = this.chosenBank === undefined ? undefined : smsOptionsOf(this).banks[this.chosenBank];
      if (!canvas || !transfer || !bank) return;
      const link = sinpeSmsLink(bank, smsTextOf(transfer));
      if (canvas.dataset['link'] === link) return;
      drawQr(canvas, link);
      canvas.dataset['link'] = link;
    }

    private async copy(label: string, text: string): Promise<void> {
      try {
        await navigator.clipboard.writeText(text);
        this.copied = label;
      } catch {
        // No clipboard permission: the value is on screen, selectable, and the shopper types it.
      }
    }
  }

  customElements.define('svc-sinpe-panel', SvcSinpePanel);
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-sinpe-panel': SinpePanelElement;
  }
}
