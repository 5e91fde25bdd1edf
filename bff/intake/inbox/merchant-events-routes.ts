// GET /v1/merchant/events: what the webhooks delivered (bank and links) and where each event
// stands: received, processed, failed (retrying), dead (with its last error) or unreadable (a bank
// delivery our contract does not read, with why). Newest first, filtered by source, state, type
// and received time, paged by an opaque cursor. POST /v1/merchant/events/reprocess-unreadable reads
// the unreadable ones again (after an upgrade) without waiting for the worker's next start.
import { Hono } from 'hono';
import type { z } from 'zod';
import { eventsQuery } from '../../../contract/merchant-events.ts';
import { parseOrThrow } from '../../http/validation.ts';
import { beforePageCursor, encodePageCursor, readPageCursor, type PageCursor } from '../../http/page-cursor.ts';
import { webhookDb, type EventRow, type WebhookDb } from '../../store/webhook-tables.ts';
import { describeRoute } from '../../http/openapi/route-doc.ts';
import { webhookDocs } from '../webhooks/webhook-openapi.ts';
import { filterBound } from '../../lib/business-day.ts';
import type { Services } from '../../services.ts';
import { rereadUnreadableEvents } from './unreadable-events.ts';

/** A few fields of the payload that identify the event, never the whole body (cards, hashes, names). */
function summaryOf(row: EventRow): Record<string, unknown> {
  try {
    const payload = JSON.parse(row.payload) as Record<string, any>;
    if (row.source === 'bank') {
      return {
        paymentId: payload.payment?.payment_id,
        paymentStatus: payload.payment?.status,
        amount: payload.payment?.amount?.amount,
        currency: payload.payment?.amount?.currency,
        paymentMethod: payload.context?.payment_method_code,
        occurredAt: payload.event?.occurred_at,
      };
    }
    const report = payload.report ?? {};
    return { via: payload.via, svcLinkId: report.svcLinkId, svcOrderId: report.svcOrderId, orderNumber: report.orderNumber, code: report.code };
  } catch {
    return {};
  }
}

export function eventView(row: EventRow) {
  return {
    id: row.id,
    source: row.source,
    externalId: row.external_id,
    type: row.type,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    receivedAt: row.received_at,
    processedAt: row.processed_at,
    summary: summaryOf(row),
  };
}

export type MerchantEventsRoutesDeps = Pick<Services, 'store' | 'logger' | 'config' | 'merchantIdempotency' | 'wakeUps'>;

/** Mounted under /v1/merchant, behind the merchant secret. */
export function merchantEventsRoutes(services: MerchantEventsRoutesDeps) {
  const db = webhookDb(services.store);
  return new Hono()
    .get('/events', describeRoute(webhookDocs.listReceivedEvents), async (c) => {
      const query = parseOrThrow(eventsQuery, c.req.query());
      const rows = await eventsPage(db, query, readPageCursor(query.cursor), services.config.BUSINESS_TIME_ZONE).execute();
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return c.json({
        items: page.map(eventView),
        nextCursor: rows.length > query.limit && last ? encodePageCursor({ at: last.received_at, id: last.id }) : null,
      });
    })
    .post('/events/reprocess-unreadable', describeRoute(webhookDocs.reprocessUnreadableEvents), services.merchantIdempotency.whenKeyed, async (c) => {
      const reading = await rereadUnreadableEvents({ db, logger: services.logger });
      // Events were queued again: the worker looks now rather than at its next poll.
      if (reading.readable > 0) services.wakeUps.inbox('bank');
      return c.json(reading, 200);
    });
}

/** One page of events newest first, a row past it telling whether more follow (exported so its plan can be checked: hot-query-plans.spec.ts). */
export function eventsPage(db: WebhookDb, query: z.infer<typeof eventsQuery>, cursor: PageCursor | undefined, businessTimeZone = 'UTC') {
  let select = db.selectFrom('events').selectAll();
  if (query.source) select = select.where('source', '=', query.source);
  if (query.state) select = select.where('state', '=', query.state);
  if (query.type) select = select.where('type', '=', query.type);
  // Stored timestamps are toISOString() text: normalize the bounds the same way to compare as text.
  // A bare day is the business time zone's (merchant/business-day.ts).
  if (query.since) select = select.where('received_at', '>=', filterBound(query.since, 'from', businessTimeZone)!.toISOString());
  if (query.until) select = select.where('received_at', '<', filterBound(query.until, 'to', businessTimeZone)!.toISOString());
  if (cursor) select = select.where(beforePageCursor('received_at', 'id', cursor));
  return select.orderBy('received_at', 'desc').orderBy('id', 'desc').limit(query.limit + 1);
}
