// GET /v1/merchant/events (ARCHITECTURE.md HTTP surface): what the webhooks delivered (bank and
// links) and where each event stands in the inbox, and the receivers' acknowledgement. The route
// validates with these schemas and /v1/openapi.json documents them.
import { z } from 'zod';

/**
 * Where an inbox event stands (ARCHITECTURE.md: received, processed, failed, dead). `unreadable`:
 * a bank delivery that decrypted but does not read against the event contract; kept as sent, with
 * why in lastError, and read again when the worker starts or the merchant asks.
 */
export const eventStates = ['received', 'processed', 'failed', 'dead', 'unreadable'] as const;
export type EventState = (typeof eventStates)[number];
export const eventSources = ['bank', 'links'] as const;
export type EventSource = (typeof eventSources)[number];

const isoInstant = z.iso.datetime({ offset: true, message: 'expected an ISO 8601 date-time, e.g. 2026-11-21T14:05:09Z' });

export const eventsQuery = z.strictObject({
  source: z.enum(eventSources).optional(),
  state: z.enum(eventStates).optional(),
  type: z.string().min(1).max(100).optional(),
  /** Received at or after: an ISO 8601 date-time, or a bare day (its midnight in BUSINESS_TIME_ZONE). */
  since: isoInstant.or(z.iso.date()).optional(),
  /** Received before: an ISO 8601 date-time, or through a bare day (in BUSINESS_TIME_ZONE). */
  until: isoInstant.or(z.iso.date()).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

/** The page GET /v1/merchant/events answers (documented in /v1/openapi.json). */
export const merchantEventsResponse = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      source: z.enum(eventSources),
      externalId: z.string().describe('The sender’s id: the bank event_id, or svcLinkId:svcOrderId for a link.'),
      type: z.string(),
      state: z.enum(eventStates),
      attempts: z.number().int().describe('Failed processing attempts so far.'),
      lastError: z.string().nullable().describe('Why the last attempt failed; for an unreadable event, which fields did not read against the event contract.'),
      nextAttemptAt: z.string().nullable(),
      receivedAt: z.string(),
      processedAt: z.string().nullable(),
      summary: z.record(z.string(), z.unknown()).describe('A few identifying fields of the payload (never cards, hashes or names).'),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type MerchantEventsResponse = z.infer<typeof merchantEventsResponse>;

/** What POST /v1/merchant/events/reprocess-unreadable answers: how the stored unreadable events read now. */
export const reprocessUnreadableResponse = z.object({
  readable: z.number().int().describe('Events that read now: back in the queue, processed like any delivery.'),
  stillUnreadable: z.number().int().describe('Events that still do not read; kept as they are.'),
});
export type ReprocessUnreadableResponse = z.infer<typeof reprocessUnreadableResponse>;

/** What POST /v1/webhooks/banking and /v1/webhooks/links answer once the event is stored. */
export const webhookAcknowledged = z.object({ received: z.literal(true) });
