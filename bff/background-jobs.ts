// Everything that runs beside the requests, built here and nowhere else (never inside createApp) for
// both kinds of process:
//   the BFF (server.ts)        the inbox and delivery workers (started unless INBOX_WORKER=false; built
//                              and attached to the app's webhook module either way, so a test may drain
//                              them), the bank registration, the reconciler, retention
//   the worker (worker.ts)     the inbox and delivery workers, for BFFs started with INBOX_WORKER=false
// Each loop is a PeriodicJob (lib/periodic-job.ts): it starts after the app can be reached, gives the
// event loop a turn between items, and stops between pages or batches.
import { OrderModifier } from './merchant/order-modifier.ts';
import type { Config } from './config.ts';
import type { DeliveryWorker } from './outbox/delivery-worker.ts';
import { createDeliveryWorker } from './outbox/outbox-module.ts';
import type { InboxWorker } from './intake/inbox/worker.ts';
import { OrderReconciler } from './reconciler/order-reconciler.ts';
import { retentionJobFor, type RetentionJob } from './retention/retention-job.ts';
import type { Services } from './services.ts';
import { createInboxWorker, type WebhookModule } from './intake/webhooks/webhook-module.ts';

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

/** The BFF's: its webhook module's workers and registration, the reconciler and retention. */
export function bffBackgroundJobs(config: Config, services: Services, webhooks: WebhookModule): BffBackgroundJobs {
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
  webhooks.attachWorkers({ inbox: workers.worker, deliveries: workers.deliveries });
  return {
    worker: workers.worker,
    deliveries: workers.deliveries,
    reconciler,
    retention,
    start() {
      // The workers (and the demo bank registration) start once the receiver can be reached.
      if (config.INBOX_WORKER) workers.start();
      webhooks.start();
      reconciler.start();
      retention.start();
    },
    async stop() {
      await Promise.all([reconciler.stop(), retention.stop(), webhooks.stop(), workers.stop()]);
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
