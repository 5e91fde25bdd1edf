// Reads of the merchant's event log: outbound events newest first, by type or by order, each with
// its deliveries. Every filter has its index (0060): (type, created_at, id), (order_number,
// created_at, id), (created_at, id); the keyset cursor is a row-value comparison so both engines
// seek to it (hot-query-plans.spec.ts checks the plans).
import { sql } from 'kysely';
import type { MerchantEventBody, WebhookEvent } from '../../contract/merchant-webhooks.ts';
import type { PageCursor } from '../http/page-cursor.ts';
import { attemptsOf, deliveryView } from './deliveries-routes.ts';
import type { DeliveryRow, OutboundEventRow, OutboxDb } from './outbox-tables.ts';

export interface WebhookEventFilters {
  type?: string | undefined;
  orderNumber?: string | undefined;
  limit: number;
}

/** One page of events and the row past it (exported so its plan can be checked). */
export function webhookEventsPage(db: OutboxDb, filters: WebhookEventFilters, cursor: PageCursor | undefined) {
  let select = db.selectFrom('outbound_events').selectAll();
  if (filters.type) select = select.where('type', '=', filters.type);
  if (filters.orderNumber) select = select.where('order_number', '=', filters.orderNumber);
  if (cursor) select = select.where(sql<boolean>`(created_at, id) < (${cursor.at}, ${cursor.id})`);
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filters.limit + 1);
}

/** The deliveries of these events, each with its attempts, by event id. */
async function deliveriesOf(db: OutboxDb, eventIds: readonly string[]): Promise<Map<string, WebhookEvent['deliveries']>> {
  const byEvent = new Map<string, WebhookEvent['deliveries']>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const rows: DeliveryRow[] = await db.selectFrom('webhook_deliveries').selectAll().where('event_id', 'in', eventIds).orderBy('created_at').orderBy('id').execute();
  const attempts = await attemptsOf(db, rows.map((row) => row.id));
  for (const row of rows) byEvent.get(row.event_id)?.push(deliveryView(row, attempts.get(row.id) ?? []));
  return byEvent;
}

/** The events as their deliveries carried them: the stored body, byte for byte the same fields. */
export async function webhookEventViews(db: OutboxDb, rows: readonly OutboundEventRow[]): Promise<WebhookEvent[]> {
  const deliveries = await deliveriesOf(db, rows.map((row) => row.id));
  return rows.map((row) => ({ id: row.id, ...(JSON.parse(row.body) as MerchantEventBody), deliveries: deliveries.get(row.id) ?? [] }));
}
