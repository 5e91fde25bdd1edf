// Everything that runs beside the requests, built here and nowhere else (never inside createApp) for
// both kinds of process:
//   the BFF (server.ts)        the inbox and delivery workers (started unless INBOX_WORKER=false; built
//                              and attached to services.wakeUps either way, so a test may drain
//                              them), the bank registration, the reconciler, retention
//   the worker (worker.ts)     the inbox and delivery workers, for BFFs started with INBOX_WORKER=false
// Each loop is a PeriodicJob (lib/periodic-job.ts): it starts after the app can be reached, gives the
// event loop a turn between items, and stops between pages or batches.
import { OrderModifier } from './merchant/order-modifier.ts';
import type { Config } from './config.ts';
import { DeliveryWorker } from './outbox/delivery-worker.ts';
import { environmentEndpointOf } from './outbox/endpoints.ts';
import { outboxDb } from './outbox/outbox-tables.ts';
import { outboxMetricsFor } from './outbox/outbox-metrics.ts';
import { outboundPolicyOf } from './outbox/outbound-address.ts';
import { systemResolver } from './outbox/outbound-guard.ts';
import { InboxWorker } from './intake/inbox/worker.ts';
import { createEventHandlers } from './intake/inbox/event-handlers.ts';
import { rereadUnreadableEvents } from './intake/inbox/unreadable-events.ts';
import { linkGatewayCredentials } from './intake/links/link-report-gateway.ts';
import { webhookMetricsFor } from './intake/webhooks/webhook-metrics.ts';
import { matcherSettingsOf } from './sinpe/sinpe-config.ts';
import { webhookDb } from './store/webhook-tables.ts';
import { OrderReconciler } from './reconciler/order-reconciler.ts';
import { retentionJobFor, type RetentionJob } from './retention/retention-job.ts';
import type { Services } from './services.ts';
import { ownDestinationRegistration } from './intake/banking/demo-destination.ts';

export interface BackgroundJobs {
  start(): void;
  /** Resolves once every job has stopped (each between its pages or batches). */
  stop(): Promise<void>;
}

export interface BffBackgroundJobs extends BackgroundJobs {
  /** The inbox worker (tests may drain it, or stop it). */
  worker: InboxWorker;
  /** The merchant webhooks' delivery worker (tests may drain or prune it). */
  deliveries: DeliveryWorker;
  /** The stale-order reconciler (tests may call runOnce). */
  reconciler: OrderReconciler;
  /** Deletes old finished rows (tests may call runOnce). */
  retention: RetentionJob;
}

/** The BFF's: the inbox and delivery workers (attached to services.wakeUps), the bank registration, the reconciler and retention. */
export function bffBackgroundJobs(config: Config, services: Services): BffBackgroundJobs {
  const { store, clock, logger, statuses, gateway } = services;
  const refunds = new OrderModifier({ store, gateway, clock, logger, platform: config.GATEWAY_PLATFORM });
  // Open orders nobody polls (a process died holding a claim, an unknown outcome, an abandoned
  // page) still reach a final status from the gateway's truth.
  const reconciler = new OrderReconciler({
    store,
    statuses,
    clock,
    logger,
    intervalMs: config.RECONCILE_INTERVAL_MS,
    pendingEveryMs: config.RECONCILE_PENDING_EVERY_MS,
    abandonAfterMs: config.RECONCILE_ABANDON_AFTER_MS,
    parkedSchedule: { agesMs: config.RECONCILE_PARKED_CONSULT_AGES, thenEveryMs: config.RECONCILE_PARKED_CONSULT_EVERY_MS, parkedForMs: config.RECONCILE_PARKED_FOR_MS },
    announceUnattemptedExpiry: config.MERCHANT_WEBHOOK_UNATTEMPTED_EXPIRY,
    settlePendingRefund: (orderNumber) => refunds.settlePendingRefund(orderNumber),
  });
  // Finished events, refused-delivery samples and unpaid abandoned orders do not pile up forever.
  const retention = retentionJobFor(config, store, clock, logger);
  const workers = workerBackgroundJobs(config, services);
  services.wakeUps.attach({ inbox: workers.worker, deliveries: workers.deliveries });
  const registration = ownDestinationRegistration(services);
  return {
    worker: workers.worker,
    deliveries: workers.deliveries,
    reconciler,
    retention,
    start() {
      // The workers (and the demo bank registration) start once the receiver can be reached.
      if (config.INBOX_WORKER) workers.start();
      registration.start();
      reconciler.start();
      retention.start();
    },
    async stop() {
      await Promise.all([reconciler.stop(), retention.stop(), registration.stop(), workers.stop()]);
    },
  };
}

export interface WorkerBackgroundJobs extends BackgroundJobs {
  worker: InboxWorker;
  /** The merchant webhooks' delivery worker, beside the inbox's. */
  deliveries: DeliveryWorker;
}

/** The worker process's: the inbox and delivery workers over the same store as the BFFs. */
export function workerBackgroundJobs(config: Config, services: Services): WorkerBackgroundJobs {
  const worker = createInboxWorker(services);
  const deliveries = createDeliveryWorker(services);
  return {
    worker,
    deliveries,
    start() {
      worker.start(config.INBOX_WORKER_DELAY_MS);
      deliveries.start(config.MERCHANT_WEBHOOK_WORKER_DELAY_MS);
    },
    async stop() {
      await Promise.all([worker.stop(), deliveries.stop()]);
    },
  };
}

/** The inbox worker of these services (this instance's, or the worker process's: bff/worker.ts). */
function createInboxWorker(services: Services): InboxWorker {
  const { config, clock, logger } = services;
  const { gateway, linkLookups } = services.linkReports;
  const db = webhookDb(services.store);
  const metrics = webhookMetricsFor(services.metrics);
  return new InboxWorker({
    db,
    clock,
    logger,
    metrics,
    handlers: createEventHandlers({ db, gateway, linkLookups, clock, credentials: linkGatewayCredentials(config), logger, metrics, sinpe: matcherSettingsOf(config) }),
    policy: { maxAttempts: config.INBOX_MAX_ATTEMPTS, baseDelayMs: config.INBOX_RETRY_BASE_MS, maxDelayMs: config.INBOX_RETRY_MAX_MS },
    leaseMs: config.INBOX_LEASE_MS,
    pollMs: config.INBOX_POLL_MS,
    loopsPerSource: { bank: config.INBOX_BANK_LOOPS ?? (services.store.engine === 'postgres' ? 4 : 1) },
    rereadUnreadable: () => rereadUnreadableEvents({ db, logger }),
  });
}

/** The merchant webhooks' delivery worker of these services. */
function createDeliveryWorker(services: Services): DeliveryWorker {
  const { config, clock, logger } = services;
  return new DeliveryWorker({
    db: outboxDb(services.store),
    clock,
    logger,
    environment: environmentEndpointOf(config),
    schedule: config.MERCHANT_WEBHOOK_RETRY_SCHEDULE,
    timeoutMs: config.MERCHANT_WEBHOOK_TIMEOUT_MS,
    leaseMs: config.MERCHANT_WEBHOOK_LEASE_MS,
    pollMs: config.MERCHANT_WEBHOOK_POLL_MS,
    concurrency: config.MERCHANT_WEBHOOK_CONCURRENCY,
    endpointConcurrency: config.MERCHANT_WEBHOOK_ENDPOINT_CONCURRENCY,
    metrics: outboxMetricsFor(services.metrics),
    retentionMs: config.MERCHANT_WEBHOOK_RETENTION_MS,
    outbound: outboundPolicyOf(config),
    resolveHost: services.resolveHost ?? systemResolver,
  });
}
