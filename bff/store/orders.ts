// The orders table and its status history. Every write that decides something (who calls
// processPayment, which outcome is recorded) is a conditional UPDATE that only one caller can win,
// so the guarantee holds across processes and across both engines.
import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../contract/bff-api.ts';
import { executeCompiledOnce } from './compiled-once.ts';
import type { Database, NewOrderRow, OrderRow, OrderUpdate, StatusHistoryRow } from './schema.ts';

type Db = Kysely<Database>;

/** Inserts a new order; false when the order number is already taken (uniqueness lives in the DB). */
export async function insertOrder(db: Db, order: NewOrderRow): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('orders')
      .values(order)
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
    await trx
      .insertInto('order_status_history')
      .values({
        order_number: order.order_number,
        from_status: null,
        to_status: order.status,
        source: 'session',
        detail: null,
        created_at: order.created_at,
      })
      .execute();
    return true;
  });
}

export async function findOrder(db: Db, orderNumber: string): Promise<OrderRow | undefined> {
  // Every status poll runs it.
  const { rows } = await executeCompiledOnce<OrderRow>(
    db,
    'findOrder',
    () => db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber),
    [orderNumber],
  );
  return rows[0];
}

export function findOrderByReturnRef(db: Db, returnRef: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('return_ref', '=', returnRef).executeTakeFirst();
}

export function statusHistory(db: Db, orderNumber: string): Promise<StatusHistoryRow[]> {
  return db
    .selectFrom('order_status_history')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .orderBy('id')
    .execute();
}

/**
 * Claims the order's one processPayment. Exactly one caller gets true, whatever the number of
 * concurrent callers or processes: the UPDATE only matches while nobody holds the claim.
 */
export async function claimPayment(
  db: Db,
  orderNumber: string,
  claim: { claimId: string; email: string; locale: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      payment_state: 'claimed',
      payment_claim_id: claim.claimId,
      payment_claimed_at: claim.now,
      payment_error: null,
      email: claim.email,
      locale: claim.locale,
      updated_at: claim.now,
    })
    .where('order_number', '=', orderNumber)
    .where('payment_state', '=', 'none')
    .where('status', '=', 'created')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a claim (only the claim holder can): created, refused (back to none) or unknown. */
export async function settlePaymentClaim(
  db: Db,
  orderNumber: string,
  claimId: string,
  outcome:
    | { state: 'created'; hostedUrl: string; now: string }
    | { state: 'none' | 'unknown'; error: string; now: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const fields: OrderUpdate =
      outcome.state === 'created'
        ? { payment_state: 'created', hosted_url: outcome.hostedUrl, status: 'pending', updated_at: outcome.now }
        : { payment_state: outcome.state, payment_error: outcome.error, updated_at: outcome.now };
    const result = await trx
      .updateTable('orders')
      .set(fields)
      .where('order_number', '=', orderNumber)
      .where('payment_claim_id', '=', claimId)
      .where('payment_state', '=', 'claimed')
      .executeTakeFirst();
    const won = Number(result.numUpdatedRows) === 1;
    if (won && outcome.state === 'created') {
      await trx
        .insertInto('order_status_history')
        .values({
          order_number: orderNumber,
          from_status: 'created',
          to_status: 'pending',
          source: 'checkout',
          detail: null,
          created_at: outcome.now,
        })
        .execute();
    }
    return won;
  });
}

export interface StatusTransition {
  from: OrderStatus;
  to: OrderStatus;
  source: string;
  detail?: string | null;
  now: string;
  /** Other columns to write with the status (auth, tpt, message, amounts, …). */
  fields?: OrderUpdate;
}

/**
 * Moves an order from `from` to `to` and records it in the history, atomically. False when the
 * order was no longer in `from` (someone else recorded first): the caller re-reads and decides.
 */
export async function transitionStatus(db: Db, orderNumber: string, change: StatusTransition): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('orders')
      .set({ ...change.fields, status: change.to, updated_at: change.now })
      .where('order_number', '=', orderNumber)
      .where('status', '=', change.from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    if (change.from !== change.to) {
      await trx
        .insertInto('order_status_history')
        .values({
          order_number: orderNumber,
          from_status: change.from,
          to_status: change.to,
          source: change.source,
          detail: change.detail ?? null,
          created_at: change.now,
        })
        .execute();
    }
    return true;
  });
}

export async function recordSession(
  db: Db,
  session: { sessionId: string; orderNumber: string; origin: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      session_id: session.sessionId,
      order_number: session.orderNumber,
      origin: session.origin,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/**
 * Closes an order whose one processPayment was interrupted (its process died holding the claim, or
 * the call failed with an unknown outcome) once consult shows no payment: nobody ever received a
 * hosted URL for it, so nobody can pay it. Conditional on the exact claim read, so a claim that
 * moved on meanwhile is left alone; the payment state stays 'unknown', so it is never re-sent and a
 * late settle of the lost claim cannot reopen the order.
 */
export async function expireInterruptedPayment(
  db: Db,
  orderNumber: string,
  seen: { paymentState: 'claimed' | 'unknown'; claimId: string | null; detail: string; message: string; now: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('orders')
      .set({ status: 'expired', payment_state: 'unknown', status_message: seen.message, updated_at: seen.now })
      .where('order_number', '=', orderNumber)
      .where('status', '=', 'created')
      .where('payment_state', '=', seen.paymentState);
    update = seen.claimId === null ? update.where('payment_claim_id', 'is', null) : update.where('payment_claim_id', '=', seen.claimId);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('order_status_history')
      .values({ order_number: orderNumber, from_status: 'created', to_status: 'expired', source: 'reconciler', detail: seen.detail, created_at: seen.now })
      .execute();
    return true;
  });
}
