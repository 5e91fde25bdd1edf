// Records a status change once: a conditional transition from the status just read, as one joint
// move of the order and its attempt (payments/lifecycle), retried on a lost race. A change the table
// does not allow from the status found (the order moved on: it was approved meanwhile, say) is not
// an error here: nothing is written.
import type { OrderStatus } from '../../../contract/bff-api.ts';
import { applyJointMove } from '../lifecycle/unit-of-work.ts';
import type { AttemptStatus } from '../attempt-transitions.ts';
import { findOrder } from '../../store/orders.ts';
import type { Store } from '../../store/database.ts';
import type { OrderRow, OrderUpdate, OrderWithAttempt } from '../../store/schema.ts';
import { isLegalTransition, isPaid, type TransitionEvidence } from './order-rules.ts';

export interface OrderChange {
  to: OrderStatus;
  evidence: TransitionEvidence;
  source: string;
  detail?: string | null;
  now: string;
  /** Columns to write with the status; a function sees the order as read. */
  fields?: OrderUpdate | ((order: OrderRow) => OrderUpdate);
  /** false: no merchant event for this change (the history entry is written all the same). */
  tellMerchant?: boolean;
  /** The attempt this change is about, and the status the same evidence gives it (written in the same transaction). */
  attempt?: { number: number; status: AttemptStatus; tpt?: string | null; auth?: string | null; code?: string | null };
}

/**
 * Money for an attempt that is no longer the order's (a hosted page the buyer came Back from and
 * paid later in another tab, a late approval of a declined attempt): it never approves the order a
 * second time nor silently. The attempt goes to review with the reason; so does the order while it
 * is unpaid (the merchant decides; the current attempt's own approval still settles it), and an
 * order already paid stays as it is, with the extra money in review on its attempt for a refund.
 */
function supersededPayment(order: OrderWithAttempt, change: OrderChange): OrderChange | undefined {
  const attempt = change.attempt;
  if (!attempt || attempt.number === order.attempt_number || (attempt.status !== 'approved' && attempt.status !== 'review')) return undefined;
  const detail = `attempt ${attempt.number} was paid after attempt ${order.attempt_number} replaced it: one payment too many for this order, refund one (${change.detail ?? change.evidence})`;
  // The order row keeps the current attempt's answer: the superseded payment's is on its attempt.
  const { fields: _currentAttempts, ...rest } = change;
  return { ...rest, to: isPaid(order.status) ? order.status : 'review', evidence: 'mismatch', detail, attempt: { ...attempt, status: 'review' } };
}

export async function recordOrderChange(store: Store, orderNumber: string, change: OrderChange): Promise<OrderWithAttempt | undefined> {
  for (let round = 0; round < 3; round++) {
    const order = await findOrder(store.db, orderNumber);
    if (!order) return undefined;
    const superseded = supersededPayment(order, change);
    if (superseded) change = superseded;
    const attempt = change.attempt;
    // A superseded attempt's outcome is kept on the attempt only: the order belongs to the later one,
    // which is running or done (a merchant decision or a buyer's next try must not be undone by it).
    // Its money is the exception (supersededPayment): the order goes to review unless already paid.
    const aboutEarlierAttempt = attempt !== undefined && attempt.number !== order.attempt_number;
    const moves = (!aboutEarlierAttempt || superseded !== undefined) && isLegalTransition(order.status, change.to, change.evidence);
    const fields = typeof change.fields === 'function' ? change.fields(order) : change.fields;
    // The attempt moves by its own table: evidence it no longer takes (it was paid meanwhile, say) writes nothing on it.
    const attemptStep = attempt && change.evidence !== 'session'
      ? {
          kind: 'evidence' as const,
          number: attempt.number,
          to: attempt.status,
          fields: { ...(attempt.tpt !== undefined && { gateway_tpt: attempt.tpt }), ...(attempt.auth !== undefined && { gateway_auth: attempt.auth }), ...(attempt.code !== undefined && { gateway_code: attempt.code }) },
        }
      : undefined;
    const { written } = await applyJointMove(store.db, orderNumber, {
      evidence: change.evidence,
      now: change.now,
      ...(moves && {
        order: {
          from: order.status,
          to: change.to,
          source: change.source,
          detail: change.detail ?? null,
          fields: fields ?? {},
          where: { attempt_number: order.attempt_number },
          ...(change.tellMerchant === undefined ? {} : { tellMerchant: change.tellMerchant }),
        },
      }),
      ...(attemptStep && { attempt: attemptStep }),
    });
    if (written) return moves ? findOrder(store.db, orderNumber) : order;
  }
  return findOrder(store.db, orderNumber);
}
