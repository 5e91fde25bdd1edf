// Which orders nobody will ever pay, in one place: the back office hides them by default, and the
// retention job deletes them once they are old enough.
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../store/schema.ts';

/** A checkout session that ran out before anyone started paying: still `created`, never will be paid. */
export function abandonedCreatedOrder(now: Date) {
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.and([eb('status', '=', 'created'), eb('payment_state', '=', 'none'), eb('session_expires_at', '<', now.toISOString())]);
}

/**
 * Unpaid and finished with, last changed before `cutoff`: `created` or `expired` with no gateway
 * transaction (no tpt) ever recorded. Anything the gateway saw a payment for is kept.
 */
export function unpaidAbandonedOrder(cutoff: Date) {
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.and([eb('status', 'in', ['created', 'expired']), eb('gateway_tpt', 'is', null), eb('updated_at', '<', cutoff.toISOString())]);
}

