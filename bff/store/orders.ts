// The orders table and its status history. Births and status changes go through the payment
// lifecycle (bff/payments/lifecycle/unit-of-work.ts); attempts and their claims are in attempts.ts.
import type { Kysely } from 'kysely';
import { executeCompiledOnce } from './compiled-once.ts';
import type { CurrentAttempt, Database, OrderRow, OrderWithAttempt, StatusHistoryRow } from './schema.ts';

type Db = Kysely<Database>;

/** The order with its current attempt's status and method: both rows by their primary keys (exported for its plan test). */
export function orderWithAttemptQuery(db: Db, orderNumber: string) {
  return db
    .selectFrom('orders')
    .leftJoin('payment_attempts', (join) => join.onRef('payment_attempts.order_number', '=', 'orders.order_number').onRef('payment_attempts.number', '=', 'orders.attempt_number'))
    .selectAll('orders')
    .select(['payment_attempts.status as attempt_status', 'payment_attempts.method as attempt_method', 'payment_attempts.updated_at as attempt_updated_at', 'payment_attempts.hosted_url as attempt_hosted_url', 'payment_attempts.cancel_flag_at as attempt_cancel_flag_at'])
    .where('orders.order_number', '=', orderNumber);
}

export async function findOrder(db: Db, orderNumber: string): Promise<OrderWithAttempt | undefined> {
  // Every status poll runs it.
  const { rows } = await executeCompiledOnce<OrderWithAttempt>(db, 'findOrder', () => orderWithAttemptQuery(db, orderNumber), [orderNumber]);
  return rows[0];
}

/** An order read some other way (a walk's page, a row locked in a transaction), with its current attempt. */
export async function withCurrentAttempt(db: Db, order: OrderRow): Promise<OrderWithAttempt> {
  const attempt = order.attempt_number > 0
    ? await db.selectFrom('payment_attempts').select(['status', 'method', 'updated_at', 'hosted_url', 'cancel_flag_at']).where('order_number', '=', order.order_number).where('number', '=', order.attempt_number).executeTakeFirst()
    : undefined;
  const current: CurrentAttempt = {
    attempt_status: attempt?.status ?? null,
    attempt_method: attempt?.method ?? null,
    attempt_updated_at: attempt?.updated_at ?? null,
    attempt_hosted_url: attempt?.hosted_url ?? null,
    attempt_cancel_flag_at: attempt?.cancel_flag_at ?? null,
  };
  return { ...order, ...current };
}

export function statusHistory(db: Db, orderNumber: string): Promise<StatusHistoryRow[]> {
  return db
    .selectFrom('order_status_history')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .orderBy('id')
    .execute();
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
 * A renewed session (POST /v1/session/renew): its own end and its order's move later, never
 * earlier, so the reconciler and the retry rule (which read the order's) see the buyer still there.
 */
export async function extendSession(db: Db, session: { sessionId: string; orderNumber: string; expiresAt: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('orders').set({ session_expires_at: session.expiresAt }).where('order_number', '=', session.orderNumber).where('session_expires_at', '<', session.expiresAt).execute();
    await trx.updateTable('sessions').set({ expires_at: session.expiresAt }).where('session_id', '=', session.sessionId).where('expires_at', '<', session.expiresAt).execute();
  });
}
