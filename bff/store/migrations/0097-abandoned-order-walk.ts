// Retention's pick of unpaid abandoned orders (retention/retention-job.ts abandonedOrdersPick) walks
// the candidates of each status, `created` then `expired`, in (updated_at, order_number) order from
// where its last batch stopped. Without an index holding just them, PostgreSQL read the whole orders table once no
// deletable row was left (539 ms for an idle pass at 1M orders), and SQLite read every order of both
// statuses. Partial: paid and final orders, most of the table, are not in it.
import { sql, type Kysely, type Migration } from 'kysely';

export const abandonedOrderWalk: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('orders_abandoned_walk')
      .on('orders')
      .columns(['status', 'updated_at', 'order_number'])
      .where(sql<boolean>`status in ('created', 'expired')`)
      .execute();
  },
};
