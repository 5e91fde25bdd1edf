// The merchant lists of events, bank payments and webhook deliveries page newest first by
// (time, id) with a row-value cursor: an index on the pair lets a deep page start at its cursor
// (measured at 1M orders: a page in the middle of the list cost 4-39x the first, reading every newer
// row; bench/README.md "Data volume"). The single-column time indexes stay for the other filters.
import type { Kysely, Migration } from 'kysely';

export const listCursorIndexes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('events_received_id').on('events').columns(['received_at', 'id']).execute();
    await db.schema.createIndex('bank_payments_updated_id').on('bank_payments').columns(['updated_at', 'payment_id']).execute();
    await db.schema.createIndex('webhook_deliveries_created_id').on('webhook_deliveries').columns(['created_at', 'id']).execute();
  },
};
