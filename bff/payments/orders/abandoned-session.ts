// A session nobody checked out before it expired will never be paid: its order is expired. Used by
// the status route (when someone polls) and by the reconciler (when nobody does).
import type { Clock } from '../../lib/observability/clock.ts';
import type { Store } from '../../store/database.ts';
import type { OrderWithAttempt } from '../../store/schema.ts';
import { hasNothingSent } from '../attempt-rules.ts';
import { isAwaitingOutcome, isLegalTransition } from './order-rules.ts';
import { recordOrderChange } from './record-outcome.ts';

export function isAbandonedSession(order: OrderWithAttempt, now: Date): boolean {
  return (
    hasNothingSent(order) &&
    isAwaitingOutcome(order.status) &&
    isLegalTransition(order.status, 'expired', 'no-payment') &&
    Date.parse(order.session_expires_at) < now.getTime()
  );
}

export interface AbandonedSessionOptions {
  /** Who noticed, for the status history ('status' poll or 'reconciler'). */
  source?: string;
  /** MERCHANT_WEBHOOK_UNATTEMPTED_EXPIRY: the merchant asked to hear of orders that never had an attempt. */
  announceUnattempted: boolean;
}

export async function expireIfAbandoned(store: Store, clock: Clock, order: OrderWithAttempt, options: AbandonedSessionOptions): Promise<OrderWithAttempt> {
  if (!isAbandonedSession(order, clock.now())) return order;
  return (
    (await recordOrderChange(store, order.order_number, {
      to: 'expired',
      evidence: 'no-payment',
      source: options.source ?? 'status',
      detail: 'session expired before checkout',
      now: clock.now().toISOString(),
      // Anyone may open a catalog session: its lapse alone must not make us sign a webhook.
      tellMerchant: order.attempt_number > 0 || options.announceUnattempted,
    })) ?? order
  );
}
