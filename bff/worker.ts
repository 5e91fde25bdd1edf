// The inbox worker as a process of its own (`npm run start:worker`): it processes what the BFF
// instances started with INBOX_WORKER=false store, on the same DATABASE_URL, off their request
// loop. It listens only for operators (/healthz, /readyz, /metrics on BFF_PORT: an operators'
// listener, so /metrics asks for METRICS_TOKEN only when one is set) and stops cleanly
// on SIGTERM: the event in hand is finished, the others wait for the next worker (leases).
import { Hono } from 'hono';
import { runUntilSignalled, serveApp, type RunningServer } from '../scripts/serve-app.ts';
import { loadConfig, type Env } from './config.ts';
import type { InboxWorker } from './inbox/worker.ts';
import { systemClock } from './observability/clock.ts';
import { createLogger } from './observability/logger.ts';
import { openProcessDeps } from './process-deps.ts';
import { operationsRoutes } from './routes/operations.ts';
import { buildServices } from './services.ts';
import { createInboxWorker } from './webhooks/webhook-module.ts';

export interface RunningWorker extends RunningServer {
  worker: InboxWorker;
}

export async function startInboxWorkerProcess(env: Env = process.env): Promise<RunningWorker> {
  const config = loadConfig(env);
  const logger = createLogger(config.LOG_LEVEL);
  const deps = await openProcessDeps(config, logger, systemClock);
  const { store } = deps;
  const services = buildServices(config, deps);
  const worker = createInboxWorker(services);
  let server: RunningServer;
  try {
    server = await serveApp(new Hono().route('/', operationsRoutes(services, 'ops')), config.BFF_HOST, config.BFF_PORT, 'BFF_PORT');
  } catch (error) {
    await store.close();
    throw error;
  }
  worker.start(config.INBOX_WORKER_DELAY_MS);
  return {
    url: server.url,
    worker,
    close: async (options) => {
      await server.close(options);
      await worker.stop();
      await store.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runUntilSignalled('worker', () => startInboxWorkerProcess());
}
