// /v1/merchant/webhook-events: the merchant's own event log, each event exactly as its deliveries
// carried it ({type, timestamp, data}), found by the `webhook-id` the receiver got, with every
// delivery and attempt. Not /v1/merchant/events: that is the inbound log (what the bank and the
// gateway's links sent us).
import { Hono } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { webhookEventIdParam, webhookEventsQuery } from '../../contract/merchant-webhooks.ts';
import { encodePageCursor, readPageCursor } from '../http/page-cursor.ts';
import { ProblemException } from '../http/problem.ts';
import { validate } from '../http/validation.ts';
import { describeRoute } from '../http/openapi/route-doc.ts';
import { merchantWebhookDocs } from './outbox-openapi.ts';
import { outboxDb } from './outbox-tables.ts';
import type { Services } from '../services.ts';
import { webhookEventsPage, webhookEventViews } from './webhook-events.ts';

export type WebhookEventRoutesDeps = Pick<Services, 'store'>;

export function webhookEventRoutes(services: WebhookEventRoutesDeps) {
  const db = outboxDb(services.store);
  return new Hono()
    .get('/webhook-events', describeRoute(merchantWebhookDocs.listWebhookEvents), validate('query', webhookEventsQuery), async (c) => {
      const query = c.req.valid('query');
      const cursor = readPageCursor(query.cursor);
      const rows = await webhookEventsPage(db, query, cursor).execute();
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          items: await webhookEventViews(db, page),
          nextCursor: rows.length > query.limit && last ? encodePageCursor({ at: last.created_at, id: last.id }) : null,
        },
        200,
      );
    })
    .get('/webhook-events/:id', describeRoute(merchantWebhookDocs.getWebhookEvent), validate('param', webhookEventIdParam), async (c) => {
      const row = await db.selectFrom('outbound_events').selectAll().where('id', '=', c.req.valid('param').id).executeTakeFirst();
      if (!row) throw new ProblemException(404, { type: problemTypes.notFound, title: 'Not found', detail: 'No merchant event with this webhook-id.' });
      c.header('Cache-Control', 'no-store');
      const [event] = await webhookEventViews(db, [row]);
      return c.json(event!, 200);
    });
}
