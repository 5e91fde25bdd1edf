// A dollar order's card charge in dollars or in colones (CARD_COLONES_FOR_USD; the session's
// `cardInColones`): a native radio group in a fieldset with a legend, like the method choice (so
// arrow keys move between the two and a screen reader says "1 of 2"), styled with it
// (checkout.styles.ts `.methods`). The colones are the order's `localAmount`, the very amount the BFF
// charges. Part of the dollar order's lazy part (lazy/dollar-order.ts); it owns its state: the
// checkout's scripts only ask it what to render, charge and send.
import { html, type ReactiveControllerHost } from 'lit';
import type { CardCurrency, CheckoutMethod } from '../../contract/bff-api.ts';
import { formatMoney } from '../i18n/localize.ts';
import { dollarOrderWords, localAmountOf } from './local-amount.ts';

interface Money {
  amount: string;
  currency: string;
}

/** The buyer's choice for one session: dollars until colones are chosen. */
export class CardColones {
  #chosen: CardCurrency = 'USD';

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly order: Money,
    private readonly colones: Money,
  ) {}

  /** Colones are what the card will be charged (the card is the method, and colones were chosen). */
  #inColones(method: CheckoutMethod): boolean {
    return method === 'card' && this.#chosen === 'CRC';
  }

  /** What the pay button says the card is charged when that is the colones (else the button shows the order's money). */
  pay(lang: string, method: CheckoutMethod): string | undefined {
    return this.#inColones(method) ? formatMoney(lang, this.colones.amount, this.colones.currency) : undefined;
  }

  /** The checkout body's field: `cardCurrency: "CRC"` only when colones are to be charged. */
  body(method: CheckoutMethod): { cardCurrency?: 'CRC' } {
    return this.#inColones(method) ? { cardCurrency: 'CRC' } : {};
  }

  /** The choice, while the card is the method. */
  render(lang: string, method: CheckoutMethod, disabled: boolean) {
    if (method !== 'card') return undefined;
    const t = dollarOrderWords(lang);
    const option = (currency: CardCurrency, label: string) =>
      html`<label class="method" part="card-currency-option">
        <input type="radio" name="svc-card-currency" value=${currency} .checked=${this.#chosen === currency} ?disabled=${disabled} @change=${() => this.#choose(currency)} />
        ${label}
      </label>`;
    return html`<fieldset part="card-currency" class="methods">
      <legend>${t.legend}</legend>
      ${option('USD', t.dollars(formatMoney(lang, this.order.amount, this.order.currency)))} ${option('CRC', t.colones(formatMoney(lang, this.colones.amount, this.colones.currency)))}
    </fieldset>`;
  }

  #choose(currency: CardCurrency): void {
    this.#chosen = currency;
    this.host.requestUpdate();
  }
}

/** The choice for a session answer that offers it (`cardInColones` with a well-formed `localAmount`), else undefined. */
export function cardColonesOf(answer: { order: Money; cardInColones?: unknown }, host: ReactiveControllerHost): CardColones | undefined {
  const local = answer.cardInColones === true ? localAmountOf(answer) : undefined;
  return local && new CardColones(host, answer.order, local);
}
