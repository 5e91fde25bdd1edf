// Orders with their status history, sessions, idempotency keys and received events.
import type { Kysely, Migration } from 'kysely';
import { autoIncrementIdColumn, autoIncrementIdType } from './engine.ts';

export const initial: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('orders')
      .addColumn('order_number', 'text', (c) => c.primaryKey())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('capture', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('lines_json', 'text', (c) => c.notNull())
      .addColumn('prefill_json', 'text', (c) => c.notNull())
      .addColumn('return_url', 'text', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('locale', 'text')
      .addColumn('merchant_reference', 'text')
      .addColumn('return_ref', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text')
      .addColumn('payment_state', 'text', (c) => c.notNull())
      .addColumn('payment_claim_id', 'text')
      .addColumn('payment_claimed_at', 'text')
      .addColumn('hosted_url', 'text')
      .addColumn('payment_error', 'text')
      .addColumn('gateway_tpt', 'text')
      .addColumn('gateway_auth', 'text')
      .addColumn('gateway_code', 'text')
      .addColumn('status_message', 'text')
      .addColumn('captured_amount', 'text', (c) => c.notNull())
      .addColumn('refunded_amount', 'text', (c) => c.notNull())
      .addColumn('session_expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_status_updated').on('orders').columns(['status', 'updated_at']).execute();

    await db.schema
      .createTable('order_status_history')
      .addColumn('id', autoIncrementIdType(db), autoIncrementIdColumn(db))
      .addColumn('order_number', 'text', (c) => c.notNull().references('orders.order_number'))
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('order_status_history_order')
      .on('order_status_history')
      .columns(['order_number', 'id'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('session_id', 'text', (c) => c.primaryKey())
      .addColumn('order_number', 'text', (c) => c.notNull().references('orders.order_number'))
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('idempotency')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('response_status', 'integer')
      .addColumn('response_body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_pk', ['scope', 'idempotency_key'])
      .execute();

    await db.schema
      .createTable('events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('external_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('next_attempt_at', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('processed_at', 'text')
      .addUniqueConstraint('events_source_external_id', ['source', 'external_id'])
      .execute();
    await db.schema.createIndex('events_state_next').on('events').columns(['state', 'next_attempt_at']).execute();
  },
};
