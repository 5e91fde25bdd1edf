// The list filters that orders and link payments share (both tables have order_number, currency
// and created_at), as SQL conditions, so the two lists merged into GET /v1/merchant/orders filter
// and page alike.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { OrderListQuery } from '../../contract/merchant-api.ts';
import { isPostgres } from '../store/migrations/engine.ts';

export interface ListCursor {
  createdAt: string;
  orderNumber: string;
}

/**
 * The least string above every string that starts with `prefix`, in code point order (which is
 * UTF-8 byte order): the prefix with its last code point moved one up. undefined when no such
 * string exists (an empty prefix, or one of only U+10FFFF).
 */
export function prefixUpperBound(prefix: string): string | undefined {
  const points = [...prefix].map((point) => point.codePointAt(0)!);
  while (points.length > 0) {
    let last = points.pop()! + 1;
    if (last >= 0xd800 && last <= 0xdfff) last = 0xe000; // surrogates are no code points of a string
    if (last <= 0x10ffff) return String.fromCodePoint(...points, last);
  }
  return undefined;
}

/**
 * A prefix search as a byte-wise range, which an index seeks (migration 0093), plus the exact
 * comparison, so both engines find the same rows (not LIKE: SQLite's ignores ASCII case,
 * PostgreSQL's does not, and wildcards would need escaping).
 */
function startsWith(postgres: boolean, prefix: string): RawBuilder<boolean> {
  const exact = sql<boolean>`substr(order_number, 1, ${[...prefix].length}) = ${prefix}`;
  if (prefix === '') return sql<boolean>`true`;
  // PostgreSQL compares text in the database's collation unless told otherwise; SQLite's default is byte-wise.
  const column = postgres ? sql`(order_number collate "C")` : sql`order_number`;
  const upper = prefixUpperBound(prefix);
  const range = upper === undefined ? sql<boolean>`${column} >= ${prefix}` : sql<boolean>`${column} >= ${prefix} and ${column} < ${upper}`;
  return sql<boolean>`(${range} and ${exact})`;
}

export function sharedListFilters(db: Kysely<any>, query: OrderListQuery, cursor: ListCursor | undefined): RawBuilder<boolean>[] {
  const filters: RawBuilder<boolean>[] = [];
  if (query.currency) filters.push(sql<boolean>`currency in (${sql.join(query.currency)})`);
  if (query.orderNumber) {
    filters.push(
      query.orderNumber.endsWith('*') ? startsWith(isPostgres(db), query.orderNumber.slice(0, -1)) : sql<boolean>`order_number = ${query.orderNumber}`,
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
