// Types of the merchant webhook tables (migration 0014-merchant-webhooks), joined onto the BFF's
// Database so the shared schema file stays the core's.
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { DeliveryState } from '../../contract/merchant-webhooks.ts';
import type { Store } from '../store/database.ts';
import type { WebhookDatabase } from '../store/webhook-tables.ts';

export interface OutboundEventsTable {
  id: string;
  type: string;
  body: string;
  created_at: string;
  dispatched_at: string | null;
  /** The order the event is about (null: a link or an unattached bank payment). */
  order_number: string | null;
}

export interface WebhookEndpointsTable {
  id: string;
  url: string;
  event_types: string;
  description: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
  created_at: string;
  deleted_at: string | null;
  /** After this instant the endpoint receives nothing and is not listed (null: never). */
  expires_at: string | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  type: string;
  state: DeliveryState;
  attempts: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: string;
  status_code: number | null;
  error: string | null;
  attempted_at: string;
  duration_ms: number;
}

export interface OutboxTables {
  outbound_events: OutboundEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

export type OutboxDatabase = WebhookDatabase & OutboxTables;
export type OutboxDb = Kysely<OutboxDatabase>;
export type OutboxTrx = Transaction<OutboxDatabase>;
export type OutboundEventRow = Selectable<OutboundEventsTable>;
export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

/** The store's Kysely (or a transaction of it), typed with the outbox tables. */
export function outboxDb(store: Store): OutboxDb {
  return store.db as unknown as OutboxDb;
}

export function asOutbox(trx: Kysely<any>): Kysely<OutboxDatabase> {
  return trx as Kysely<OutboxDatabase>;
}
