// The webhook intake's sub-apps (the bank's and the gateway's receivers, the link return) and the
// inbox worker that processes what they store, each built from the BFF's services. app.ts mounts the
// apps; background-jobs.ts builds the worker and attaches it to services.wakeUps, so that a stored
// delivery wakes it.
import { Hono, type Context } from 'hono';
import { createEventHandlers } from '../inbox/event-handlers.ts';
import { webhookDb } from '../../store/webhook-tables.ts';
import { InboxWorker } from '../inbox/worker.ts';
import { InboxWriter } from '../inbox/inbox-writer.ts';
import { rereadUnreadableEvents } from '../inbox/unreadable-events.ts';
import { linkReturnRoutes } from '../links/link-return-routes.ts';
import { linkReportGatewayOf } from '../links/link-report-gateway.ts';
import { LinkReportAdmissions } from '../links/link-report-admission.ts';
import { clientAddressKey } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { upstreamRateLimit } from '../../http/upstream-limit.ts';
import { FixedWindowLimiter } from '../../http/rate-limit.ts';
import { secretRefsOf } from './bank-delivery.ts';
import { webhookMetricsFor } from './webhook-metrics.ts';
import { matcherSettingsOf } from '../../sinpe/sinpe-config.ts';
import type { LinkShop } from '../links/link-result-page.ts';
import { webhookRoutes } from './webhook-routes.ts';

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

/** Mounted at /v1/webhooks: the bank's deliveries and the gateway's link reports. */
export function webhookReceiverApp(services: Services): Hono {
  const { config, clock, logger } = services;
  const db = webhookDb(services.store);
  const { linkLookups } = linkReportGatewayOf(services);
  const linkAdmissions = new LinkReportAdmissions({
    db,
    linkLookups,
    credentials: gatewayCredentials(config),
    unlistedPerLink: config.LINK_UNLISTED_REPORTS_PER_LINK,
    unlistedPerAddress: new FixedWindowLimiter(config.LINK_UNLISTED_REPORTS_PER_ADDRESS_PER_HOUR, 60 * 60_000, clock),
    now: () => clock.now(),
  });
  return new Hono()
    // Link reports call the gateway per request (link lookups): limited per address like /v1/return.
    .use('/links', upstreamRateLimit(services))
    .route(
      '/',
      webhookRoutes({
        db,
        clock,
        logger,
        metrics: webhookMetricsFor(services.metrics),
        bankSecretRefs: secretRefsOf(config.BANK_SECRET_REF),
        inbox: inboxWriterOf(services),
        rejectedSamples: new FixedWindowLimiter(config.REJECTED_SAMPLES_PER_MINUTE, 60_000, clock),
        addressOf: (c: Context) => clientAddressKey(c, config),
        brand: config.GATEWAY_BRAND,
        linkAdmissions,
      }),
    );
}

/** Mounted at /v1/links: the gateway's link callback, followed by the buyer's browser; limited per address (it calls the gateway). */
export function linkPagesApp(services: Services): Hono {
  const { config, clock, logger } = services;
  const { gateway, linkLookups } = linkReportGatewayOf(services);
  return new Hono().use('*', upstreamRateLimit(services)).route(
    '/',
    linkReturnRoutes({
      db: webhookDb(services.store),
      gateway,
      linkLookups,
      clock,
      credentials: gatewayCredentials(config),
      logger,
      metrics: webhookMetricsFor(services.metrics),
      resultUrl: config.LINK_RESULT_URL,
      inbox: inboxWriterOf(services),
      addressOf: (c: Context) => clientAddressKey(c, config),
      shop: linkShopOf(config),
      brand: config.GATEWAY_BRAND,
    }),
  );
}

const writers = new WeakMap<Services, InboxWriter>();

/** Stores received events (one group commit for every receiver of the app) and wakes this instance's inbox worker, when it runs here. */
function inboxWriterOf(services: Services): InboxWriter {
  let writer = writers.get(services);
  if (!writer) {
    writer = new InboxWriter(webhookDb(services.store), () => services.wakeUps.inbox());
    writers.set(services, writer);
  }
  return writer;
}
