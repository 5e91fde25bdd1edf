// The BFF as production runs it (`npm run build:bff`, then `npm run start:bff`): the bundle built
// from the current sources, on plain node with the script's flags, against the sandbox over HTTP.
// A whole purchase, the kept final status, and a clean stop that still writes every log line.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/node-test.ts';
import { sandboxGatewayEnv } from '../../sandbox/defaults.ts';
import { SandboxControl } from '../../sandbox/control-client.ts';
import { startSandbox } from '../../sandbox/server.ts';
import type { RunningServer } from '../../node/serve-app.ts';
import { buildBff } from '../../scripts/build-bff.mjs';
import { approvedOrder } from './fixtures/buyer.ts';
import { spawnBff, type BffProcess } from './fixtures/bff-process.ts';
import { merchantSecret, shopOrigin } from '../support/system.ts';
import { createTestDatabase, type TestDatabase } from './fixtures/test-database.ts';

// Inside the project, so the bundle's packages resolve from node_modules as in a deployment.
const buildDirectory = fileURLToPath(new URL(`../../dist/test-bundles/${randomBytes(4).toString('hex')}`, import.meta.url));
let sandbox: RunningServer;
let database: TestDatabase;
let bff: BffProcess;

test.beforeAll(async () => {
  const bundle = await buildBff(buildDirectory);
  sandbox = await startSandbox({ SANDBOX_PORT: '0' });
  database = await createTestDatabase();
  bff = await spawnBff(
    {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      ...sandboxGatewayEnv(sandbox.url),
      BANK_SECRET_REF: 'bundle-test-secret-ref',
      MERCHANT_SECRET: merchantSecret,
      SESSION_SIGNING_KEY: randomBytes(32).toString('base64url'),
      ALLOWED_ORIGINS: shopOrigin,
      DATABASE_URL: database.url,
      BFF_PORT: '0',
      LOG_LEVEL: 'info',
    },
    join(buildDirectory, 'server.js'),
  );
});
test.afterAll(async () => {
  if (bff?.child.exitCode === null) bff.child.kill('SIGKILL');
  await sandbox?.close();
  await database?.drop();
  await rm(buildDirectory, { recursive: true, force: true });
});

test('the built server takes a whole purchase, answers the final status, and stops cleanly with its log written', async () => {
  expect((await fetch(`${bff.url}/healthz`)).status).toBe(200);
  // The bundle finds its release version and the reference page's files (swagger-ui-dist) at run time.
  const document = (await (await fetch(`${bff.url}/v1/openapi.json`)).json()) as { info: { version: string } };
  expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
  const referenceScript = await fetch(`${bff.url}/docs/assets/swagger-ui-bundle.js`);
  expect(referenceScript.status).toBe(200);
  expect(await referenceScript.text()).toContain('SwaggerUIBundle');
  const { orderNumber, statusToken } = await approvedOrder(bff.url, new SandboxControl(sandbox.url));
  for (let poll = 0; poll < 3; poll++) {
    const answer = await fetch(`${bff.url}/v1/orders/${orderNumber}`, { headers: { Authorization: `Bearer ${statusToken}`, Origin: shopOrigin } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(shopOrigin);
    expect(await answer.json()).toMatchObject({ orderNumber, status: 'approved', final: true });
  }

  const exited = new Promise<number | null>((resolve) => bff.child.once('exit', (code) => resolve(code)));
  bff.child.kill('SIGTERM');
  expect(await exited).toBe(0);
  // Lines are written asynchronously: the ones of this purchase are all there once it has stopped.
  const requestLines = bff
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; route?: string; status?: number })
    .filter((line) => line.msg === 'request');
  expect(requestLines).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ route: '/v1/merchant/checkout-sessions', status: 201 }),
      expect.objectContaining({ route: '/v1/checkout', status: 200 }),
      expect.objectContaining({ route: '/v1/return', status: 303 }),
    ]),
  );
});
