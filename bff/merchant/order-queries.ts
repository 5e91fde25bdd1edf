// Reads for the merchant's orders list: filters, newest first, keyset pagination (a cursor that
// stays right while new orders arrive), and the history of a page's orders in one query.
import { sql, type Kysely } from 'kysely';
import type { Database, OrderRow, OrderWithAttempt, StatusHistoryRow } from '../store/schema.ts';
import { pageWithAttempts } from '../store/orders.ts';
import type { OrderListQuery } from '../../contract/merchant-api.ts';
import { abandonedCreatedOrder } from '../retention/abandoned-orders.ts';
import { sharedListFilters, type ListCursor } from './order-list-filters.ts';

type Db = Kysely<Database>;

type Cursor = ListCursor;

export function encodeCursor(order: Pick<OrderRow, 'created_at' | 'order_number'>): string {
  return Buffer.from(JSON.stringify([order.created_at, order.order_number])).toString('base64url');
}

/** undefined for a cursor we did not make (the caller answers 400). */
export function decodeCursor(text: string): Cursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      return { createdAt: value[0], orderNumber: value[1] };
    }
  } catch {
    // fall through
  }
  return undefined;
}

/** One page of orders matching the filters, and whether more follow. */
export async function listOrders(db: Db, query: OrderListQuery, cursor: Cursor | undefined, now: Date): Promise<{ orders: OrderWithAttempt[]; more: boolean }> {
  const rows = await ordersPage(db, query, cursor, now).execute();
  return { orders: rows.slice(0, query.limit), more: rows.length > query.limit };
}

/**
 * The query of one page, a row past it telling whether more follow, with each order's attempts
 * joined by key (exported so its plan can be checked: hot-query-plans.spec.ts).
 */
export function ordersPage(db: Db, query: OrderListQuery, cursor: Cursor | undefined, now: Date) {
  return pageWithAttempts(db, pickedOrders(db, query, cursor, now)).orderBy('orders.created_at', 'desc').orderBy('orders.order_number', 'desc');
}

function pickedOrders(db: Db, query: OrderListQuery, cursor: Cursor | undefined, now: Date) {
  let select = db.selectFrom('orders').selectAll();
  if (query.status) select = select.where('status', 'in', query.status);
  else if (query.includeAbandoned !== 'true') select = select.where((eb) => eb.not(abandonedCreatedOrder(now)(eb)));
  if (query.source) select = select.where('source', '=', query.source);
  if (query.clientReference) select = select.where('client_reference', '=', query.clientReference);
  // lower(email) spelled as migration 0093 indexes it.
  if (query.email) select = select.where(sql<boolean>`lower(email) = ${query.email.toLowerCase()}`);
  for (const filter of sharedListFilters(db, query, cursor)) select = select.where(filter);
  return select.orderBy('created_at', 'desc').orderBy('order_number', 'desc').limit(query.limit + 1);
}

/** The histories of several orders, grouped by order number, oldest entry first. */
export async function historiesOf(db: Db, orderNumbers: readonly string[]): Promise<Map<string, StatusHistoryRow[]>> {
  const byOrder = new Map<string, StatusHistoryRow[]>(orderNumbers.map((number) => [number, []]));
  if (orderNumbers.length === 0) return byOrder;
  const rows = await db.selectFrom('order_status_history').selectAll().where('order_number', 'in', orderNumbers).orderBy('id').execute();
  for (const row of rows) byOrder.get(row.order_number)?.push(row);
  return byOrder;
}
