// The unique-amount SINPE Móvil transfer as the merchant sees it: the amount each attempt asked for,
// and the discount the paying transfer was made with (unique-amount.ts).
import type { PaidTransfer } from '../../../contract/bff-api.ts';
import type { PaymentAttempt } from '../../../contract/merchant-api.ts';
import { canonicalAmount } from '../../../contract/money.ts';
import type { OrderRow, PaymentAttemptRow } from '../../store/schema.ts';

/** The discount the order was paid with; null when none (not paid by a lowered transfer). */
export function paidDiscountOf(order: Pick<OrderRow, 'paid_discount'>): string | null {
  return order.paid_discount ?? null;
}

/**
 * What the transfer that paid the order brought, in the currency it moved in (colones, maybe a few
 * below the order's amount: the discount); undefined when no transfer paid it. The buyer's receipt,
 * the status answer and the merchant order say this, not the order's amount.
 */
export function paidTransferOf(order: Pick<OrderRow, 'paid_amount' | 'paid_currency' | 'paid_discount'>): PaidTransfer | undefined {
  if (!order.paid_amount || !order.paid_currency) return undefined;
  return { amount: canonicalAmount(order.paid_amount, order.paid_currency), currency: order.paid_currency, ...(order.paid_discount && { discount: order.paid_discount }) };
}

/** A transfer attempt's exact amount, currency and discount; nothing for a card attempt. */
export function transferAmountView(attempt: PaymentAttemptRow): Pick<PaymentAttempt, 'transferAmount' | 'transferCurrency' | 'transferDiscount'> {
  if (attempt.transfer_amount === null) return {};
  return { transferAmount: attempt.transfer_amount, transferCurrency: attempt.transfer_currency, transferDiscount: attempt.transfer_discount };
}
