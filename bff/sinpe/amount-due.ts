// What money pays a SINPE Móvil attempt. The attempt asks for its own exact amount (unique among
// open transfers, maybe a few colones below the order's: unique-amount.ts), and that amount is
// what a transfer is compared with. A transfer that names the attempt's reference may also bring
// the order's full amount (a buyer who typed the price they saw on the shop): more money for the
// merchant, and the reference already says whose it is.
import { sameUpstreamMoney } from '../../contract/upstream-money.ts';

type Money = { amount: string | null; currency: string | null };
type Attempt = { transfer_amount: string | null; transfer_currency: string | null; transfer_discount: string | null };
type Order = { amount: string; currency: string };

/** The amount and currency the attempt asks for (a transfer opened before amounts were unique asks for the order's). */
export function amountDueOf(attempt: Attempt, order: Order): { amount: string; currency: string } {
  return attempt.transfer_amount !== null && attempt.transfer_currency !== null ? { amount: attempt.transfer_amount, currency: attempt.transfer_currency } : order;
}

/** The payment brings exactly what the attempt asks for, or (matched by reference) the order's own amount. */
export function paysTheAttempt(payment: Money, attempt: Attempt, order: Order): boolean {
  return sameUpstreamMoney(payment, amountDueOf(attempt, order)) || sameUpstreamMoney(payment, order);
}

/** The discount the order was paid with: none when the payment brought the order's own amount. */
export function discountTaken(payment: Money, attempt: Attempt, order: Order): string | null {
  if (sameUpstreamMoney(payment, order)) return null;
  return attempt.transfer_discount;
}
