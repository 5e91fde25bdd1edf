// What POST /v1/checkout may do with an order as read: hand back the open attempt's page, open an
// attempt (the first, a refused one again, or the next after a decline or a cancel), wait for
// another caller's claim, or refuse. The status answer's `canRetry` asks the same question.
import { isAwaitingOutcome, isExpired, isRetryableStatus } from './orders/order-rules.ts';
import type { OrderWithAttempt } from '../store/schema.ts';

export type AttemptDecision =
  | { kind: 'page'; url: string }
  | { kind: 'transfer' }
  | { kind: 'open'; number: number }
  | { kind: 'wait' }
  | { kind: 'confirming' }
  | { kind: 'exhausted'; attempts: number }
  | { kind: 'closed' };

export function attemptDecision(order: OrderWithAttempt, maxAttempts: number): AttemptDecision {
  const current = order.attempt_number;
  switch (order.attempt_status) {
    case 'claimed':
      return { kind: 'wait' };
    case 'unknown':
      // It may exist at the gateway: consult (the reconciler) settles it before anything is re-sent.
      return isAwaitingOutcome(order.status) || isRetryableStatus(order.status) ? { kind: 'confirming' } : { kind: 'closed' };
    case 'open':
      if (!isAwaitingOutcome(order.status)) break;
      // A SINPE Móvil transfer is awaited: bff/sinpe/ hands back its instructions; nothing else opens.
      if (isTransferAttempt(order)) return { kind: 'transfer' };
      if (order.attempt_hosted_url) return { kind: 'page', url: order.attempt_hosted_url };
      break;
    case null:
    case 'refused':
      // Nothing was created under the current number (never asked, or refused): it may be asked again.
      if (isAwaitingOutcome(order.status) || isRetryableStatus(order.status)) return { kind: 'open', number: Math.max(current, 1) };
      return { kind: 'closed' };
    default:
      break;
  }
  if (!mayOpenNextAttempt(order)) return { kind: 'closed' };
  return nextAttempt(current, maxAttempts);
}

/**
 * A checkout that finds the current attempt's hosted page out (the buyer came Back from it, or
 * paid in another tab): the next attempt replaces it, on the same order. The old page stays payable
 * at the gateway (nothing revokes a hosted page); its money is a superseded attempt's.
 */
export function nextAttemptOver(order: OrderWithAttempt, maxAttempts: number): AttemptDecision {
  return nextAttempt(order.attempt_number, maxAttempts);
}

function nextAttempt(current: number, maxAttempts: number): AttemptDecision {
  const next = current + 1;
  return next > maxAttempts ? { kind: 'exhausted', attempts: current } : { kind: 'open', number: next };
}

/** A declined or cancelled order whose buyer may try again now (attempts left, session alive). */
export function canRetry(order: OrderWithAttempt, maxAttempts: number, now: Date): boolean {
  if (!mayOpenNextAttempt(order)) return false;
  if (Date.parse(order.session_expires_at) <= now.getTime()) return false;
  const decision = attemptDecision(order, maxAttempts);
  return decision.kind === 'open' || decision.kind === 'wait';
}

/**
 * The last attempt ended without payment: declined or cancelled, or a SINPE Móvil transfer whose
 * time ran out (the order is expired, but the buyer is still at the checkout and may try again).
 */
function mayOpenNextAttempt(order: OrderWithAttempt): boolean {
  return isRetryableStatus(order.status) || (isExpired(order.status) && isTransferAttempt(order));
}

/** The current attempt is a SINPE Móvil transfer (awaited, or ended: declined, expired, paid). */
export function isTransferAttempt(order: Pick<OrderWithAttempt, 'attempt_method'>): boolean {
  return order.attempt_method === 'sinpe_movil';
}

/** Nothing was sent under the order's current attempt number: none was claimed yet, or the gateway refused it. */
export function hasNothingSent(order: Pick<OrderWithAttempt, 'attempt_status'>): boolean {
  return order.attempt_status === null || order.attempt_status === 'refused';
}
