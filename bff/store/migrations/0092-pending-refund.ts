// A refund the gateway scheduled rather than did or refused: its amount and the gateway's transaction
// id stay on the order until consult's records show it done. While it is there, no other refund is
// sent, so a merchant's retry under another Idempotency-Key cannot refund twice.
import { sql, type Kysely, type Migration } from 'kysely';

export const pendingRefund: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('pending_refund_amount', 'text').execute();
    await db.schema.alterTable('orders').addColumn('pending_refund_transaction', 'text').execute();
    // The reconciler asks for these on every pass: a partial index holds only them.
    await sql`create index orders_pending_refund on orders (order_number) where pending_refund_amount is not null`.execute(db);
  },
};
