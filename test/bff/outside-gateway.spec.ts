// `npm start` pointed with GATEWAY_BASE_URL at a gateway that is not our sandbox: one written from
// the spec alone (fixtures/outside-gateway.ts), answering with the variants the spec allows. A
// whole purchase reaches `approved`; a split whose share amounts come back as PHP floats is
// recorded; the link list follows the gateway's own page URLs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/node-test.ts';
import { scratchRoot } from './fixtures/test-database.ts';
import { checkout, createMerchantSession, followReturn, orderStatus, statusTokenOf } from './fixtures/buyer.ts';
import { outsideMerchant, startOutsideGateway, type OutsideGateway } from './fixtures/outside-gateway.ts';
import { merchantSecret, shopOrigin, type System } from '../support/system.ts';
import { merchant } from './merchant-fixture.ts';

// Fixed ports from this suite's range: `npm start` takes its ports from the environment.
const ports = { sandbox: 25010, bff: 25011, demo: 25012 };
const bffUrl = `http://127.0.0.1:${ports.bff}`;
const asStack = { bffUrl } as System;

let gateway: OutsideGateway;
let started: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  gateway = await startOutsideGateway();
  dataDir = mkdtempSync(join(scratchRoot(), 'svc-outside-'));
  started = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      SANDBOX_PORT: String(ports.sandbox),
      BFF_PORT: String(ports.bff),
      DEMO_PORT: String(ports.demo),
      GATEWAY_BASE_URL: gateway.url,
      GATEWAY_API_USER: outsideMerchant.apiUser,
      GATEWAY_API_PASSWORD: outsideMerchant.apiPassword,
      GATEWAY_API_KEY: outsideMerchant.apiKey,
      MERCHANT_SECRET: merchantSecret,
      ALLOWED_ORIGINS: shopOrigin,
      DATABASE_URL: `file:${join(dataDir, 'store.sqlite')}`,
      LOG_LEVEL: 'silent',
      SANDBOX_VARIANTS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not come up:\n${output}`)), 45_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ctrl-C stops all three')) {
        clearTimeout(timer);
        resolve();
      }
    };
    started.stdout?.on('data', read);
    started.stderr?.on('data', read);
    started.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
});

test.afterAll(async () => {
  if (started && started.exitCode === null) {
    const exited = new Promise((resolve) => started.once('exit', resolve));
    started.kill('SIGTERM');
    await exited;
  }
  await gateway?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a whole purchase reaches approved against a gateway written from the spec alone', async () => {
  const session = await createMerchantSession(bffUrl, { amount: '100.00', currency: 'USD', capture: true });
  const { redirectUrl } = await checkout(bffUrl, session.sessionToken);
  expect(redirectUrl.startsWith(gateway.url)).toBe(true);
  // The buyer pays on the gateway's page and is sent back to the BFF.
  const paid = await fetch(redirectUrl, { redirect: 'manual' });
  expect(paid.status).toBe(303);
  const returned = await followReturn(paid.headers.get('Location')!);
  expect(returned.status).toBe(303);
  const status = await orderStatus(bffUrl, session.orderNumber, statusTokenOf(returned.headers.get('Location')!));
  expect(status.status).toBe('approved');
  // The 401 in the body cost one new login, never a second payment request.
  expect(gateway.calls.get('/api/v1/processPayment')).toBe(2);
  expect(gateway.calls.get('/api/v1/login')).toBe(2);

  // The gateway did the split and says so with float share amounts: recorded, held to the cents.
  gateway.nextSplitAmounts = [33.333, 0.1 + 0.2];
  const split = await merchant(asStack, 'POST', `/v1/merchant/orders/${session.orderNumber}/split`, {
    commerces: [{ email: 'a@partners.example', amount: '33.33' }, { email: 'b@partners.example', amount: '0.30' }],
    lang: 'es',
  });
  expect(split.status).toBe(200);
  expect(split.body.shares.map((share: { amount: string }) => share.amount)).toEqual(['33.33', '0.30']);
  expect(split.body.ownerRemainder).toBe('66.37');
});

test('the link list follows the page URLs the gateway returns', async () => {
  const ids: string[] = [];
  for (const amount of ['1.00', '2.00', '3.00']) {
    const created = await merchant(asStack, 'POST', '/v1/merchant/payment-links', { amount, currency: 'USD' });
    expect(created.status).toBe(201);
    ids.push(String(created.body.id));
  }
  const second = await merchant(asStack, 'GET', '/v1/merchant/payment-links?limit=1&page=2');
  expect(second.status).toBe(200);
  expect(second.body).toMatchObject({ page: 2, perPage: 1, total: 3, lastPage: 3 });
  expect(second.body.items.map((item: { id: string }) => String(item.id))).toEqual([ids[1]]);
});
