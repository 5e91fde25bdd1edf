// <svc-sinpe-panel>: what the shopper needs to pay from their bank app (the merchant's phone as
// 8888-8888, the exact amount in colones, the reference), each with a copy button, and the time
// left. Loaded lazily (widget/lazy/sinpe-panel.ts) only when a transfer is open. The checkout
// element's one live region says how the transfer stands; the countdown here is not announced
// every second (a timer, aria-live off), only its end.
import { LitElement, css, html, nothing } from 'lit';
import { formatSinpePhone, type SinpeMovilInstructions } from '../../contract/sinpe-movil.ts';
import { formatMoney } from '../i18n/localize.ts';
import { sinpeLocaleOf } from './method-choice.ts';
import { sinpeTexts } from './sinpe-texts.ts';

/** "15000.00" → "15000" and "15000.50" → "15000.50": what a bank app's amount field takes. */
export function amountToType(amount: string): string {
  return amount.replace(/\.0+$/, '');
}

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
    `;

    static override properties = {
      instructions: { attribute: false },
      locale: {},
      now: { state: true },
      copied: { state: true },
    };

    /** The open transfer (from POST /v1/checkout, or GET /v1/session when a page resumes it). */
    instructions: SinpeMovilInstructions | undefined;
    /** The checkout's locale tag (es, en, pt-BR; es by default). */
    locale = 'es';

    private now = Date.now();
    private copied = '';
    private ticker: ReturnType<typeof setInterval> | undefined;

    override connectedCallback(): void {
      super.connectedCallback();
      this.ticker = setInterval(() => (this.now = Date.now()), 1000);
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      clearInterval(this.ticker);
    }

    override render() {
      const transfer = this.instructions;
      if (!transfer) return nothing;
      const t = sinpeTexts[sinpeLocaleOf(this.locale)];
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
        <p class="countdown" part="sinpe-countdown" role="timer" aria-live="off">${over ? t.timeUp : t.timeLeft(timeLeft(transfer.expiresAt, this.now))}</p>
      </section>`;
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
