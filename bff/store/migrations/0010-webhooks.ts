// The webhook intake: the inbox lease on `events` (so a crashed worker's claim lapses and another takes it),
// rejected bank deliveries, bank payments and payment-link payments.
import type { Kysely, Migration } from 'kysely';
import { autoIncrementIdColumn, autoIncrementIdType } from './engine.ts';

export const webhooks: Migration = {
  async up(db: Kysely<any>) {
    // Who holds the event now and until when. A claim is a conditional UPDATE on these columns:
    // portable to SQLite and PostgreSQL, and only one worker of one process can win it.
    await db.schema.alterTable('events').addColumn('lease_owner', 'text').execute();
    await db.schema.alterTable('events').addColumn('lease_expires_at', 'text').execute();
    await db.schema.createIndex('events_received_at').on('events').columns(['received_at']).execute();

    await db.schema
      .createTable('rejected_deliveries')
      .addColumn('id', autoIncrementIdType(db), autoIncrementIdColumn(db))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      // SHA-256 of the raw body: tells repeats apart without keeping the body.
      .addColumn('body_sha256', 'text', (c) => c.notNull())
      .addColumn('body_bytes', 'integer', (c) => c.notNull())
      // Field paths only (never values) when an event failed its schema; null otherwise.
      .addColumn('detail', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rejected_deliveries_received').on('rejected_deliveries').columns(['received_at']).execute();

    await db.schema
      .createTable('bank_payments')
      .addColumn('payment_id', 'text', (c) => c.primaryKey())
      .addColumn('public_id', 'text', (c) => c.notNull())
      .addColumn('payment_method_code', 'text', (c) => c.notNull())
      .addColumn('direction', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('amount', 'text')
      .addColumn('currency', 'text')
      .addColumn('fee_total', 'text')
      .addColumn('tax_total', 'text')
      .addColumn('net_amount', 'text')
      .addColumn('net_amount_check', 'text')
      .addColumn('expected_net_amount', 'text')
      .addColumn('client_reference', 'text')
      .addColumn('external_reference', 'text')
      .addColumn('posted_at', 'text')
      .addColumn('succeeded_at', 'text')
      .addColumn('failed_at', 'text')
      .addColumn('failure_domain', 'text')
      .addColumn('failure_code', 'text')
      .addColumn('failure_reason_code', 'text')
      .addColumn('shopper_message', 'text')
      .addColumn('has_reversal', 'integer', (c) => c.notNull())
      .addColumn('reversed_at', 'text')
      .addColumn('reversal_reason', 'text')
      .addColumn('last_event_id', 'text', (c) => c.notNull())
      .addColumn('last_event_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('link_payments')
      .addColumn('svc_order_id', 'text', (c) => c.primaryKey())
      .addColumn('link_id', 'text', (c) => c.notNull())
      .addColumn('order_number', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('hash_check', 'text', (c) => c.notNull())
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('gateway_code', 'text', (c) => c.notNull())
      .addColumn('auth', 'text')
      .addColumn('card_brand', 'text')
      .addColumn('card_last4', 'text')
      .addColumn('confirmed_by', 'text', (c) => c.notNull())
      .addColumn('first_source', 'text', (c) => c.notNull())
      .addColumn('webhook_seen_at', 'text')
      .addColumn('callback_seen_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('link_payments_link').on('link_payments').columns(['link_id']).execute();
  },
};
