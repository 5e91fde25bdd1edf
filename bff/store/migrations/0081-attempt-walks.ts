// The order row stops carrying its current attempt's call state: since 0080 the attempt's own status
// says it, and every read has moved there. The reconciler's walks about a card call (a stale claim,
// an unknown outcome, a page handed out) go over the attempts in their status's time; the walk of
// sessions that lapsed before anything was sent goes over the orders by status and session end,
// looking at the current attempt by its key. The indexes on payment_state go first (SQLite cannot
// drop a column an index names), then the column.
import type { Kysely, Migration } from 'kysely';

export const attemptWalks: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('payment_attempts_status_walk').on('payment_attempts').columns(['status', 'method', 'updated_at', 'order_number']).execute();
    await db.schema.createIndex('orders_status_session_walk').on('orders').columns(['status', 'session_expires_at', 'order_number']).execute();
    for (const name of [
      'orders_payment_claimed',
      'orders_status_payment_updated',
      'orders_status_payment_session',
      'orders_claimed_walk',
      'orders_status_payment_updated_walk',
      'orders_status_payment_session_walk',
    ]) {
      await db.schema.dropIndex(name).execute();
    }
    await db.schema.alterTable('orders').dropColumn('payment_state').execute();
  },
};
