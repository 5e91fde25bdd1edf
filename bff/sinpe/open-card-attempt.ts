// Before the merchant attaches a bank payment to an order, the order's card attempt must not be
// payable any more: otherwise the buyer can still pay the hosted page and be charged twice. The
// gateway has no call that revokes a hosted page (gateway-api.md), so "closed" is ours only: the
// attempt is marked cancelled, so that the order's detail shows which page the merchant gave up on;
// a buyer who still pays it in the moment between consult and the attach is charged at the gateway,
// and that payment must be found there (the merchant's transaction list) and refunded.
import { attachRefused } from './attach-refusal.ts';
import { findAttempt } from '../store/attempts.ts';
import { findOrder } from '../store/orders.ts';
import { isAwaitingOutcome, isPaid, isPending } from '../payments/orders/order-rules.ts';
import type { Services } from '../services.ts';
import type { OrderRow, PaymentAttemptRow } from '../store/schema.ts';
import { mayHavePageOut } from '../payments/attempt-transitions.ts';


/** The order's current attempt is a card attempt whose page the buyer may still pay. */
export function isPayableCardAttempt(order: OrderRow, attempt: Pick<PaymentAttemptRow, 'number' | 'method' | 'status'> | undefined): boolean {
  return isAwaitingOutcome(order.status) && attempt?.number === order.attempt_number && attempt.method === 'card' && mayHavePageOut(attempt.status);
}

/** The order's current card attempt when the buyer may still pay its page; undefined otherwise. */
export async function openCardAttempt(services: Pick<Services, 'store'>, order: OrderRow): Promise<PaymentAttemptRow | undefined> {
  if (order.attempt_number < 1) return undefined;
  const attempt = await findAttempt(services.store.db, order.order_number, order.attempt_number);
  return isPayableCardAttempt(order, attempt) ? attempt : undefined;
}

/**
 * Asks the gateway, now, whether the open card attempt was paid. Paid: consult records it (the
 * card payment wins) and the attach is refused. No answer: refused, try again. Otherwise the
 * attempt the attach must close is returned.
 */
export async function confirmCardAttemptUnpaid(services: Pick<Services, 'store' | 'statuses'>, orderNumber: string): Promise<PaymentAttemptRow | undefined> {
  const order = await findOrder(services.store.db, orderNumber);
  if (!order) return undefined;
  const attempt = await openCardAttempt(services, order);
  if (!attempt) return undefined;
  const consult = await services.statuses.consultFresh(orderNumber, attempt.number, 'bank_attach');
  if (consult.kind === 'failed') throw attachRefused('card-page-unknown', 'The order has a card page open and the gateway could not say whether it was paid; try again later.');
  const after = await findOrder(services.store.db, orderNumber);
  if (after && isPaid(after.status)) throw attachRefused('card-page-paid', `The buyer paid the order's card page: the order is ${after.status} by card; return this bank payment instead.`);
  if (consult.kind === 'recorded') {
    throw after && isPending(after.status)
      ? attachRefused('card-page-open', 'The gateway shows a payment on the order\'s card page that has not ended yet; try again when it has.')
      : attachRefused('card-attempt-ended', `The order's card attempt just ended (the order is ${after?.status ?? 'gone'}); read the order again.`);
  }
  return attempt;
}
