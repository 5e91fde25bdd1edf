// The inbox worker as a process of its own (`npm run start:worker`): it processes what the BFF
// instances started with INBOX_WORKER=false store, on the same DATABASE_URL, off their request
// loop. It listens only for operators (/healthz, /readyz, /metrics on BFF_PORT: an operators'
// listener, so /metrics asks for METRICS_TOKEN only when one is set) and stops cleanly
// on SIGTERM: the event in hand is finished, the others wait for the next worker (leases).
import { Hono } from 'hono';
import { listenThenServe, runUntilSignalled, type RunningServer } from '../node/serve-app.ts';
import { loadConfig, loadListenAddress, type Env } from './config.ts';
import type { InboxWorker } from './intake/inbox/worker.ts';
import { systemClock } from './lib/observability/clock.ts';
import { createLogger } from './lib/observability/logger.ts';
import { openProcessDeps } from './process-deps.ts';
import { opsListenerRoutes } from './routes/operations.ts';
import { buildServices } from './services.ts';
import { settledOrAfter, shutdownPlan } from './lib/shutdown.ts';
import { workerBackgroundJobs } from './background-jobs.ts';
import type { DeliveryWorker } from './outbox/delivery-worker.ts';

export interface RunningWorker extends RunningServer {
  worker: InboxWorker;
  /** The merchant webhooks' delivery worker, beside the inbox's. */
  deliveries: DeliveryWorker;
  /** SHUTDOWN_GRACE_MS bounds its stop as the BFF's. */
  shutdownGraceMs: number;
}

/** The worker and its operators' app on the config built for `boundPort`; nothing left open on failure. */
async function buildWorker(env: Env, boundPort: number) {
  const config = loadConfig(env, { boundPort });
  const logger = createLogger(config.LOG_LEVEL);
  const deps = await openProcessDeps(config, logger, systemClock);
  try {
    const services = buildServices(config, deps);
    return { config, store: deps.store, jobs: workerBackgroundJobs(config, services), app: new Hono().route('/', opsListenerRoutes(services)) };
  } catch (error) {
    await deps.store.close();
    throw error;
  }
}

export async function startInboxWorkerProcess(env: Env = process.env): Promise<RunningWorker> {
  // As the BFF: the port first, then the config (its PUBLIC_BFF_URL) and the parts, never changed after.
  const address = loadListenAddress(env);
  const { config, store, jobs, server } = await listenThenServe(address.BFF_HOST, address.BFF_PORT, 'BFF_PORT', (boundPort) => buildWorker(env, boundPort));
  jobs.start();
  return {
    url: server.url,
    worker: jobs.worker,
    deliveries: jobs.deliveries,
    shutdownGraceMs: config.SHUTDOWN_GRACE_MS,
    close: async (options) => {
      await Promise.all([server.close(options), settledOrAfter(jobs.stop(), options?.graceMs)]);
      await store.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runUntilSignalled('worker', () => startInboxWorkerProcess(), (running) => shutdownPlan(running.shutdownGraceMs));
}
