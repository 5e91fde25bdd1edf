// The tables of the shared limits (migration 0040), seen through their own typed view so the core
// schema file stays the BFF core's.
import type { Kysely } from 'kysely';
import type { Store } from '../../store/database.ts';

export interface RateLimitWindowsTable {
  /** Which limit and its size: 'creation/30' (sessions and checkout), 'upstream/…' (return and link reports). */
  scope: string;
  client_key: string;
  hits: number;
  ends_at: string;
}

/** Only the orders column these limits own. */
export interface ConsultSlotColumns {
  order_number: string;
  /** ISO time before which no instance starts an interval-limited consult of this order. */
  consult_not_before: string | null;
}

export interface LimitTables {
  rate_limit_windows: RateLimitWindowsTable;
  orders: ConsultSlotColumns;
}

export function limitDb(store: Store): Kysely<LimitTables> {
  return store.db as unknown as Kysely<LimitTables>;
}
