// The BFF's Node entry: config from the environment, store and migrations, the app, listen, and a
// graceful close (stop taking requests, then close the database).
import { listenThenServe, runUntilSignalled, serveApp, type RunningServer } from '../node/serve-app.ts';
import { createApp, type BffApp } from './app.ts';
import { loadConfig, loadListenAddress, type Config, type Env } from './config.ts';
import { systemClock, type Clock } from './lib/observability/clock.ts';
import { createLogger, type Logger } from './lib/observability/logger.ts';
import type { OrderReconciler } from './reconciler/order-reconciler.ts';
import { openProcessDeps } from './process-deps.ts';
import { opsListenerRoutes } from './routes/operations.ts';
import { Hono } from 'hono';
import type { RetentionJob } from './retention/retention-job.ts';
import { bffBackgroundJobs } from './background-jobs.ts';
import { settledOrAfter, shutdownPlan } from './lib/shutdown.ts';
import type { Store } from './store/database.ts';
import type { HostResolver } from './outbox/outbound-guard.ts';
import type { InboxWorker } from './intake/inbox/worker.ts';
import type { DeliveryWorker } from './outbox/delivery-worker.ts';

export type { Env } from './config.ts';

export interface RunningBff extends RunningServer {
  app: BffApp;
  config: Config;
  store: Store;
  /** The stale-order reconciler (started with the server; tests may call runOnce). */
  reconciler: OrderReconciler;
  /** Deletes old finished rows (started with the server; tests may call runOnce). */
  retention: RetentionJob;
  /** The inbox worker (started unless INBOX_WORKER=false; tests may drain or stop it). */
  worker: InboxWorker;
  /** The merchant webhooks' delivery worker, beside the inbox's. */
  deliveries: DeliveryWorker;
  /** The operators' listener (OPS_PORT), when configured. */
  opsUrl: string | undefined;
}

export interface StartBffOptions {
  clock?: Clock;
  logger?: Logger;
  /** PostgreSQL only: the schema to use (tests give each file its own). */
  databaseSchema?: string;
  /** See AppDeps.resolveHost. */
  resolveHost?: HostResolver;
}

/** The config (with the port already bound), the process's parts and the app; nothing left open on failure. */
async function buildBff(env: Env, boundPort: number | undefined, options: StartBffOptions) {
  const config = loadConfig(env, boundPort === undefined ? {} : { boundPort });
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  if (config.signingKeyGenerated) {
    logger.warn('SESSION_SIGNING_KEY is not set: generated one for this process; sessions end when it stops');
  }
  const clock = options.clock ?? systemClock;
  const deps = await openProcessDeps(config, logger, clock, options.databaseSchema ? { databaseSchema: options.databaseSchema } : {});
  try {
    const app = createApp(config, options.resolveHost ? { ...deps, resolveHost: options.resolveHost } : deps);
    return { config, logger, clock, store: deps.store, app };
  } catch (error) {
    await deps.store.close();
    throw error;
  }
}

export async function startBff(env: Env = process.env, options: StartBffOptions = {}): Promise<RunningBff> {
  // The port first (BFF_PORT=0 picks a free one): the config, and the gateway's `redirect` built
  // from PUBLIC_BFF_URL, are then made once with the real port and never changed.
  const address = loadListenAddress(env);
  const { server, ...built } = await listenThenServe(address.BFF_HOST, address.BFF_PORT, 'BFF_PORT', (boundPort) => buildBff(env, boundPort, options));
  let ops: RunningServer | undefined;
  if (built.config.OPS_PORT !== undefined) {
    try {
      ops = await serveApp(new Hono().route('/', opsListenerRoutes(built.app.services)), built.config.OPS_HOST, built.config.OPS_PORT, 'OPS_PORT');
    } catch (error) {
      await server.close();
      await built.store.close();
      throw error;
    }
  }
  return run(built, server, ops);
}

/**
 * The same BFF, workers and all, without a port: it answers through `app.fetch` only, at
 * PUBLIC_BFF_URL (which must be set). Tests route their requests there in-process: `serve` gets the
 * app before the workers start, as a listening port would (the bank registration calls back at once).
 */
export async function openBffInProcess(env: Env, serve: (app: BffApp) => void, options: StartBffOptions = {}): Promise<RunningBff> {
  if (!env.PUBLIC_BFF_URL) throw new Error('openBffInProcess needs PUBLIC_BFF_URL: the address its requests are routed to');
  const built = await buildBff(env, undefined, options);
  serve(built.app);
  return run(built, { url: built.config.PUBLIC_BFF_URL, close: async () => {} }, undefined);
}

/** Starts what runs beside the requests (background-jobs.ts); `close` stops it all. */
function run({ config, store, app }: Awaited<ReturnType<typeof buildBff>>, server: RunningServer, ops: RunningServer | undefined): RunningBff {
  const jobs = bffBackgroundJobs(config, app.services);
  jobs.start();
  return {
    url: server.url,
    app,
    config,
    store,
    reconciler: jobs.reconciler,
    retention: jobs.retention,
    worker: jobs.worker,
    deliveries: jobs.deliveries,
    opsUrl: ops?.url,
    // The server and the background passes stop side by side; a pass gets the same grace as the
    // requests (each stops between pages or batches, but may be waiting on a slow gateway), then the
    // store closes under whatever is left of it.
    close: async (closeOptions) => {
      await Promise.all([server.close(closeOptions), ops?.close(), settledOrAfter(jobs.stop(), closeOptions?.graceMs)]);
      await store.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Behind a load balancer: refuse new connections, let requests in flight finish, then close; the
  // whole within SHUTDOWN_GRACE_MS, whatever a background pass is doing.
  await runUntilSignalled('bff', () => startBff(), (server) => shutdownPlan(server.config.SHUTDOWN_GRACE_MS));
}
