// Which orders nobody will ever pay, in one place: the back office hides them by default, and the
// retention job deletes them once they are old enough.
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../store/schema.ts';

/**
 * A checkout session that ran out before anything was sent: still `created`, and its current
 * attempt (if any) was refused by the gateway, so nothing exists to pay (attempt-rules.ts
 * hasNothingSent). The attempt is read by its primary key, as a scalar subquery: PostgreSQL would
 * turn a NOT EXISTS into an anti-join hashing every attempt. The orders index (status,
 * session_expires_at, order_number) bounds the rows read.
 */
export function abandonedCreatedOrder(now: Date) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const currentAttemptStatus = eb
      .selectFrom('payment_attempts')
      .select('payment_attempts.status')
      .whereRef('payment_attempts.order_number', '=', 'orders.order_number')
      .whereRef('payment_attempts.number', '=', 'orders.attempt_number');
    return eb.and([
      eb('orders.status', '=', 'created'),
      eb('orders.session_expires_at', '<', now.toISOString()),
      eb(eb.fn.coalesce(currentAttemptStatus, eb.val('refused')), '=', 'refused'),
    ]);
  };
}

/**
 * Unpaid and finished with, last changed before `cutoff`: `created` or `expired` with no gateway
 * transaction (no tpt) ever recorded by any of its attempts. Anything the gateway saw a payment
 * for is kept, even when a later attempt (the current one) never reached it (migration 0098 moved
 * the order row's copies of a tpt onto the attempts).
 * The attempts are read through their primary key (order_number, number) as a scalar subquery
 * with a LIMIT, which PostgreSQL cannot turn into an anti-join hashing every attempt.
 */
export function unpaidAbandonedOrder(cutoff: Date) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const attemptWithTransaction = eb
      .selectFrom('payment_attempts')
      .select(eb.lit(1).as('found'))
      .whereRef('payment_attempts.order_number', '=', 'orders.order_number')
      .where('payment_attempts.gateway_tpt', 'is not', null)
      .limit(1);
    return eb.and([
      eb('status', 'in', ['created', 'expired']),
      eb('updated_at', '<', cutoff.toISOString()),
      eb(attemptWithTransaction, 'is', null),
    ]);
  };
}
