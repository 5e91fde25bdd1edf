import { expect, test } from '../support/node-test.ts';
import { refusedUrl } from './fixtures/closed-port.ts';
import { startSystem, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack?.close();
});

test('GET /healthz answers ok', async () => {
  const response = await fetch(`${stack.bffUrl}/healthz`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('GET /readyz checks the database and the gateway', async () => {
  const response = await fetch(`${stack.bffUrl}/readyz`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ready', checks: { database: true, gateway: true } });
});

test('GET /readyz answers 503 when the gateway cannot be reached', async () => {
  const another = await stack.startAnotherBff({ GATEWAY_BASE_URL: await refusedUrl() });
  const response = await fetch(`${another.url}/readyz`);
  expect(response.status).toBe(503);
  expect(await response.json()).toMatchObject({ status: 'not_ready', checks: { database: true, gateway: false } });
});
