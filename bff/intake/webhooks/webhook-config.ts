// The settings of the webhook intake (webhooks, inbox, bank registration), spread into bff/config.ts's
// schema so they are parsed once at start with everything else. Each has a default.
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const nonNegativeInt = z.coerce.number().int().min(0);
const positiveInt = z.coerce.number().int().positive();

export const webhookConfigShape = {
  /** Register our bank receiver with the bank at start (npm start sets it for the sandbox demo). */
  BANK_REGISTER_DESTINATION: flag.default(false),
  /**
   * Whether this instance runs the inbox worker. `false`: it receives and stores deliveries and
   * leaves their processing to `npm run start:worker` (bff/worker.ts) on the same database, so the
   * request loop only acknowledges (about twice the deliveries per second in the bench).
   */
  INBOX_WORKER: flag.default(true),
  /**
   * Bank-event loops of the inbox worker claiming side by side; default 4 on PostgreSQL (each batch
   * waits on its round trips: overlapped, the worker keeps up with a burst) and 1 on SQLite (one writer).
   */
  INBOX_BANK_LOOPS: positiveInt.optional(),
  /** Hold the inbox worker back this long after start (the crash test uses it). */
  INBOX_WORKER_DELAY_MS: nonNegativeInt.default(0),
  /** Failed attempts before an inbox event is dead. */
  INBOX_MAX_ATTEMPTS: positiveInt.default(8),
  /** Wait before the first retry; doubled per failure, capped at INBOX_RETRY_MAX_MS. */
  INBOX_RETRY_BASE_MS: positiveInt.default(1_000),
  INBOX_RETRY_MAX_MS: positiveInt.default(300_000),
  /** How long a worker's claim on an event lasts (a killed worker's claim lapses after it). */
  INBOX_LEASE_MS: positiveInt.default(60_000),
  /** How often the worker looks for due events when nothing wakes it. */
  INBOX_POLL_MS: positiveInt.default(1_000),
  /**
   * How long one gateway lookup of a link (getLinkPaymentById) answers every report of that link
   * in this process: unsigned reports for one link cost at most one lookup per interval.
   */
  LINK_LOOKUP_INTERVAL_MS: positiveInt.default(30_000),
  /**
   * Unsigned reports for payments the link's listing does not show (yet) that may wait as inbox
   * rows at once, per link; the rest are only counted on the link (links/link-report-admission.ts).
   */
  LINK_UNLISTED_REPORTS_PER_LINK: nonNegativeInt.default(20),
  /** The same, per sender address and hour (per instance). */
  LINK_UNLISTED_REPORTS_PER_ADDRESS_PER_HOUR: nonNegativeInt.default(60),
  /** Where GET /v1/links/return sends the buyer instead of showing its own page. */
  LINK_RESULT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The shop's name on the link result page (which links back to the first ALLOWED_ORIGINS origin); default: that site's host name. */
  MERCHANT_NAME: z.string().trim().min(1).max(100).optional(),
};
