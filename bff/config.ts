// Every setting of ARCHITECTURE.md "Configuration", parsed once at start. A bad value throws a
// ConfigError whose message names the variable, so `npm start` can stop with something actionable.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { abuseConfigShape } from './http/abuse/abuse-config.ts';
import { merchantSecretProblem } from './http/auth/development-secret.ts';
import { reconcilerConfigShape } from './reconciler/reconciler-config.ts';
import { sinpeConfigShape } from './sinpe/sinpe-config.ts';
import { exchangeRateConfigProblem, exchangeRateConfigShape } from './payments/exchange-rates/exchange-rate-config.ts';
import { postgresConfigShape } from './store/postgres-config.ts';
import { webhookConfigShape } from './intake/webhooks/webhook-config.ts';
import { merchantWebhookConfigProblem, merchantWebhookConfigShape } from './outbox/outbox-config.ts';
import { httpsOnly, isNavigableUrl } from './gateway/navigable-url.ts';
import { isKnownTimeZone } from './lib/business-day.ts';
import { envFlag } from './lib/env-flag.ts';
import { brandPattern, specBrand } from '../contract/gateway/brand.ts';

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const httpUrl = z
  .url({ protocol: /^https?$/ })
  .transform((url) => url.replace(/\/+$/, ''));

const origin = z.string().transform((value, ctx) => {
  try {
    const parsed = new URL(value.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
    return parsed.origin;
  } catch {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not an http(s) origin` });
    return z.NEVER;
  }
});

const commaList = (item: z.ZodType<string, string>) =>
  z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(item));

const positiveInt = z.coerce.number().int().positive();
const port = z.coerce.number().int().min(0).max(65535);

const nonEmpty = z.string().trim().min(1);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  GATEWAY_BASE_URL: httpUrl,
  GATEWAY_API_USER: nonEmpty,
  GATEWAY_API_PASSWORD: nonEmpty,
  GATEWAY_API_KEY: nonEmpty,
  BANK_BASE_URL: httpUrl.optional(),
  BANK_ACCESS_TOKEN: nonEmpty.optional(),
  /** May list a current and a previous secret, comma-separated. */
  BANK_SECRET_REF: nonEmpty.optional(),
  /**
   * The merchant's bearer secret; `current,previous` while rotating (both open the merchant API, so
   * the shop's servers can switch one by one before the previous one is dropped).
   */
  MERCHANT_SECRET: commaList(z.string().min(16, 'each secret must be at least 16 characters')).pipe(
    z.array(z.string()).min(1, 'must name at least one secret').max(2, 'at most two secrets: current,previous'),
  ),
  /** A read-only merchant key for dashboards: GETs of /v1/merchant/* only, a write is 403. */
  MERCHANT_READ_SECRET: commaList(z.string().min(16, 'each secret must be at least 16 characters'))
    .pipe(z.array(z.string()).max(2, 'at most two secrets: current,previous'))
    .default([]),
  /** The IANA time zone a bare day (`2026-11-26`) in a merchant date filter is read in. */
  BUSINESS_TIME_ZONE: nonEmpty.default('America/Costa_Rica').refine(isKnownTimeZone, 'must be an IANA time zone name, e.g. America/Costa_Rica'),
  SESSION_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_BFF_URL: httpUrl.optional(),
  ALLOWED_ORIGINS: commaList(origin).default([]),
  /**
   * Origins of back offices that call /v1/merchant/* from the browser. Apart from ALLOWED_ORIGINS:
   * a storefront embeds the widget and may run a stranger's script, so it gets no merchant CORS.
   */
  BACKOFFICE_ORIGINS: commaList(origin).default([]),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres(ql)?:\/\/)/, 'must start with file: or postgres://')
    .default('file:./data/svc-checkout.sqlite'),
  CATALOG_FILE: nonEmpty.optional(),
  BFF_PORT: port.default(8787),
  // Extra knobs (not in ARCHITECTURE.md's table; each has a default).
  /**
   * The address to listen on. Loopback by default; behind a load balancer on another host or in a
   * container, 0.0.0.0 (and then set PUBLIC_BFF_URL to the balancer's URL).
   */
  BFF_HOST: nonEmpty.default('127.0.0.1'),
  /**
   * `off`: /docs and /v1/openapi.json answer 404 (a production BFF that does not publish its API
   * reference); `on` (default) serves both.
   */
  API_DOCS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /** On SIGTERM, how long requests in flight may run before their connections are cut (ms). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(15_000),
  /** At most one gateway consult per order per this many ms, however many pollers ask. */
  STATUS_CONSULT_INTERVAL_MS: positiveInt.default(2000),
  /** Session and checkout creations allowed per client IP per minute. */
  RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
  /** Largest accepted request body, in bytes. */
  BODY_LIMIT_BYTES: positiveInt.default(64 * 1024),
  /**
   * Timeout of processPayment, in ms. Real clients of the service wait 15 to 300 s
   * (gateway-facts.md "Observed in public integrations", "Timeouts", firm): a slow hosted page
   * cut off early becomes a payment of unknown fate for the buyer.
   */
  GATEWAY_TIMEOUT_MS: positiveInt.default(30_000),
  /**
   * Timeout of a gateway read or login, in ms: a read is retried, so it may stay shorter. Default
   * 10000, or GATEWAY_TIMEOUT_MS when that is shorter.
   */
  GATEWAY_READ_TIMEOUT_MS: positiveInt.optional(),
  /**
   * The gateway's brand as its fields spell it (`id_<brand>`, `<brand>-transaction`,
   * `<brand>LinkId`, `<brand>OrderId`): `svc` as gateway-api.md writes it, `tilopay` for the real
   * service (contract/gateway/brand.ts).
   */
  GATEWAY_BRAND: z.string().trim().regex(brandPattern, 'must be a lowercase word such as svc or tilopay').default(specBrand),
  /**
   * Hosts whose hosted-page URLs a buyer is sent to (comma list). Default: the host of
   * GATEWAY_BASE_URL. A processPayment answer naming another host is refused.
   */
  GATEWAY_HOSTED_PAGE_HOSTS: commaList(z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, 'each entry must be a host name, e.g. app.tilopay.com')).optional(),
  /** Session JWT lifetime in seconds (at most 15 minutes). */
  SESSION_TTL_SECONDS: positiveInt.max(900).default(900),
  /**
   * How long a buyer may keep one session alive by renewing it (POST /v1/session/renew), counted
   * from its first issue, in minutes: at least the session's own 15, at most a day.
   */
  SESSION_MAX_MINUTES: positiveInt.min(15).max(1440).default(120),
  /** Name of the platform sent to the gateway in processPayment. */
  GATEWAY_PLATFORM: nonEmpty.default('svc-checkout'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-For for the client IP (only behind a proxy you run). */
  TRUST_PROXY: envFlag(),
  // Webhooks, inbox worker and bank registration.
  ...webhookConfigShape,
  // Merchant webhooks (outbound).
  ...merchantWebhookConfigShape,
  // PostgreSQL pool.
  ...postgresConfigShape,
  // Reconciler of stale open orders.
  ...reconcilerConfigShape,
  ...abuseConfigShape,
  ...sinpeConfigShape,
  ...exchangeRateConfigShape,
});

/** The settings, frozen: built once the port is bound, never changed after (nothing reads them late). */
export type Config = Readonly<
  Omit<z.output<typeof schema>, 'SESSION_SIGNING_KEY' | 'PUBLIC_BFF_URL' | 'ALLOWED_ORIGINS' | 'BACKOFFICE_ORIGINS' | 'MERCHANT_SECRET' | 'MERCHANT_READ_SECRET' | 'GATEWAY_HOSTED_PAGE_HOSTS' | 'GATEWAY_READ_TIMEOUT_MS'> & {
    GATEWAY_READ_TIMEOUT_MS: number;
    /** Lowercase host names (with a port when given); the host of GATEWAY_BASE_URL when unset. */
    GATEWAY_HOSTED_PAGE_HOSTS: readonly string[];
    /** The accepted merchant secrets: the current one first, then the previous one while rotating. */
    MERCHANT_SECRET: readonly string[];
    MERCHANT_READ_SECRET: readonly string[];
    SESSION_SIGNING_KEY: string;
    PUBLIC_BFF_URL: string;
    ALLOWED_ORIGINS: readonly string[];
    BACKOFFICE_ORIGINS: readonly string[];
    /** Set when SESSION_SIGNING_KEY was generated for this process (a warning is worth logging). */
    signingKeyGenerated: boolean;
  }
>;

export interface LoadConfigOptions {
  /**
   * The port the process is already listening on (BFF_PORT=0 picks a free one): the default
   * PUBLIC_BFF_URL, and the gateway's `redirect` built from it, point there.
   */
  boundPort?: number;
}

/** Empty strings mean "unset": shells and .env files often leave `VAR=` behind. */
function withoutEmpty(env: Env): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

function configError(issues: readonly z.core.$ZodIssue[], given: Record<string, string>): ConfigError {
  const lines = issues.map((issue) => {
    const variable = String(issue.path[0] ?? 'environment');
    const got = issue.code === 'invalid_type' && given[variable] === undefined ? 'is required' : issue.message;
    return `${variable}: ${got}`;
  });
  return new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
}

const listenAddress = schema.pick({ BFF_HOST: true, BFF_PORT: true });

/** BFF_HOST and BFF_PORT alone: what a process binds before it builds its config. */
export function loadListenAddress(env: Env): { BFF_HOST: string; BFF_PORT: number } {
  const cleaned = withoutEmpty(env);
  const parsed = listenAddress.safeParse(cleaned);
  if (!parsed.success) throw configError(parsed.error.issues, cleaned);
  return parsed.data;
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Env, options: LoadConfigOptions = {}): Config {
  const cleaned = withoutEmpty(env);
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) throw configError(parsed.error.issues, cleaned);
  const config = parsed.data;
  const secretProblem = merchantSecretProblem(config);
  if (secretProblem) throw new ConfigError(`Invalid configuration:\n  ${secretProblem}`);
  const webhookProblem = merchantWebhookConfigProblem(config, httpsOnly(config), isNavigableUrl);
  if (webhookProblem) throw new ConfigError(`Invalid configuration:\n  ${webhookProblem}`);
  const rateProblem = exchangeRateConfigProblem(config);
  if (rateProblem) throw new ConfigError(`Invalid configuration:\n  ${rateProblem}`);
  if (config.NODE_ENV === 'production' && !config.SESSION_SIGNING_KEY) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SIGNING_KEY: is required when NODE_ENV=production');
  }
  return Object.freeze({
    ...config,
    ALLOWED_ORIGINS: Object.freeze([...config.ALLOWED_ORIGINS]),
    BACKOFFICE_ORIGINS: Object.freeze([...config.BACKOFFICE_ORIGINS]),
    MERCHANT_SECRET: Object.freeze([...config.MERCHANT_SECRET]),
    MERCHANT_READ_SECRET: Object.freeze([...config.MERCHANT_READ_SECRET]),
    GATEWAY_READ_TIMEOUT_MS: config.GATEWAY_READ_TIMEOUT_MS ?? Math.min(10_000, config.GATEWAY_TIMEOUT_MS),
    GATEWAY_HOSTED_PAGE_HOSTS: Object.freeze((config.GATEWAY_HOSTED_PAGE_HOSTS ?? [new URL(config.GATEWAY_BASE_URL).host]).map((host) => host.toLowerCase())),
    SESSION_SIGNING_KEY: config.SESSION_SIGNING_KEY ?? randomBytes(32).toString('base64url'),
    signingKeyGenerated: !config.SESSION_SIGNING_KEY,
    PUBLIC_BFF_URL: config.PUBLIC_BFF_URL ?? `http://127.0.0.1:${options.boundPort ?? config.BFF_PORT}`,
  });
}
