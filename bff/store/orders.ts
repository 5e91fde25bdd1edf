// The orders table and its status history. Status changes go through the order state machine
// (bff/orders/order-machine.ts); attempts and their claims are in attempts.ts.
import type { Kysely } from 'kysely';
import { executeCompiledOnce } from './compiled-once.ts';
import type { Database, NewOrderRow, OrderRow, StatusHistoryRow } from './schema.ts';

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

