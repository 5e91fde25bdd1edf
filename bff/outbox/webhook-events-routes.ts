// /v1/merchant/webhook-events: the merchant's own event log, each event exactly as its deliveries
// carried it ({type, timestamp, data}), found by the `webhook-id` the receiver got, with every
// delivery and attempt. Not /v1/merchant/events: that is the inbound log (what the bank and the
// gateway's links sent us). Declared with createRoute, so the route and its document are one
// (errors are the app's application/problem+json, thrown to its one onError).
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { problemTypes } from '../../contract/bff-api.ts';
import { webhookEvent, webhookEventIdParam, webhookEventPage, webhookEventsQuery } from '../../contract/merchant-webhooks.ts';
import { encodePageCursor, readPageCursor } from '../http/page-cursor.ts';
import { ProblemException } from '../http/problem.ts';
import { validationProblem } from '../http/validation.ts';
import type { OutboxDb } from './outbox-tables.ts';
import { webhookEventsPage, webhookEventViews } from './webhook-events.ts';

export const listWebhookEventsRoute = createRoute({
  method: 'get',
  path: '/webhook-events',
  operationId: 'listWebhookEvents',
  tags: ['merchant-webhooks'],
  summary: 'The merchant events sent (or to be sent), newest first',
  description: 'Every merchant event as its deliveries carry it (`type`, `timestamp`, `data`), with its `webhook-id` and each delivery’s attempts. Filter by type or by order. The inbound bank and link log is GET /v1/merchant/events.',
  security: [{ merchant: [] }],
  request: { query: webhookEventsQuery },
  responses: {
    200: { description: 'A page of events.', content: { 'application/json': { schema: webhookEventPage } } },
    400: { description: 'A bad filter or cursor.' },
    401: { description: 'Missing or wrong merchant secret.' },
  },
});

export const getWebhookEventRoute = createRoute({
  method: 'get',
  path: '/webhook-events/{id}',
  operationId: 'getWebhookEvent',
  tags: ['merchant-webhooks'],
  summary: 'One merchant event by the webhook-id its receiver got',
  description: 'The event exactly as delivered (`type`, `timestamp`, `data`) with every delivery to every endpoint and each attempt.',
  security: [{ merchant: [] }],
  request: { params: webhookEventIdParam },
  responses: {
    200: { description: 'The event.', content: { 'application/json': { schema: webhookEvent } } },
    401: { description: 'Missing or wrong merchant secret.' },
    404: { description: 'No event with this webhook-id.' },
  },
});

export function webhookEventRoutes(deps: { db: OutboxDb }) {
  const { db } = deps;
  const app = new OpenAPIHono({
    defaultHook: (result) => {
      if (!result.success) throw validationProblem(result.error.issues);
    },
  });
  return app
    .openapi(listWebhookEventsRoute, async (c) => {
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
    .openapi(getWebhookEventRoute, async (c) => {
      const row = await db.selectFrom('outbound_events').selectAll().where('id', '=', c.req.valid('param').id).executeTakeFirst();
      if (!row) throw new ProblemException(404, { type: problemTypes.notFound, title: 'Not found', detail: 'No merchant event with this webhook-id.' });
      c.header('Cache-Control', 'no-store');
      const [event] = await webhookEventViews(db, [row]);
      return c.json(event!, 200);
    });
}
