// The BFF's Node entry: config from the environment, store and migrations, the app, listen, and a
// graceful close (stop taking requests, then close the database).
import { serveApp, type RunningServer } from '../scripts/serve-app.ts';
import { createApp, type BffApp } from './app.ts';
import { loadCatalog } from './catalog/catalog.ts';
import { loadConfig, type Config, type Env } from './config.ts';
import { GatewayClient } from './gateway/client.ts';
import { systemClock, type Clock } from './observability/clock.ts';
import { createLogger, type Logger } from './observability/logger.ts';
import { AppMetrics } from './observability/metrics.ts';
import { OrderReconciler } from './reconciler/order-reconciler.ts';
import { openStore, type Store } from './store/database.ts';
import { postgresPoolSettings } from './store/postgres-config.ts';

export type { Env } from './config.ts';

export interface RunningBff extends RunningServer {
  app: BffApp;
  config: Config;
  store: Store;
  /** The stale-order reconciler (started with the server; tests may call runOnce). */
  reconciler: OrderReconciler;
}

export interface StartBffOptions {
  clock?: Clock;
  logger?: Logger;
  /** PostgreSQL only: the schema to use (tests give each file its own). */
  databaseSchema?: string;
}

export async function startBff(env: Env = process.env, options: StartBffOptions = {}): Promise<RunningBff> {
  const config = loadConfig(env);
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  if (config.signingKeyGenerated) {
    logger.warn('SESSION_SIGNING_KEY is not set: generated one for this process; sessions end when it stops');
  }
  const clock = options.clock ?? systemClock;
  const catalog = loadCatalog(config.CATALOG_FILE);
  const store = await openStore(config.DATABASE_URL, {
    ...(options.databaseSchema ? { schema: options.databaseSchema } : {}),
    pool: postgresPoolSettings(config),
    onPoolError: (error) => logger.warn({ error: error.message }, 'an idle database connection failed; the pool replaces it'),
  });
  const metrics = new AppMetrics({ defaultMetrics: true });
  const gateway = new GatewayClient({
    baseUrl: config.GATEWAY_BASE_URL,
    apiUser: config.GATEWAY_API_USER,
    apiPassword: config.GATEWAY_API_PASSWORD,
    apiKey: config.GATEWAY_API_KEY,
    timeoutMs: config.GATEWAY_TIMEOUT_MS,
    clock,
    metrics,
    logger,
  });
  const app = createApp(config, { store, gateway, clock, logger, metrics, catalog });
  let server: RunningServer;
  try {
    server = await serveApp(app, config.BFF_HOST, config.BFF_PORT, 'BFF_PORT');
  } catch (error) {
    await store.close();
    throw error;
  }
  // With BFF_PORT=0 the real port is known only now; the gateway's `redirect` is built from it.
  if (!env.PUBLIC_BFF_URL) config.PUBLIC_BFF_URL = server.url;
  // The inbox worker (and the demo bank registration) start once the receiver can be reached.
  app.webhooks.start();
  // Open orders nobody polls (a process died holding a claim, an unknown outcome, an abandoned
  // page) still reach a final status from the gateway's truth.
  const reconciler = new OrderReconciler({
    store,
    statuses: app.services.statuses,
    clock,
    logger,
    intervalMs: config.RECONCILE_INTERVAL_MS,
    pendingEveryMs: config.RECONCILE_PENDING_EVERY_MS,
    abandonAfterMs: config.RECONCILE_ABANDON_AFTER_MS,
  });
  reconciler.start();
  return {
    url: server.url,
    app,
    config,
    store,
    reconciler,
    close: async (closeOptions) => {
      await server.close(closeOptions);
      await reconciler.stop();
      await app.webhooks.stop();
      await store.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const server = await startBff();
    console.log(`bff      ${server.url}`);
    // Behind a load balancer: refuse new connections, let requests in flight finish, then close.
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void server.close({ graceMs: server.config.SHUTDOWN_GRACE_MS }).then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
