// Settings that keep intake and operations standing under abuse: trusted proxy hops, the limit
// on buyer endpoints that call upstream, the operators' endpoints, refused-delivery sampling and
// retention. Spread into bff/config.ts's schema like the webhook and reconciler ones; each has a
// default (README "Configuration").
import { z } from 'zod';

const nonNegativeInt = z.coerce.number().int().min(0);
const positiveInt = z.coerce.number().int().positive();
const day = 24 * 60 * 60 * 1000;

export const abuseConfigShape = {
  /**
   * With TRUST_PROXY: how many proxies of ours stand in front (nginx, a cloud balancer, or both).
   * The client is the X-Forwarded-For entry that many places from the right.
   */
  TRUSTED_PROXY_COUNT: positiveInt.default(1),
  /**
   * Per address per minute on the buyer endpoints that call the gateway (/v1/return,
   * /v1/links/return, /v1/webhooks/links). The gateway's own webhook senders count too: keep it
   * well above one merchant's link sales per minute.
   */
  UPSTREAM_RATE_LIMIT_PER_MINUTE: positiveInt.default(120),
  /**
   * Bearer token for /metrics on the API port (unset: /metrics is a 404 there). On OPS_PORT and the
   * worker's port it is asked for only when set.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A second listener, for operators only: /healthz, /readyz and /metrics. Unset: none. */
  OPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where OPS_PORT listens: loopback unless the scraper runs on another host. */
  OPS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** /readyz reuses its gateway check for this long, however often it is asked. */
  READYZ_GATEWAY_EVERY_MS: positiveInt.default(5_000),
  /** Refused webhook deliveries kept as samples, per instance per minute (all are counted in /metrics). */
  REJECTED_SAMPLES_PER_MINUTE: nonNegativeInt.default(20),
  /** How often the retention job runs; 0 turns it off. */
  RETENTION_INTERVAL_MS: nonNegativeInt.default(60 * 60 * 1000),
  /** Processed and dead inbox events older than this are deleted. */
  EVENT_RETENTION_MS: positiveInt.default(30 * day),
  /** Refused-delivery samples older than this are deleted. */
  REJECTED_RETENTION_MS: positiveInt.default(7 * day),
  /** Orders never paid (created or expired with no payment) older than this are deleted. */
  ABANDONED_ORDER_RETENTION_MS: positiveInt.default(90 * day),
  /**
   * Rows deleted per statement by the retention job; for abandoned orders, the orders of one
   * transaction with their history, attempts and sessions (a few ms on either engine at 1M orders).
   */
  RETENTION_BATCH_SIZE: positiveInt.default(50),
};
