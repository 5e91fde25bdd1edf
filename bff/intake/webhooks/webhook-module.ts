// The webhook intake wired together: receivers, link return, merchant banking and events routes and
// the demo destination registration, built once per app from the BFF's services. The workers that
// process what the routes store are built beside the app (background-jobs.ts), which attaches them
// here so that a stored delivery wakes them.
import { Hono, type Context } from 'hono';
import { BankClient } from '../banking/bank-client.ts';
import { registerOwnDestinationWithRetry } from '../banking/demo-destination.ts';
import { receiverUrl, type DestinationDefaults } from '../banking/destination-request.ts';
import { isLoopbackUrl } from '../../../contract/https-url.ts';
import { merchantBankingRoutes } from '../banking/merchant-banking-routes.ts';
import { createEventHandlers } from '../inbox/event-handlers.ts';
import { merchantEventsRoutes } from '../inbox/merchant-events-routes.ts';
import { webhookDb } from '../../store/webhook-tables.ts';
import { InboxWorker } from '../inbox/worker.ts';
import { InboxWriter } from '../inbox/inbox-writer.ts';
import { rereadUnreadableEvents } from '../inbox/unreadable-events.ts';
import { linkReturnRoutes } from '../links/link-return-routes.ts';
import { linkReportGatewayOf } from '../links/link-report-gateway.ts';
import { LinkReportAdmissions } from '../links/link-report-admission.ts';
import { clientAddressKey } from '../../http/client-ip.ts';
import type { MerchantExtensions } from '../../merchant/merchant-routes.ts';
import type { Services } from '../../services.ts';
import { upstreamRateLimit } from '../../http/upstream-limit.ts';
import { FixedWindowLimiter } from '../../http/rate-limit.ts';
import { secretRefsOf } from './bank-delivery.ts';
import { webhookMetricsFor } from './webhook-metrics.ts';
import { matcherSettingsOf } from '../../sinpe/sinpe-config.ts';
import type { LinkShop } from '../links/link-result-page.ts';
import { webhookRoutes } from './webhook-routes.ts';
import { merchantWebhookRoutes } from '../../outbox/outbox-module.ts';
import type { DeliveryWorker } from '../../outbox/delivery-worker.ts';

export interface WebhookModule {
  /** Mounted at /v1/webhooks: the bank's deliveries and the gateway's link reports. */
  receivers: Hono;
  /** Mounted at /v1/links: the gateway's link callback, followed by the buyer's browser. */
  linkPages: Hono;
  /** Served under /v1/merchant: the bank's webhook API and the received events. */
  merchantRoutes: MerchantExtensions;
  bank: BankClient | undefined;
  /** The workers this app's requests wake when they store work (none attached: nothing to wake). */
  attachWorkers(workers: WorkerWakeUps): void;
  /** When configured, the demo bank registration (retried until it succeeds or stop()). */
  start(): void;
  stop(): Promise<void>;
}

/** What a request that stored work wakes: the inbox worker's lanes and the delivery worker. */
export interface WorkerWakeUps {
  inbox: Pick<InboxWorker, 'wake'>;
  deliveries: Pick<DeliveryWorker, 'wake'>;
}

/** The inbox worker of these services (this instance's, or the worker process's: bff/worker.ts). */
export function createInboxWorker(services: Services): InboxWorker {
  const { config, clock, logger } = services;
  const { gateway, linkLookups } = linkReportGatewayOf(services);
  const db = webhookDb(services.store);
  const metrics = webhookMetricsFor(services.metrics);
  return new InboxWorker({
    db,
    clock,
    logger,
    metrics,
    handlers: createEventHandlers({ db, gateway, linkLookups, clock, credentials: gatewayCredentials(config), logger, metrics, sinpe: matcherSettingsOf(config) }),
    policy: { maxAttempts: config.INBOX_MAX_ATTEMPTS, baseDelayMs: config.INBOX_RETRY_BASE_MS, maxDelayMs: config.INBOX_RETRY_MAX_MS },
    leaseMs: config.INBOX_LEASE_MS,
    pollMs: config.INBOX_POLL_MS,
    loopsPerSource: { bank: config.INBOX_BANK_LOOPS ?? (services.store.engine === 'postgres' ? 4 : 1) },
    rereadUnreadable: () => rereadUnreadableEvents({ db, logger }),
  });
}

/** The shop a link buyer is told they paid, and its site for "back" (the first browser origin allowed). */
function linkShopOf(config: Services['config']): LinkShop {
  const site = config.ALLOWED_ORIGINS[0];
  return { name: config.MERCHANT_NAME, siteUrl: site ? new URL(site).href : undefined };
}

function gatewayCredentials(config: Services['config']) {
  return { apiKey: config.GATEWAY_API_KEY, apiUser: config.GATEWAY_API_USER, apiPassword: config.GATEWAY_API_PASSWORD };
}

export function createWebhookModule(services: Services): WebhookModule {
  const { config, clock, logger } = services;
  const { gateway, linkLookups } = linkReportGatewayOf(services);
  const addressOf = (c: Context) => clientAddressKey(c, config);
  const db = webhookDb(services.store);
  const metrics = webhookMetricsFor(services.metrics);
  const secretRefs = secretRefsOf(config.BANK_SECRET_REF);
  const credentials = gatewayCredentials(config);
  const bank =
    config.BANK_BASE_URL && config.BANK_ACCESS_TOKEN
      ? new BankClient({ baseUrl: config.BANK_BASE_URL, accessToken: config.BANK_ACCESS_TOKEN, timeoutMs: config.GATEWAY_TIMEOUT_MS, metrics: services.metrics, ...(services.bankFetch ? { fetch: services.bankFetch } : {}) })
      : undefined;
  const destinationDefaults: DestinationDefaults = {
    webhookUrl: receiverUrl(config.PUBLIC_BFF_URL),
    secretRef: secretRefs[0],
    allowLoopbackHttp: isLoopbackUrl(config.BANK_BASE_URL),
  };

  let workers: WorkerWakeUps | undefined;
  const inbox = new InboxWriter(db, () => workers?.inbox.wake());
  // Both call the gateway per request (link lookups): limited per address like /v1/return.
  const limited = upstreamRateLimit(services);
  const rejectedSamples = new FixedWindowLimiter(config.REJECTED_SAMPLES_PER_MINUTE, 60_000, clock);
  const linkAdmissions = new LinkReportAdmissions({
    db,
    linkLookups,
    credentials,
    unlistedPerLink: config.LINK_UNLISTED_REPORTS_PER_LINK,
    unlistedPerAddress: new FixedWindowLimiter(config.LINK_UNLISTED_REPORTS_PER_ADDRESS_PER_HOUR, 60 * 60_000, clock),
    now: () => clock.now(),
  });
  const receivers = new Hono()
    .use('/links', limited)
    .route('/', webhookRoutes({ db, clock, logger, metrics, bankSecretRefs: secretRefs, inbox, rejectedSamples, addressOf, brand: config.GATEWAY_BRAND, linkAdmissions }));
  const linkPages = new Hono()
    .use('*', limited)
    .route('/', linkReturnRoutes({ db, gateway, linkLookups, clock, credentials, logger, metrics, resultUrl: config.LINK_RESULT_URL, inbox, addressOf, shop: linkShopOf(config), brand: config.GATEWAY_BRAND }));
  const merchantRoutes: MerchantExtensions = (idempotentWhenKeyed) =>
    new Hono()
      .route('/', merchantBankingRoutes({ idempotentWhenKeyed, bank, destinationDefaults }))
      .route('/', merchantEventsRoutes({ db, logger, businessTimeZone: config.BUSINESS_TIME_ZONE, idempotentWhenKeyed, onQueued: () => workers?.inbox.wake('bank') }))
      .route('/', merchantWebhookRoutes(services, { wake: () => workers?.deliveries.wake() }, idempotentWhenKeyed));

  const registration = new AbortController();
  return {
    receivers,
    linkPages,
    merchantRoutes,
    bank,
    attachWorkers(attached) {
      workers = attached;
    },
    start() {
      if (config.BANK_REGISTER_DESTINATION) {
        if (!bank) logger.warn('BANK_REGISTER_DESTINATION is set but BANK_BASE_URL / BANK_ACCESS_TOKEN are not');
        else if (!secretRefs[0]) logger.warn('BANK_REGISTER_DESTINATION is set but BANK_SECRET_REF is not');
        else void registerOwnDestinationWithRetry(bank, destinationDefaults, logger, { signal: registration.signal });
      }
    },
    async stop() {
      registration.abort();
    },
  };
}
