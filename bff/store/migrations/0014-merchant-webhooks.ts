// Merchant webhooks (outbound): the outbox of events written with each change, the endpoints
// added through the merchant API, one delivery per event and endpoint (with its lease, as the
// inbox's events have), and every attempt of it.
import { sql, type Kysely, type Migration } from 'kysely';
import { autoIncrementIdColumn, autoIncrementIdType } from './engine.ts';

export const merchantWebhooks: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('outbound_events')
      // The `webhook-id` of every delivery of this event, to every endpoint, on every retry.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      // The body exactly as sent: the data is the state at the change, not at the delivery.
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // Set once a delivery row exists for each endpoint that wants it.
      .addColumn('dispatched_at', 'text')
      .execute();
    await db.schema
      .createIndex('outbound_events_undispatched')
      .on('outbound_events')
      .columns(['created_at'])
      .where(sql<boolean>`dispatched_at is null`)
      .execute();
    // Retention reads the oldest first.
    await db.schema.createIndex('outbound_events_created').on('outbound_events').columns(['created_at']).execute();

    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('url', 'text', (c) => c.notNull())
      // JSON array of types; '[]' means every type.
      .addColumn('event_types', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('previous_secret', 'text')
      .addColumn('previous_secret_until', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('endpoint_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      // Attempts since the delivery was created or last replayed: the index into the retry schedule.
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text')
      .addColumn('lease_owner', 'text')
      .addColumn('lease_expires_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('delivered_at', 'text')
      .addUniqueConstraint('webhook_deliveries_event_endpoint', ['event_id', 'endpoint_id'])
      .execute();
    // The literal states match deliveries.ts dueDelivery, so the planner can use it.
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['next_attempt_at'])
      .where(sql<boolean>`state in ('pending', 'retrying')`)
      .execute();
    await db.schema.createIndex('webhook_deliveries_created').on('webhook_deliveries').columns(['created_at']).execute();

    await db.schema
      .createTable('webhook_attempts')
      .addColumn('id', autoIncrementIdType(db), autoIncrementIdColumn(db))
      .addColumn('delivery_id', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('attempted_at', 'text', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').columns(['delivery_id']).execute();
  },
};
