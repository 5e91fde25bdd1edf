// A rolling restart behind a load balancer: SIGTERM makes an instance refuse new
// connections, so the balancer sends them elsewhere, while the requests it is already serving
// (a checkout waiting on processPayment) finish and are answered.
import { expect, test } from '../support/node-test.ts';
import { SandboxControl } from '../../sandbox/control-client.ts';
import { sandboxGatewayEnv } from '../../sandbox/defaults.ts';
import { startSandbox } from '../../sandbox/server.ts';
import type { RunningServer } from '../../node/serve-app.ts';
import { createMerchantSession, postCheckout } from '../bff/fixtures/buyer.ts';
import { merchantSecret, shopOrigin } from '../support/system.ts';
import { createPostgresDatabase, type TestDatabase } from '../bff/fixtures/test-database.ts';
import { spawnBff, type BffProcess } from './fixtures/bff-process.ts';
import { clusterPolling } from './fixtures/cluster.ts';
import { postgresServer, type PostgresServer } from './fixtures/postgres-server.ts';

let server: PostgresServer;
let database: TestDatabase;
let sandbox: RunningServer;
let instance: BffProcess | undefined;

// Two minutes a test in whichever project runs this file (`npm test` runs it in one project with the bff suites).
test.describe.configure({ timeout: 120_000 });
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

test('SIGTERM: new connections are refused, the checkout in flight is answered, then the process exits 0', async () => {
  const bff = await spawnBff({
    NODE_ENV: 'test',
    ...sandboxGatewayEnv(sandbox.url),
    MERCHANT_SECRET: merchantSecret,
    SESSION_SIGNING_KEY: 'rolling-restart-signing-key-0123456789abcdef',
    ALLOWED_ORIGINS: shopOrigin,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_MS: '60000',
  });
  instance = bff;
  const control = new SandboxControl(sandbox.url);
  const session = await createMerchantSession(bff.url);
  // The gateway is slow: the checkout is still waiting on it when the instance is told to stop.
  await control.injectFault({ operation: 'processPayment', kind: 'latency', latencyMs: 3_000 });
  const inFlight = postCheckout(bff.url, session.sessionToken);
  await expect.poll(() => control.calls('processPayment', session.orderNumber), clusterPolling('the checkout to reach the gateway')).toBe(1);

  bff.terminate();
  // The balancer's next connection attempt fails, so it moves on to another instance.
  await expect
    .poll(
      () =>
        fetch(`${bff.url}/healthz`).then(
          () => false,
          () => true,
        ),
      clusterPolling('the stopping instance to refuse new connections'),
    )
    .toBe(true);

  const answer = await inFlight;
  expect(answer.status).toBe(200);
  expect((await answer.json()) as { orderNumber: string }).toMatchObject({ orderNumber: session.orderNumber });
  expect(await bff.exited).toBe(0);
  expect(await control.calls('processPayment', session.orderNumber)).toBe(1);
});
