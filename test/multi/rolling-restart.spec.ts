// A rolling restart behind a load balancer (issue 8): SIGTERM makes an instance refuse new
// connections, so the balancer sends them elsewhere, while the requests it is already serving
// (a checkout waiting on processPayment) finish and are answered.
import { expect, test } from '@playwright/test';
import { SandboxControl } from '../../sandbox/control-client.ts';
import { sandboxDefaults } from '../../sandbox/defaults.ts';
import { startSandbox } from '../../sandbox/server.ts';
import type { RunningServer } from '../../scripts/serve-app.ts';
import { createMerchantSession, postCheckout } from '../bff/fixtures/buyer.ts';
import { merchantSecret, shopOrigin } from '../bff/fixtures/stack.ts';
import { createPostgresDatabase, type TestDatabase } from '../bff/fixtures/test-database.ts';
import { spawnBff, type BffProcess } from './fixtures/bff-process.ts';
import { postgresServer, type PostgresServer } from './fixtures/postgres-server.ts';

let server: PostgresServer;
let database: TestDatabase;
let sandbox: RunningServer;
let instance: BffProcess | undefined;

test.beforeAll(async () => {
  server = await postgresServer();
  database = await createPostgresDatabase(server.url);
  sandbox = await startSandbox({ SANDBOX_PORT: '0' });
});
test.afterAll(async () => {
  await instance?.stop();
  await sandbox?.close();
  await database?.drop();
  await server?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('SIGTERM: new connections are refused, the checkout in flight is answered, then the process exits 0', async () => {
  instance = await spawnBff({
    NODE_ENV: 'test',
    GATEWAY_BASE_URL: sandbox.url,
    GATEWAY_API_USER: sandboxDefaults.merchant.apiUser,
    GATEWAY_API_PASSWORD: sandboxDefaults.merchant.apiPassword,
    GATEWAY_API_KEY: sandboxDefaults.merchant.apiKey,
    MERCHANT_SECRET: merchantSecret,
    SESSION_SIGNING_KEY: 'rolling-restart-signing-key-0123456789abcdef',
    ALLOWED_ORIGINS: shopOrigin,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_MS: '60000',
  });
  const control = new SandboxControl(sandbox.url);
  const session = await createMerchantSession(instance.url);
  // The gateway is slow: the checkout is still waiting on it when the instance is told to stop.
  await control.injectFault({ operation: 'processPayment', kind: 'latency', latencyMs: 1_500 });
  const inFlight = postCheckout(instance.url, session.sessionToken);
  for (let look = 0; (await control.calls('processPayment', session.orderNumber)) === 0; look++) {
    if (look > 400) throw new Error('the checkout never reached the gateway');
    await sleep(10);
  }

  instance.terminate();
  // The balancer's next connection attempt fails, so it moves on to another instance.
  for (let look = 0; ; look++) {
    const refused = await fetch(`${instance.url}/healthz`).then(
      () => false,
      () => true,
    );
    if (refused) break;
    if (look > 400) throw new Error('the stopping instance kept taking new connections');
    await sleep(10);
  }

  const answer = await inFlight;
  expect(answer.status).toBe(200);
  expect((await answer.json()) as { orderNumber: string }).toMatchObject({ orderNumber: session.orderNumber });
  expect(await instance.exited).toBe(0);
  expect(await control.calls('processPayment', session.orderNumber)).toBe(1);
});
