// The BFF built in-process with createApp (requests through app.request(), no socket), over a real
// SQLite database (in memory), with the real sandbox as its gateway and bank (both in-process). Its logs
// are kept so a test can scan them. The fuzzers' own, beside startSystem (test/support/system.ts):
// SQLite in memory whatever the run's engine, and the background jobs built but never started.
import { createApp, type BffApp } from '../../../bff/app.ts';
import { bffBackgroundJobs } from '../../../bff/background-jobs.ts';
import type { DeliveryWorker } from '../../../bff/outbox/delivery-worker.ts';
import { loadConfig, type Config, type Env } from '../../../bff/config.ts';
import { systemClock } from '../../../bff/lib/observability/clock.ts';
import { createLogger } from '../../../bff/lib/observability/logger.ts';
import { openProcessDeps } from '../../../bff/process-deps.ts';
import type { Store } from '../../../bff/store/database.ts';
import { sandboxDefaults } from '../../../sandbox/defaults.ts';
import { createSandbox } from '../../../sandbox/app.ts';
import { serveApp } from '../../../node/serve-app.ts';
import { systemEnv } from '../../support/system-env.ts';
import { testResolver } from '../../bff/fixtures/test-resolver.ts';

export const bankSecretRef = 'reliability-bank-secret-ref';

export interface InProcessBff {
  app: BffApp;
  /** The merchant webhooks' delivery worker, built (not started) as the BFF builds it: drain it. */
  deliveries: DeliveryWorker;
  config: Config;
  store: Store;
  sandboxUrl: string;
  /** Every log line the app wrote (JSON, one per line). */
  logText(): string;
  close(): Promise<void>;
}

export async function startInProcessBff(extraEnv: Env = {}): Promise<InProcessBff> {
  // The sandbox listens on loopback (buyer pages, control API, the bank), and the BFF's gateway
  // client calls the very same sandbox app in-process: no socket in between, so a busy machine's
  // dropped connection cannot pass for an answer to the fuzzed input.
  const { app: sandboxApp } = createSandbox({ allowHttpLoopbackWebhooks: true });
  const sandbox = await serveApp(sandboxApp, '127.0.0.1', 0, 'SANDBOX_PORT');
  // In memory by default: the real SQLite engine without an fsync per rejected delivery, so
  // thousands of fuzz cases stay fast; a test that restarts on the same data passes a file.
  const place = { sandboxUrl: sandbox.url, databaseUrl: 'file::memory:' };
  const config = loadConfig(
    systemEnv(place, {
      BANK_BASE_URL: `${sandbox.url}/banking`,
      BANK_ACCESS_TOKEN: sandboxDefaults.bankAccessToken,
      BANK_SECRET_REF: bankSecretRef,
      PUBLIC_BFF_URL: 'http://127.0.0.1:8787',
      // Generous: a slow answer on a busy machine is not bad input (a timeout is an honest 502/503).
      GATEWAY_TIMEOUT_MS: '30000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      UPSTREAM_RATE_LIMIT_PER_MINUTE: '1000000',
      // The fuzzers read /metrics without a token, as it was before the shared environment.
      METRICS_TOKEN: undefined,
      LOG_LEVEL: 'info',
      ...extraEnv,
    }),
  );
  const lines: string[] = [];
  const logger = createLogger(config.LOG_LEVEL, { write: (line: string) => void lines.push(line) });
  const inProcess = (input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(sandboxApp.fetch(new Request(input, init)));
  const deps = await openProcessDeps(config, logger, systemClock, { gatewayFetch: inProcess });
  const { store } = deps;
  // The bank too: the fuzzed merchant banking routes must not meet a dropped loopback connection.
  const app = createApp(config, { ...deps, bankFetch: inProcess, resolveHost: testResolver() });
  // Built, never started: fuzzing needs no worker running beside it, only one to drain.
  const jobs = bffBackgroundJobs(config, app.services);
  return {
    app,
    deliveries: jobs.deliveries,
    config,
    store,
    sandboxUrl: sandbox.url,
    logText: () => lines.join(''),
    async close() {
      await jobs.stop();
      await store.close();
      await sandbox.close();
    },
  };
}
