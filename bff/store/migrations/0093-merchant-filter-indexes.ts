// The merchant list's e-mail and order-number-prefix filters (order-queries.ts, order-list-filters.ts)
// read every order without these: at 1M orders 0.5-0.7 s for an e-mail, 0.1-0.6 s for a prefix.
// - lower(email), then the list's order: the e-mail filter compares lower(email), so an index on
//   that expression serves it on both engines, and its newest page comes off the index in order.
// - A prefix is asked as a byte-wise range (order_number >= prefix and < the next prefix). SQLite's
//   primary key already compares byte-wise (BINARY); PostgreSQL's compares in the database's
//   collation, where a prefix's strings need not sit together, so the range is written with
//   COLLATE "C" and needs an index in that collation (orders and the link payments of the same list).
// test/bff/hot-query-plans.spec.ts checks both plans.
import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from './engine.ts';

export const merchantFilterIndexes: Migration = {
  async up(db: Kysely<any>) {
    await sql`create index orders_email_lower on orders (lower(email), created_at, order_number)`.execute(db);
    if (isPostgres(db)) {
      await sql`create index orders_order_number_bytes on orders ((order_number collate "C"))`.execute(db);
      await sql`create index link_payments_order_number_bytes on link_payments ((order_number collate "C"))`.execute(db);
    }
  },
};
