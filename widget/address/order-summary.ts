import { html, nothing } from 'lit';
import type { OrderLine } from '../../contract/bff-api.ts';
import { formatMoney } from '../i18n/localize.ts';
import type { Translation } from '../i18n/translation.ts';
import type { CardColones } from '../costa-rica/card-currency-choice.ts';

export interface OrderSummary {
  orderNumber: string;
  amount: string;
  currency: string;
  /** What the shopper is buying; a merchant session without lines shows the total alone. */
  lines?: readonly OrderLine[];
  /** A dollar order's amount in colones at the BCCR rate (widget/costa-rica/local-amount.ts), shown right under the total. */
  localAmountLine?: ((locale: string) => string) | undefined;
  /** A dollar order's card in dollars or colones, where the merchant allows it (widget/costa-rica/card-currency-choice.ts). */
  cardColones?: CardColones | undefined;
}

/** The order above the form: its lines (quantity, name, amount), then the total. */
export function renderOrderSummary(t: Translation, locale: string, order: OrderSummary) {
  const money = (amount: string) => formatMoney(locale, amount, order.currency);
  const lines = order.lines ?? [];
  return html`<div class="summary" part="summary">
    ${lines.length > 0
      ? html`<ul class="lines" part="lines">
          ${lines.map(
            (line) => html`<li><span>${line.quantity} × ${line.name}</span><span>${money(line.amount)}</span></li>`,
          )}
        </ul>`
      : nothing}
    <div class="total"><span>${t.total}</span><strong>${money(order.amount)}</strong></div>
    ${order.localAmountLine ? html`<small part="local-amount">${order.localAmountLine(locale)}</small>` : nothing}
  </div>`;
}
