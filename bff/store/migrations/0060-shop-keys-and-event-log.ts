// The shop's own keys on an order (metadata, clientReference), and what the merchant's event log
// needs: the order an outbound event is about, so `GET /v1/merchant/webhook-events?orderNumber=`
// and `GET /v1/merchant/orders?clientReference=` are index seeks (hot-query-plans.spec.ts).
import type { Kysely, Migration } from 'kysely';

export const shopKeysAndEventLog: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('metadata_json', 'text').execute();
    await db.schema.alterTable('orders').addColumn('client_reference', 'text').execute();
    await db.schema.createIndex('orders_client_reference').on('orders').columns(['client_reference', 'created_at', 'order_number']).execute();

    // Null for events about no order (a link, a bank payment nobody's order claimed).
    await db.schema.alterTable('outbound_events').addColumn('order_number', 'text').execute();
    await db.schema.createIndex('outbound_events_order').on('outbound_events').columns(['order_number', 'created_at', 'id']).execute();
    await db.schema.createIndex('outbound_events_type_created').on('outbound_events').columns(['type', 'created_at', 'id']).execute();
    await db.schema.createIndex('outbound_events_created_id').on('outbound_events').columns(['created_at', 'id']).execute();
  },
};
