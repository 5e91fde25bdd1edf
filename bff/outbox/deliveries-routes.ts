// /v1/merchant/webhook-deliveries: each event's delivery to each endpoint, where it stands and
// every attempt (status code, time), newest first; and a replay, which sends it again from the
// start of the schedule with the same webhook-id. Mounted in the merchant sub-app.
import { Hono } from 'hono';
import type { z } from 'zod';
import { problemTypes } from '../../contract/bff-api.ts';
import { webhookDeliveriesQuery, type MerchantEventType, type WebhookDelivery } from '../../contract/merchant-webhooks.ts';
import { ProblemException } from '../http/problem.ts';
import { parseOrThrow } from '../http/validation.ts';
import { beforePageCursor, encodePageCursor, readPageCursor, type PageCursor } from '../http/page-cursor.ts';
import { replayDelivery } from './deliveries.ts';
import { outboxDb, type AttemptRow, type DeliveryRow, type OutboxDb } from './outbox-tables.ts';
import { describeRoute } from '../http/openapi/route-doc.ts';
import { merchantWebhookDocs } from './outbox-openapi.ts';
import type { Services } from '../services.ts';

export function deliveryView(row: DeliveryRow, attempts: readonly AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.event_id,
    endpointId: row.endpoint_id,
    type: row.type as MerchantEventType,
    state: row.state,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
    attempts: attempts.map((attempt) => ({ statusCode: attempt.status_code, error: attempt.error, at: attempt.attempted_at, durationMs: attempt.duration_ms })),
  };
}

export async function attemptsOf(db: OutboxDb, deliveryIds: readonly string[]): Promise<Map<string, AttemptRow[]>> {
  const byDelivery = new Map<string, AttemptRow[]>(deliveryIds.map((id) => [id, []]));
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('id').execute();
  for (const row of rows) byDelivery.get(row.delivery_id)?.push(row);
  return byDelivery;
}

export type WebhookDeliveryRoutesDeps = Pick<Services, 'store' | 'clock' | 'merchantIdempotency' | 'wakeUps'>;

/** A replay wakes this instance's delivery worker. */
export function webhookDeliveryRoutes(services: WebhookDeliveryRoutesDeps) {
  const db = outboxDb(services.store);
  return new Hono()
    .get('/webhook-deliveries', describeRoute(merchantWebhookDocs.listWebhookDeliveries), async (c) => {
      const query = parseOrThrow(webhookDeliveriesQuery, c.req.query());
      const rows = await deliveriesPage(db, query, readPageCursor(query.cursor)).execute();
      const page = rows.slice(0, query.limit);
      const attempts = await attemptsOf(db, page.map((row) => row.id));
      const last = page.at(-1);
      c.header('Cache-Control', 'no-store');
      return c.json({
        items: page.map((row) => deliveryView(row, attempts.get(row.id) ?? [])),
        nextCursor: rows.length > query.limit && last ? encodePageCursor({ at: last.created_at, id: last.id }) : null,
      });
    })
    .post('/webhook-deliveries/:id/replay', describeRoute(merchantWebhookDocs.replayWebhookDelivery), services.merchantIdempotency.whenKeyed, async (c) => {
      const id = c.req.param('id');
      if (!(await replayDelivery(db, id, services.clock.now()))) {
        throw new ProblemException(404, { type: problemTypes.notFound, title: 'Not found', detail: 'No such webhook delivery.' });
      }
      services.wakeUps.deliveries();
      const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const attempts = await attemptsOf(db, [id]);
      return c.json(deliveryView(row, attempts.get(id) ?? []), 202);
    });
}

/** One page of deliveries newest first, a row past it telling whether more follow (exported so its plan can be checked: hot-query-plans.spec.ts). */
export function deliveriesPage(db: OutboxDb, query: z.infer<typeof webhookDeliveriesQuery>, cursor: PageCursor | undefined) {
  let select = db.selectFrom('webhook_deliveries').selectAll();
  if (query.state) select = select.where('state', '=', query.state);
  if (query.type) select = select.where('type', '=', query.type);
  if (query.endpoint) select = select.where('endpoint_id', '=', query.endpoint);
  if (cursor) select = select.where(beforePageCursor('created_at', 'id', cursor));
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit + 1);
}
