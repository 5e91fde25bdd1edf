// A fresh merchant session for an order number the shop already used. Sessions last at most 15
// minutes; a shop that reuses its own order number after the buyer let one lapse unpaid expects the
// same order to be payable again, not a 409. So a lapsed, unpaid order with nothing open at the
// gateway is continued: a new session on the same order, whose checkout opens the next attempt.
// Anything that could still take money (a paid order, an open page or transfer, a review) stays a
// 409, and so does a request for another amount or currency: the order number names one amount.
import type { Transaction } from 'kysely';
import { applyJointMove, holdCurrentAttempt } from '../lifecycle/unit-of-work.ts';
import { attemptDecision, hasNothingSent } from '../attempt-rules.ts';
import type { Database, OrderWithAttempt } from '../../store/schema.ts';
import { isExpired, isPaid, isRetryableStatus, isUnderReview } from './order-rules.ts';

export type ContinuationDecision =
  | { kind: 'continue'; reopen: boolean }
  | { kind: 'refuse'; code: 'order_number_taken' | 'amount_mismatch'; detail: string };

/** Whether a new session may continue `order` (pure: the table test walks every case). */
export function continuationDecision(order: OrderWithAttempt, asked: { amount: string; currency: string }, now: Date, maxAttempts: number): ContinuationDecision {
  const taken = (detail: string): ContinuationDecision => ({ kind: 'refuse', code: 'order_number_taken', detail: `Order ${order.order_number} ${detail}` });
  if (order.source !== 'merchant') return taken('was not created by the merchant API.');
  if (isPaid(order.status)) return taken('is already paid.');
  if (isUnderReview(order.status)) return taken('is under review: resolve it first.');
  if (order.amount !== asked.amount || order.currency !== asked.currency) {
    return {
      kind: 'refuse',
      code: 'amount_mismatch',
      detail: `Order ${order.order_number} is for ${order.amount} ${order.currency}; a new session for it must ask for the same amount and currency (use a new order number for another amount).`,
    };
  }
  if (Date.parse(order.session_expires_at) > now.getTime()) return taken(`already has a session open until ${order.session_expires_at}.`);
  if (hasNothingSent(order) && (order.status === 'created' || isExpired(order.status))) {
    return { kind: 'continue', reopen: isExpired(order.status) };
  }
  if (isRetryableStatus(order.status)) {
    const next = attemptDecision(order, maxAttempts);
    if (next.kind === 'open') return { kind: 'continue', reopen: false };
    if (next.kind === 'exhausted') return taken(`has used all ${next.attempts} payment attempts.`);
  }
  return taken('has a payment that may still complete.');
}

export interface ContinuedSession {
  now: string;
  expiresAt: string;
  returnUrl: string;
  origin: string;
  metadata?: Readonly<Record<string, string>> | undefined;
  clientReference?: string | undefined;
  returnData?: string | undefined;
}

/**
 * Gives the order its new session, if it is still as read (another instance continuing it at the
 * same moment makes this false; a move of its current attempt meanwhile throws AttemptChangedError,
 * rolling the caller's transaction back). An expired order is reopened to `created` by a joint move (the
 * attempt held as read), with a history entry and no merchant event (nothing was paid or lost).
 */
export async function continueOrder(trx: Transaction<Database>, seen: OrderWithAttempt, reopen: boolean, session: ContinuedSession): Promise<boolean> {
  const fields = {
    session_expires_at: session.expiresAt,
    return_url: session.returnUrl,
    origin: session.origin,
    ...(session.metadata !== undefined && { metadata_json: JSON.stringify(session.metadata) }),
    ...(session.clientReference !== undefined && { client_reference: session.clientReference }),
    ...(session.returnData !== undefined && { merchant_reference: session.returnData }),
  };
  if (reopen) {
    const { written: reopened } = await applyJointMove(trx, seen.order_number, {
      evidence: 'session',
      now: session.now,
      order: {
        from: seen.status,
        to: 'created',
        source: 'merchant',
        detail: 'a new session continued the lapsed order',
        fields,
        tellMerchant: false,
        where: { attempt_number: seen.attempt_number },
      },
      attempt: { kind: 'hold', seen },
    });
    return reopened;
  }
  const result = await trx
    .updateTable('orders')
    .set({ ...fields, updated_at: session.now })
    .where('order_number', '=', seen.order_number)
    .where('status', '=', seen.status)
    .where('attempt_number', '=', seen.attempt_number)
    .where('session_expires_at', '=', seen.session_expires_at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await holdCurrentAttempt(trx, seen);
  return true;
}
