// The settings of merchant webhooks (outbound), spread into bff/config.ts's schema so they are
// parsed once at start with everything else.
import { z } from 'zod';
import { webhookSecretString } from '../../contract/merchant-webhooks.ts';
import { defaultRetrySchedule, parseRetrySchedule } from './retry-schedule.ts';
import { hasUserinfo, isAllowedHost, outboundPolicyOf } from './outbound-address.ts';

const positiveInt = z.coerce.number().int().positive();

export const merchantWebhookConfigShape = {
  /**
   * Whether an order that never had a payment attempt (a session that lapsed unused) sends
   * order.expired. Off: anyone may open catalog sessions, so their expiry must not make us sign
   * webhooks at a stranger's pace; the history keeps the expiry either way.
   */
  MERCHANT_WEBHOOK_UNATTEMPTED_EXPIRY: z.enum(['true', 'false', '1', '0']).default('0').transform((value) => value === 'true' || value === '1'),
  /** Where every merchant event goes (beside the endpoints added through the API). */
  MERCHANT_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Its Standard Webhooks secret, whsec_<base64>; required with MERCHANT_WEBHOOK_URL. */
  MERCHANT_WEBHOOK_SECRET: webhookSecretString.optional(),
  /** The delays between attempts (e.g. 5s,5m,30m,2h): after the last one fails, the delivery is dead. */
  MERCHANT_WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default(defaultRetrySchedule)
    .transform((text, ctx) => {
      try {
        return parseRetrySchedule(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** How long one POST may take before it counts as failed. */
  MERCHANT_WEBHOOK_TIMEOUT_MS: positiveInt.default(15_000),
  /** Deliveries in flight at once per process, and at most this many to any one endpoint. */
  MERCHANT_WEBHOOK_CONCURRENCY: positiveInt.default(16),
  MERCHANT_WEBHOOK_ENDPOINT_CONCURRENCY: positiveInt.default(4),
  /** A claim on a delivery; longer than the timeout, so a live sender never loses it mid-POST. */
  MERCHANT_WEBHOOK_LEASE_MS: positiveInt.default(60_000),
  /** How often the delivery worker looks for due deliveries when nothing wakes it. */
  MERCHANT_WEBHOOK_POLL_MS: positiveInt.default(1_000),
  /** Finished deliveries (delivered or dead) and their events are deleted once this old; 0 keeps them. */
  MERCHANT_WEBHOOK_RETENTION_MS: z.coerce.number().int().min(0).default(30 * 86_400_000),
  /** Hold the delivery worker back this long after start (the crash test uses it). */
  MERCHANT_WEBHOOK_WORKER_DELAY_MS: z.coerce.number().int().min(0).default(0),
};

export interface MerchantWebhookSettings {
  NODE_ENV: string;
  MERCHANT_WEBHOOK_URL?: string | undefined;
  MERCHANT_WEBHOOK_SECRET?: string | undefined;
  MERCHANT_WEBHOOK_TIMEOUT_MS: number;
  MERCHANT_WEBHOOK_LEASE_MS: number;
}

/** What the schema cannot say field by field; null when the settings hold together. */
export function merchantWebhookConfigProblem(config: MerchantWebhookSettings, httpsRequired: boolean, isAllowedUrl: (url: string, httpsRequired: boolean) => boolean): string | null {
  if (config.MERCHANT_WEBHOOK_URL && !config.MERCHANT_WEBHOOK_SECRET) return 'MERCHANT_WEBHOOK_SECRET: is required with MERCHANT_WEBHOOK_URL';
  if (config.MERCHANT_WEBHOOK_URL && !isAllowedUrl(config.MERCHANT_WEBHOOK_URL, httpsRequired)) {
    return 'MERCHANT_WEBHOOK_URL: must be https: (http: only on loopback outside production)';
  }
  if (config.MERCHANT_WEBHOOK_URL && hasUserinfo(new URL(config.MERCHANT_WEBHOOK_URL))) {
    return 'MERCHANT_WEBHOOK_URL: must not carry a user name or password (the webhook secret signs each delivery)';
  }
  // The address rule without DNS (the start stays synchronous); the worker resolves before each POST.
  if (config.MERCHANT_WEBHOOK_URL && !isAllowedHost(new URL(config.MERCHANT_WEBHOOK_URL).hostname, outboundPolicyOf(config))) {
    return 'MERCHANT_WEBHOOK_URL: must not be a private, link-local, metadata or (in production) loopback address';
  }
  if (config.MERCHANT_WEBHOOK_LEASE_MS <= config.MERCHANT_WEBHOOK_TIMEOUT_MS) return 'MERCHANT_WEBHOOK_LEASE_MS: must be longer than MERCHANT_WEBHOOK_TIMEOUT_MS';
  return null;
}
