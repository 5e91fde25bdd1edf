// The unique-amount SINPE Móvil transfer as the merchant sees it: the amount each attempt asked for,
// and the discount the paying transfer was made with (unique-amount.ts).
import type { PaymentAttempt } from '../../contract/merchant-api.ts';
import type { OrderRow, PaymentAttemptRow } from '../store/schema.ts';

/** The discount the order was paid with; null when none (not paid by a lowered transfer). */
export function paidDiscountOf(order: Pick<OrderRow, 'paid_discount'>): string | null {
  return order.paid_discount ?? null;
}

/** A transfer attempt's exact amount, currency and discount; nothing for a card attempt. */
export function transferAmountView(attempt: PaymentAttemptRow): Pick<PaymentAttempt, 'transferAmount' | 'transferCurrency' | 'transferDiscount'> {
  if (attempt.transfer_amount === null) return {};
  return { transferAmount: attempt.transfer_amount, transferCurrency: attempt.transfer_currency, transferDiscount: attempt.transfer_discount };
}
