import { z } from 'zod';
import { bankEnvelope } from './envelope.ts';
import { bankEventType } from './event-types.ts';

export { bankEventType, bankEventTypes, isBankEventType, type BankEventType } from './event-types.ts';

/** The contract version every event carries today (banking-webhooks.md §2.3, §9). */
export const eventSchemaVersion = '1.0.0';

/** §2.3: all four fields required. */
export const eventContract = z.object({
  event_type: bankEventType,
  schema_version: z.string().min(1),
  description: z.string(),
  example: z.record(z.string(), z.unknown()),
});
export type EventContract = z.infer<typeof eventContract>;

/**
 * GET /webhook/event-contracts/{event_type}. Where the payload sits inside the envelope is
 * "not shown" (§4.4); it is read here as the envelope's own top-level fields.
 */
export const eventContractResponse = bankEnvelope.extend(eventContract.shape);
export type EventContractResponse = z.infer<typeof eventContractResponse>;

/** The path parameter: only the four public types; anything else is answered 404 NOT_FOUND. */
export const eventContractParams = z.object({ event_type: bankEventType });
