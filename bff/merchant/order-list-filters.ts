// The list filters that orders and link payments share (both tables have order_number, currency
// and created_at), as SQL conditions, so the two lists merged into GET /v1/merchant/orders filter
// and page alike.
import { sql, type RawBuilder } from 'kysely';
import type { OrderListQuery } from '../../contract/merchant-api.ts';

export interface ListCursor {
  createdAt: string;
  orderNumber: string;
}

export function sharedListFilters(query: OrderListQuery, cursor: ListCursor | undefined): RawBuilder<boolean>[] {
  const filters: RawBuilder<boolean>[] = [];
  if (query.currency) filters.push(sql<boolean>`currency in (${sql.join(query.currency)})`);
  if (query.orderNumber) {
    const prefix = query.orderNumber.endsWith('*') ? query.orderNumber.slice(0, -1) : undefined;
    // A prefix search, compared exactly (not LIKE: SQLite's ignores ASCII case, PostgreSQL's does
    // not, and wildcards would need escaping), so both engines find the same orders.
    filters.push(
      prefix !== undefined
        ? sql<boolean>`substr(order_number, 1, ${[...prefix].length}) = ${prefix}`
        : sql<boolean>`order_number = ${query.orderNumber}`,
    );
  }
  if (query.createdFrom) filters.push(sql<boolean>`created_at >= ${new Date(query.createdFrom).toISOString()}`);
  if (query.createdTo) filters.push(sql<boolean>`created_at < ${new Date(query.createdTo).toISOString()}`);
  // A row-value comparison (both columns are not null, so it is the same as `created_at < x or
  // (created_at = x and order_number < y)`): both engines seek the (created_at, order_number) index
  // to the cursor with it, where the OR made them walk every newer row to get there.
  if (cursor) filters.push(sql<boolean>`(created_at, order_number) < (${cursor.createdAt}, ${cursor.orderNumber})`);
  return filters;
}
