// Idempotency-Key on every merchant POST, over real HTTP and a real store: replay, conflict,
// concurrency, two instances on one database, the 24 h lifetime, and what a failure leaves.
import { randomUUID } from 'node:crypto';
import { refusedUrl } from './fixtures/closed-port.ts';
import { expect, test } from '../support/node-test.ts';
import { startSystem, shopOrigin, type System } from '../support/system.ts';
import { merchant, paidOrder } from './merchant-fixture.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack.close();
});

const hours = (n: number) => n * 3600 * 1000;

test('the same key and body replay the first response without calling the gateway again', async () => {
  const orderNumber = await paidOrder(stack, { amount: '50.00', currency: 'USD' });
  const key = randomUUID();
  const first = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '5.00' }, { key });
  expect(first.status).toBe(200);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  // Same JSON with other key order and spacing is the same request.
  const replay = await fetch(`${stack.bffUrl}/v1/merchant/orders/${orderNumber}/refund`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.env.MERCHANT_SECRET}`, 'Idempotency-Key': key, 'Content-Type': 'application/json' },
    body: '{ "amount" : "5.00" }',
  });
  expect(replay.status).toBe(200);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(await replay.json()).toEqual(first.body);
  expect(await stack.sandbox.calls('processModification', orderNumber)).toBe(1);
  const order = await merchant(stack, 'GET', `/v1/merchant/orders/${orderNumber}`);
  expect(order.body.refundedAmount).toBe('5.00');
});

test('the same key with a different body or path is a 409; a POST without a key is a 400', async () => {
  const orderNumber = await paidOrder(stack, { amount: '50.00', currency: 'USD' });
  const key = randomUUID();
  expect((await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '5.00' }, { key })).status).toBe(200);
  const otherBody = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '6.00' }, { key });
  expect(otherBody.status).toBe(409);
  expect(otherBody.body.errors[0]).toMatchObject({ path: 'Idempotency-Key', code: 'idempotency_conflict' });
  const otherPath = await merchant(stack, 'POST', '/v1/merchant/payment-links', { amount: '5.00', currency: 'USD' }, { key });
  expect(otherPath.status).toBe(409);
  const none = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '1.00' }, { key: null });
  expect(none.status).toBe(400);
  expect(none.body.errors[0]).toMatchObject({ path: 'Idempotency-Key', code: 'idempotency_key_required' });
  // Not "every POST": creating a checkout session takes a key but does not need one.
  expect(none.body.detail).not.toMatch(/every POST/i);
  expect(none.body.detail).toContain('money operation');
  expect((await merchant(stack, 'POST', '/v1/merchant/checkout-sessions', { amount: '1.00', currency: 'USD', returnUrl: `${shopOrigin}/thanks` }, { key: null })).status).toBe(201);
  expect(await stack.sandbox.calls('processModification', orderNumber)).toBe(1);
});

test('concurrent requests with one key run once', async () => {
  const orderNumber = await paidOrder(stack, { amount: '50.00', currency: 'USD' });
  const key = randomUUID();
  const results = await Promise.all(
    Array.from({ length: 6 }, () => merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '2.00' }, { key })),
  );
  const statuses = results.map((result) => result.status);
  expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
  for (const status of statuses) expect([200, 409]).toContain(status);
  expect(await stack.sandbox.calls('processModification', orderNumber)).toBe(1);
  const order = await merchant(stack, 'GET', `/v1/merchant/orders/${orderNumber}`);
  expect(order.body.refundedAmount).toBe('2.00');
});

test('keys live in the database: another instance replays them, for at least 24 hours, then forgets them', async () => {
  const orderNumber = await paidOrder(stack, { amount: '50.00', currency: 'USD' });
  const key = randomUUID();
  const first = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '3.00' }, { key });
  expect(first.status).toBe(200);

  const post = (url: string) =>
    fetch(`${url}/v1/merchant/orders/${orderNumber}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.env.MERCHANT_SECRET}`, 'Idempotency-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: '3.00' }),
    });
  const almostADayLater = await stack.startAnotherBff({}, { clock: { now: () => new Date(Date.now() + hours(23.9)) } });
  const replay = await post(almostADayLater.url);
  expect(replay.status).toBe(200);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(await stack.sandbox.calls('processModification', orderNumber)).toBe(1);

  const twoDaysLater = await stack.startAnotherBff({}, { clock: { now: () => new Date(Date.now() + hours(49)) } });
  const fresh = await post(twoDaysLater.url);
  expect(fresh.status).toBe(200);
  expect(fresh.headers.get('idempotent-replayed')).toBeNull();
  expect(await stack.sandbox.calls('processModification', orderNumber)).toBe(2);
});

test('a gateway that cannot be reached releases the key; an unknown outcome is kept and replayed', async () => {
  const orderNumber = await paidOrder(stack, { amount: '50.00', currency: 'USD' });
  const key = randomUUID();
  // A port that was just freed: connection refused, so the refund was certainly not sent.
  const unreachable = await stack.startAnotherBff({ GATEWAY_BASE_URL: await refusedUrl() });
  const refused = await fetch(`${unreachable.url}/v1/merchant/orders/${orderNumber}/refund`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.env.MERCHANT_SECRET}`, 'Idempotency-Key': key },
  });
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toBeTruthy();
  const retried = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, undefined, { key });
  expect(retried.status).toBe(200);
  expect(retried.body.order.status).toBe('refunded');

  const other = await paidOrder(stack, { amount: '20.00', currency: 'USD' });
  await stack.sandbox.injectFault({ operation: 'processModification', kind: 'http5xx', status: 502, count: 1 });
  const unknownKey = randomUUID();
  const unknown = await merchant(stack, 'POST', `/v1/merchant/orders/${other}/refund`, { amount: '1.00' }, { key: unknownKey });
  expect(unknown.status).toBe(502);
  expect(unknown.body.detail).toMatch(/may have been applied/);
  const replayed = await merchant(stack, 'POST', `/v1/merchant/orders/${other}/refund`, { amount: '1.00' }, { key: unknownKey });
  expect(replayed.status).toBe(502);
  expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  expect(await stack.sandbox.calls('processModification', other)).toBe(1);
});

test('merchant checkout sessions honor an Idempotency-Key when one is sent', async () => {
  const key = randomUUID();
  const create = () =>
    fetch(`${stack.bffUrl}/v1/merchant/checkout-sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.env.MERCHANT_SECRET}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ amount: '10.00', currency: 'USD', returnUrl: 'http://shop.example.test/thanks' }),
    });
  const first = await create();
  expect(first.status).toBe(201);
  const replay = await create();
  expect(replay.status).toBe(201);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect((await replay.json()).orderNumber).toBe((await first.json()).orderNumber);
  const stranger = await fetch(`${stack.bffUrl}/v1/merchant/checkout-sessions`, {
    method: 'POST',
    headers: { Authorization: 'Bearer wrong-secret', 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify({ amount: '10.00', currency: 'USD', returnUrl: 'http://shop.example.test/thanks' }),
  });
  expect(stranger.status).toBe(401);
});
