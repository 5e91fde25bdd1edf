// The orders table and its status history. Births and status changes go through the payment
// lifecycle (bff/payments/lifecycle/unit-of-work.ts); attempts and their claims are in attempts.ts.
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import { executeCompiledOnce } from './compiled-once.ts';
import type { AttemptFacts, CurrentAttempt, Database, OrderRow, OrderWithAttempt, StatusHistoryRow } from './schema.ts';

type Db = Kysely<Database>;

type Reader = Kysely<Database> | Transaction<Database>;

/**
 * The attempt whose facts the order shows: the one that paid it (its only `approved` attempt) once
 * there is one, else the current one. Read by the attempts' primary key (order_number, number).
 */
function shownAttemptNumber(eb: ExpressionBuilder<Database, 'orders'>) {
  const paying = eb
    .selectFrom('payment_attempts as paying')
    .select((inner) => inner.fn.max('paying.number').as('number'))
    .whereRef('paying.order_number', '=', 'orders.order_number')
    .where('paying.status', '=', sql.lit('approved'));
  return eb.fn.coalesce(paying, eb.ref('orders.attempt_number'));
}

/** One fact of the attempt an order shows, as a scalar subquery by the attempts' primary key (for a query over `orders` joined to other tables). */
export function attemptFactOf<Column extends keyof AttemptFacts & keyof Database['payment_attempts']>(outer: ExpressionBuilder<Database, 'orders' | any>, column: Column) {
  const eb = outer as ExpressionBuilder<Database, 'orders'>;
  return eb
    .selectFrom('payment_attempts as shown')
    .select(`shown.${column}` as `shown.${Column}`)
    .whereRef('shown.order_number', '=', 'orders.order_number')
    .where((inner) => inner('shown.number', '=', shownAttemptNumber(inner as unknown as ExpressionBuilder<Database, 'orders'>)));
}

/**
 * Orders with their current attempt's status and method and the facts of the attempt shown
 * (AttemptFacts), under the names the order row once had: a walk or a list adds its own where and order.
 */
export function selectOrdersWithAttempt(db: Reader) {
  return joinAttempts(db.selectFrom('orders'));
}

/**
 * The orders `page` picks (a query over orders with its own where, order and limit) with their
 * attempts as selectOrdersWithAttempt has them, in one statement: the page is read once and each
 * of its orders' attempts by key (a list page no longer reads its orders a second time by number).
 */
export function pageWithAttempts(db: Reader, page: SelectQueryBuilder<Database, 'orders', OrderRow>) {
  return joinAttempts(db.selectFrom(page.as('orders')) as unknown as SelectQueryBuilder<Database, 'orders', object>);
}

function joinAttempts(orders: SelectQueryBuilder<Database, 'orders', object>) {
  return orders
    .leftJoin('payment_attempts', (join) => join.onRef('payment_attempts.order_number', '=', 'orders.order_number').onRef('payment_attempts.number', '=', 'orders.attempt_number'))
    .leftJoin('payment_attempts as shown', (join) => join.onRef('shown.order_number', '=', 'orders.order_number').on((eb) => eb('shown.number', '=', shownAttemptNumber(eb as unknown as ExpressionBuilder<Database, 'orders'>))))
    .selectAll('orders')
    .select(['payment_attempts.status as attempt_status', 'payment_attempts.method as attempt_method', 'payment_attempts.updated_at as attempt_updated_at', 'payment_attempts.hosted_url as attempt_hosted_url', 'payment_attempts.cancel_flag_at as attempt_cancel_flag_at'])
    .select(attemptFactColumns.map((column) => `shown.${column} as ${column}` as const));
}

const attemptFactColumns = ['gateway_order_number', 'gateway_tpt', 'gateway_auth', 'gateway_code', 'status_message', 'card_brand', 'card_last4', 'charged_amount', 'charged_currency', 'charged_rate', 'bank_failure_code'] as const satisfies ReadonlyArray<keyof AttemptFacts>;

/** The order with its current attempt's status and method: both rows by their primary keys (exported for its plan test). */
export function orderWithAttemptQuery(db: Reader, orderNumber: string) {
  return selectOrdersWithAttempt(db).where('orders.order_number', '=', orderNumber);
}

export async function findOrder(db: Reader, orderNumber: string): Promise<OrderWithAttempt | undefined> {
  // Every status poll runs it.
  const { rows } = await executeCompiledOnce<OrderWithAttempt>(db as Db, 'findOrder', () => orderWithAttemptQuery(db, orderNumber), [orderNumber]);
  return rows[0];
}

const noFacts: AttemptFacts = Object.fromEntries(attemptFactColumns.map((column) => [column, null])) as unknown as AttemptFacts;

/** An order read some other way (a walk's page, a row locked in a transaction), with its current attempt and the facts of the one shown. */
export async function withCurrentAttempt(db: Reader, order: OrderRow): Promise<OrderWithAttempt> {
  const attempts = order.attempt_number > 0
    ? await db
        .selectFrom('payment_attempts')
        .select(['number', 'status', 'method', 'updated_at', 'hosted_url', 'cancel_flag_at', ...attemptFactColumns])
        .where('order_number', '=', order.order_number)
        .where((eb) => eb.or([eb('number', '=', order.attempt_number), eb('status', '=', 'approved')]))
        .orderBy('number')
        .execute()
    : [];
  const attempt = attempts.find((row) => row.number === order.attempt_number);
  const shown = attempts.filter((row) => row.status === 'approved').at(-1) ?? attempt;
  const current: CurrentAttempt = {
    attempt_status: attempt?.status ?? null,
    attempt_method: attempt?.method ?? null,
    attempt_updated_at: attempt?.updated_at ?? null,
    attempt_hosted_url: attempt?.hosted_url ?? null,
    attempt_cancel_flag_at: attempt?.cancel_flag_at ?? null,
  };
  const facts = shown ? (Object.fromEntries(attemptFactColumns.map((column) => [column, shown[column]])) as unknown as AttemptFacts) : noFacts;
  return { ...order, ...current, ...facts };
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
