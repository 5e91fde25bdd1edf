// banking-webhooks.md §6.4: PAYIN net = amount − fee − tax; PAYOUT net = amount + fee + tax. The
// event does not say which direction it is, so a direction we already know (payin.posted means
// PAYIN) decides; otherwise the net that fits one of the two rules tells us, and only one: without
// fee or tax both rules give the amount, and such a payment may be the merchant's own payout (the
// destination is the tenant's, it receives both). Its direction then stays unknown, and it pays an
// order only with its payin.posted or a reference naming the attempt (bff/sinpe/matcher.ts).
// Exact minor units.
import { netAmountFor, type PaymentDirection } from '../../../contract/bank/net-amount.ts';
import { toMinorUnits } from '../../../contract/money.ts';

export interface NetAmountCheck {
  result: 'ok' | 'mismatch' | 'unverifiable';
  direction: PaymentDirection | null;
  /** The net the rule gives (for the known or, failing that, the PAYIN direction). */
  expected: string | null;
}

export function checkNetAmount(
  amounts: { amount: string | null; fee_total: string | null; tax_total: string | null; net_amount: string | null },
  currency: string | null,
  knownDirection: PaymentDirection | null,
): NetAmountCheck {
  const { amount, fee_total, tax_total, net_amount } = amounts;
  // §6.4 requires all four, but one the bank left null or "" must not lose the event: nothing to check it by.
  if (amount === null || fee_total === null || tax_total === null || net_amount === null || currency === null) {
    return { result: 'unverifiable', direction: knownDirection, expected: null };
  }
  const input = { amount, fee_total, tax_total };
  let given: bigint;
  let expectedBy: Record<PaymentDirection, string | null>;
  try {
    given = toMinorUnits(net_amount, currency);
    expectedBy = { PAYIN: netAmountFor('PAYIN', input, currency), PAYOUT: netAmountFor('PAYOUT', input, currency) };
  } catch {
    // A currency without ISO minor units, or more decimals than it allows: nothing exact to compare.
    return { result: 'unverifiable', direction: knownDirection, expected: null };
  }
  const fits = (direction: PaymentDirection) => {
    const expected = expectedBy[direction];
    return expected !== null && toMinorUnits(expected, currency) === given;
  };
  if (knownDirection) {
    return { result: fits(knownDirection) ? 'ok' : 'mismatch', direction: knownDirection, expected: expectedBy[knownDirection] };
  }
  const fitting = (['PAYIN', 'PAYOUT'] as const).filter(fits);
  if (fitting.length === 2) return { result: 'ok', direction: null, expected: expectedBy.PAYIN };
  if (fitting.length === 1) return { result: 'ok', direction: fitting[0]!, expected: expectedBy[fitting[0]!] };
  return { result: 'mismatch', direction: null, expected: expectedBy.PAYIN };
}
