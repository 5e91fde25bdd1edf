// What a BFF process runs on, from its config: the store (migrated), the metrics registry, the
// gateway client and the catalog. Shared by the two entries, server.ts and worker.ts (no entry code
// here: a bundle of either must not start the other).
import { loadCatalog } from '../node/catalog-file.ts';
import type { Config } from './config.ts';
import { GatewayClient } from './gateway/client.ts';
import type { Clock } from './lib/observability/clock.ts';
import type { Logger } from './lib/observability/logger.ts';
import { AppMetrics } from './lib/observability/metrics.ts';
import type { AppDeps } from './services.ts';
import { openStore } from './store/database.ts';
import { databaseOpenError } from './store/database-open-error.ts';
import { postgresPoolSettings } from './store/postgres-config.ts';

export interface ProcessDepsOptions {
  /** PostgreSQL only: the schema to use (tests give each file its own). */
  databaseSchema?: string;
  /** How the gateway client reaches the gateway (tests: the sandbox app in-process). */
  gatewayFetch?: typeof fetch;
}

export async function openProcessDeps(config: Config, logger: Logger, clock: Clock, options: ProcessDepsOptions = {}): Promise<AppDeps> {
  const { databaseSchema, gatewayFetch } = options;
  const catalog = loadCatalog(config.CATALOG_FILE);
  const store = await openStore(config.DATABASE_URL, {
    ...(databaseSchema ? { schema: databaseSchema } : {}),
    pool: postgresPoolSettings(config),
    onPoolError: (error) => logger.warn({ error: error.message }, 'an idle database connection failed; the pool replaces it'),
  }).catch((error: unknown) => {
    throw databaseOpenError(config.DATABASE_URL, error);
  });
  const metrics = new AppMetrics({ defaultMetrics: true });
  const gateway = new GatewayClient({
    baseUrl: config.GATEWAY_BASE_URL,
    apiUser: config.GATEWAY_API_USER,
    apiPassword: config.GATEWAY_API_PASSWORD,
    apiKey: config.GATEWAY_API_KEY,
    timeoutMs: config.GATEWAY_READ_TIMEOUT_MS,
    paymentTimeoutMs: config.GATEWAY_TIMEOUT_MS,
    brand: config.GATEWAY_BRAND,
    clock,
    metrics,
    logger,
    ...(gatewayFetch ? { fetch: gatewayFetch } : {}),
  });
  return { store, gateway, clock, logger, metrics, catalog };
}
