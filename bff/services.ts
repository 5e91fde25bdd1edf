// Everything a route needs, built once per app from the config and the injected dependencies.
import { statusTokenLifetimeSeconds, TokenService } from './http/auth/tokens.ts';
import { httpsOnly } from './gateway/navigable-url.ts';
import type { Catalog } from '../contract/catalog.ts';
import type { Config } from './config.ts';
import type { GatewayClient } from './gateway/client.ts';
import type { RequestLimiter } from './http/rate-limit.ts';
import { perAddressLimiter } from './http/limits/shared-window-limiter.ts';
import type { Clock } from './lib/observability/clock.ts';
import type { Logger } from './lib/observability/logger.ts';
import type { AppMetrics } from './lib/observability/metrics.ts';
import type { HostResolver } from './outbox/outbound-guard.ts';
import { StatusRefresher } from './payments/orders/status-refresher.ts';
import { PaymentStarter } from './payments/payment-starter.ts';
import type { Store } from './store/database.ts';
import { WorkerWakeUps } from './lib/worker-wake-ups.ts';
import { BankClient } from './intake/banking/bank-client.ts';
import type { MiddlewareHandler } from 'hono';
import { requireIdempotencyKey } from './http/idempotency.ts';
import { FinalStatusViews } from './payments/orders/final-status-views.ts';
import { MerchantKeyUsage } from './merchant/merchant-key-usage.ts';
import { InboxWriter } from './intake/inbox/inbox-writer.ts';
import { linkReportGatewayOf, type LinkReportGateway } from './intake/links/link-report-gateway.ts';
import { webhookDb } from './store/webhook-tables.ts';

/** What createApp needs from outside; tests inject their own (a temp store, a moved clock, …). */
export interface AppDeps {
  store: Store;
  gateway: GatewayClient;
  clock: Clock;
  logger: Logger;
  metrics: AppMetrics;
  catalog: Catalog;
  /** The bank client's HTTP transport (default: global fetch); tests may call the sandbox in-process. */
  bankFetch?: typeof fetch;
  /** The DNS that merchant webhook hosts are checked with (default: the system's); tests answer it themselves. */
  resolveHost?: HostResolver;
}

import { exchangeRateSettingsOf, type ExchangeRateSettings } from './payments/exchange-rates/exchange-rate-config.ts';

export interface Services extends AppDeps {
  config: Config;
  tokens: TokenService;
  payments: PaymentStarter;
  statuses: StatusRefresher;
  /** Sessions and checkouts per address per minute: shared by all instances on PostgreSQL. */
  creationLimiter: RequestLimiter;
  allowedOrigins: readonly string[];
  /** Dollar prices in colones: the environment's default rate and how old a rate may be. */
  exchangeRates: ExchangeRateSettings;
  /** The bank's webhook API, when configured (BANK_BASE_URL and BANK_ACCESS_TOKEN). */
  bank: BankClient | undefined;
  /** The workers a request that stored work wakes (attached by background-jobs.ts). */
  wakeUps: WorkerWakeUps;
  /** A final order's status answer, kept a second per instance (status polls). */
  finalViews: FinalStatusViews;
  /** Idempotency-Key on merchant POSTs: `required` (order actions, link creation), or honoured `whenKeyed`. */
  merchantIdempotency: { required: MiddlewareHandler; whenKeyed: MiddlewareHandler };
  /** When each merchant key last opened a call (GET /v1/merchant/whoami). */
  merchantKeyUsage: MerchantKeyUsage;
  /** Stores received deliveries (one group commit for every receiver of the app) and wakes this instance's inbox worker. */
  inbox: InboxWriter;
  /** The gateway as link reports are confirmed with (counted calls, lookups shared per link): the receivers and the inbox worker share it. */
  linkReports: LinkReportGateway;
}

export function buildServices(config: Config, deps: AppDeps): Services {
  const { store, gateway, clock, logger } = deps;
  const wakeUps = new WorkerWakeUps();
  return {
    ...deps,
    config,
    tokens: new TokenService(config.SESSION_SIGNING_KEY, clock, config.SESSION_TTL_SECONDS, statusTokenLifetimeSeconds(config.SINPE_TRANSFER_MINUTES)),
    payments: new PaymentStarter({
      store,
      gateway,
      clock,
      logger,
      settings: { publicBffUrl: config.PUBLIC_BFF_URL, platform: config.GATEWAY_PLATFORM },
      maxAttempts: config.MAX_PAYMENT_ATTEMPTS,
      production: httpsOnly(config),
      hostedPageHosts: config.GATEWAY_HOSTED_PAGE_HOSTS,
      claimWaitMs: config.GATEWAY_TIMEOUT_MS + 5_000,
    }),
    statuses: new StatusRefresher({
      store,
      gateway,
      clock,
      logger,
      intervalMs: config.STATUS_CONSULT_INTERVAL_MS,
      staleClaimMs: config.GATEWAY_TIMEOUT_MS * 3,
      countConsult: (reason) => deps.metrics.gatewayConsults.inc({ reason }),
    }),
    creationLimiter: perAddressLimiter(store, 'creation', config.RATE_LIMIT_PER_MINUTE, 60_000, clock),
    allowedOrigins: config.ALLOWED_ORIGINS,
    exchangeRates: exchangeRateSettingsOf(config, clock.now()),
    bank:
      config.BANK_BASE_URL && config.BANK_ACCESS_TOKEN
        ? new BankClient({ baseUrl: config.BANK_BASE_URL, accessToken: config.BANK_ACCESS_TOKEN, timeoutMs: config.GATEWAY_TIMEOUT_MS, metrics: deps.metrics, ...(deps.bankFetch ? { fetch: deps.bankFetch } : {}) })
        : undefined,
    wakeUps,
    finalViews: new FinalStatusViews(clock),
    merchantIdempotency: {
      required: requireIdempotencyKey({ store, clock, scope: 'merchant' }),
      whenKeyed: requireIdempotencyKey({ store, clock, scope: 'merchant', required: false }),
    },
    merchantKeyUsage: new MerchantKeyUsage(clock, deps.metrics),
    inbox: new InboxWriter(webhookDb(store), () => wakeUps.inbox()),
    linkReports: linkReportGatewayOf({ gateway, clock, config, metrics: deps.metrics }),
  };
}
