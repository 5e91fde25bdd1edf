import { fromMinorUnits, toMinorUnits } from '../money.ts';

/**
 * payment.succeeded net_amount (banking-webhooks.md §6.4): PAYIN = amount − fee − tax;
 * PAYOUT = amount + fee + tax (the total debit). Null when a PAYIN's charges exceed it.
 */
export type PaymentDirection = 'PAYIN' | 'PAYOUT';

export function netAmountFor(
  direction: PaymentDirection,
  amounts: { amount: string; fee_total: string; tax_total: string },
  currency: string,
): string | null {
  const amount = toMinorUnits(amounts.amount, currency);
  const charges = toMinorUnits(amounts.fee_total, currency) + toMinorUnits(amounts.tax_total, currency);
  const net = direction === 'PAYIN' ? amount - charges : amount + charges;
  return net < 0n ? null : fromMinorUnits(net, currency);
}
