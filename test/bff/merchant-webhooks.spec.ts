// Merchant webhooks (outbound), through the in-process stack (sandbox gateway and bank, the BFF with
// its workers) and a real local receiver: what a merchant's server sees, verified with the
// `standardwebhooks` package a merchant would use.
import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/node-test.ts';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../../bff/config.ts';
import { merchantEventBody } from '../../contract/merchant-webhooks.ts';
import { sandboxGatewayEnv } from '../../sandbox/defaults.ts';
import { paidOrder } from './merchant-fixture.ts';
import { ManualClock, merchantSecret, startSystem, type System } from '../support/system.ts';
import { eventsOf, startWebhookReceiver, type WebhookReceiver } from './fixtures/webhook-receiver.ts';
import { bankEvent, deliveryBody, merchantGet, merchantPost, metricsText, polling, postBank } from './webhooks-support.ts';

const secret = () => `whsec_${randomBytes(24).toString('base64')}`;

const stacks: System[] = [];
const receivers: WebhookReceiver[] = [];

test.afterEach(async () => {
  for (const stack of stacks.splice(0)) await stack.close();
  for (const receiver of receivers.splice(0)) await receiver.close();
});

async function receiver(answer?: Parameters<typeof startWebhookReceiver>[0]): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(answer);
  receivers.push(started);
  return started;
}

async function stackSendingTo(url: string, webhookSecret: string, env: Record<string, string> = {}): Promise<System> {
  const stack = await startSystem({ bank: true, 
    env: { MERCHANT_WEBHOOK_URL: url, MERCHANT_WEBHOOK_SECRET: webhookSecret, MERCHANT_WEBHOOK_POLL_MS: '100', ...env },
  });
  stacks.push(stack);
  return stack;
}

/** A bank event that reaches the receiver after everything sent before it: proof that nothing else is coming. */
async function sentinel(stack: System, hooks: WebhookReceiver): Promise<void> {
  const event = bankEvent('payment.succeeded');
  expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
  await hooks.waitFor((received) => eventsOf(received, 'bank.payment.succeeded', (data) => data.paymentId === event.payment.payment_id).length === 1, 'the sentinel event');
}

const deliveriesOf = async (stack: System, query = '') => (await merchantGet(stack.bffUrl, `/v1/merchant/webhook-deliveries${query}`)).body.items as any[];

test('a purchase sends exactly one order.approved, signed so that standardwebhooks verifies it', async () => {
  const webhookSecret = secret();
  const hooks = await receiver();
  const stack = await stackSendingTo(hooks.url, webhookSecret);
  const orderNumber = await paidOrder(stack);

  await hooks.waitFor((received) => eventsOf(received, 'order.approved').length > 0, 'order.approved');
  const [approved] = eventsOf(hooks.received, 'order.approved', (data) => data.orderNumber === orderNumber);
  const verified = new Webhook(webhookSecret).verify(approved!.body, approved!.headers as Record<string, string>) as any;
  expect(merchantEventBody.parse(verified)).toMatchObject({ type: 'order.approved', data: { orderNumber, status: 'approved' } });
  expect(approved!.headers['webhook-id']).toMatch(/^msg_/);
  expect(approved!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  // The data is the order as the merchant API lists it.
  const listed = (await merchantGet(stack.bffUrl, `/v1/merchant/orders?orderNumber=${orderNumber}`)).body.items[0];
  expect(verified.data).toEqual({ ...listed, actions: verified.data.actions });
  // Another secret does not verify it.
  expect(() => new Webhook(secret()).verify(approved!.body, approved!.headers as Record<string, string>)).toThrow();

  await sentinel(stack, hooks);
  expect(eventsOf(hooks.received, 'order.approved', (data) => data.orderNumber === orderNumber)).toHaveLength(1);
  expect(hooks.received.filter((request) => request.json?.data?.orderNumber === orderNumber).map((request) => request.json.type)).toEqual(['order.approved']);
  // The receiver has the POST; the worker records its answer once the send ends: drain waits for it.
  await stack.bff.deliveries.drain();
  const deliveries = await deliveriesOf(stack, '?type=order.approved');
  expect(deliveries).toHaveLength(1);
  expect(deliveries[0]).toMatchObject({ endpointId: 'env', state: 'delivered', webhookId: approved!.headers['webhook-id'], attempts: [{ statusCode: 204 }] });
});

test('a receiver answering 500 twice gets the same webhook-id three times, then nothing more', async () => {
  const hooks = await receiver((n) => (n <= 2 ? 500 : 200));
  const stack = await stackSendingTo(hooks.url, secret(), { MERCHANT_WEBHOOK_RETRY_SCHEDULE: '50ms,50ms,50ms,50ms' });
  const event = bankEvent('payin.posted');
  expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);

  await hooks.waitFor((received) => received.length === 3, 'three attempts');
  const ids = hooks.received.map((request) => request.headers['webhook-id']);
  expect(new Set(ids).size).toBe(1);
  // The receiver has the POST; the worker records its answer once the send ends: drain waits for it.
  await stack.bff.deliveries.drain();
  const [delivery] = await deliveriesOf(stack);
  expect(delivery.state).toBe('delivered');
  expect(delivery.attempts.map((attempt: any) => attempt.statusCode)).toEqual([500, 500, 200]);
  expect(delivery.type).toBe('bank.payment.posted');

  await sentinel(stack, hooks);
  expect(hooks.countOf(ids[0] as string)).toBe(3);
  // The sentinel's attempt is recorded just after the receiver answered it: drain waits for it.
  await stack.bff.deliveries.drain();
  const metrics = await metricsText(stack.bffUrl);
  expect(metrics).toMatch(/merchant_webhook_attempts_total\{outcome="delivered"\} 2\n/);
  expect(metrics).toMatch(/merchant_webhook_attempts_total\{outcome="retrying"\} 2\n/);
});

test('a delivery out of retries is dead; a replay sends it again with the same webhook-id', async () => {
  let healthy = false;
  const hooks = await receiver(() => (healthy ? 200 : 503));
  const stack = await stackSendingTo(hooks.url, secret(), { MERCHANT_WEBHOOK_RETRY_SCHEDULE: '20ms' });
  const event = bankEvent('payment.failed');
  expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);

  await expect.poll(async () => (await deliveriesOf(stack, '?state=dead')).length, polling('a dead delivery')).toBe(1);
  const [dead] = await deliveriesOf(stack, '?state=dead');
  expect(dead.attempts.map((attempt: any) => attempt.statusCode)).toEqual([503, 503]);
  expect(dead.nextAttemptAt).toBeNull();

  healthy = true;
  const replay = await merchantPost(stack.bffUrl, `/v1/merchant/webhook-deliveries/${dead.id}/replay`, {});
  expect(replay.status).toBe(202);
  await hooks.waitFor((received) => received.length === 3, 'the replay');
  expect(hooks.countOf(dead.webhookId)).toBe(3);
  // The receiver has the POST; the worker records its answer once the send ends: drain waits for it.
  await stack.bff.deliveries.drain();
  const [delivered] = await deliveriesOf(stack, '?state=delivered');
  expect(delivered.attempts.map((attempt: any) => attempt.statusCode)).toEqual([503, 503, 200]);
  expect((await merchantPost(stack.bffUrl, '/v1/merchant/webhook-deliveries/dlv_nope/replay', {})).status).toBe(404);
});

test('endpoints added through the API: secret shown once, type filter, rotation signs with both secrets, delete stops it', async () => {
  const envHooks = await receiver();
  const hooks = await receiver();
  const stack = await stackSendingTo(envHooks.url, secret());

  const insecure = await merchantPost(stack.bffUrl, '/v1/merchant/webhook-endpoints', { url: 'http://merchant.example.com/hooks' });
  expect(insecure.status).toBe(400);
  expect(insecure.headers.get('content-type')).toContain('application/problem+json');
  expect(insecure.body.errors[0].path).toBe('url');
  const unknownType = await merchantPost(stack.bffUrl, '/v1/merchant/webhook-endpoints', { url: hooks.url, eventTypes: ['order.paid'] });
  expect(unknownType.status).toBe(400);
  expect(unknownType.body.errors[0].path).toMatch(/^eventTypes/);

  const created = await merchantPost(stack.bffUrl, '/v1/merchant/webhook-endpoints', { url: hooks.url, eventTypes: ['bank.payment.succeeded'] });
  expect(created.status).toBe(201);
  expect(created.body.secret).toMatch(/^whsec_/);
  const listed = (await merchantGet(stack.bffUrl, '/v1/merchant/webhook-endpoints')).body.items;
  expect(listed.map((endpoint: any) => endpoint.id)).toEqual(['env', created.body.id]);
  expect(JSON.stringify(listed)).not.toContain(created.body.secret);

  // Filtered out: a posted payment goes to the environment's endpoint only.
  const posted = bankEvent('payin.posted');
  expect((await postBank(stack.bffUrl, await deliveryBody(posted))).status).toBe(200);
  await sentinel(stack, hooks);
  expect(hooks.received.map((request) => request.json.type)).toEqual(['bank.payment.succeeded']);
  await envHooks.waitFor((received) => eventsOf(received, 'bank.payment.posted').length === 1, 'the posted event at env');
  new Webhook(created.body.secret).verify(hooks.received[0]!.body, hooks.received[0]!.headers as Record<string, string>);

  const rotated = await merchantPost(stack.bffUrl, `/v1/merchant/webhook-endpoints/${created.body.id}/rotate-secret`, { overlapSeconds: 3600 });
  expect(rotated.status).toBe(200);
  expect(rotated.body.secret).not.toBe(created.body.secret);
  expect(rotated.body.previousSecretUntil).not.toBeNull();
  await sentinel(stack, hooks);
  const afterRotation = hooks.received[1]!;
  expect(String(afterRotation.headers['webhook-signature']).split(' ')).toHaveLength(2);
  for (const key of [created.body.secret, rotated.body.secret]) new Webhook(key).verify(afterRotation.body, afterRotation.headers as Record<string, string>);

  const deleted = await fetch(`${stack.bffUrl}/v1/merchant/webhook-endpoints/${created.body.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${merchantSecret}` } });
  expect(deleted.status).toBe(204);
  expect((await fetch(`${stack.bffUrl}/v1/merchant/webhook-endpoints/env`, { method: 'DELETE', headers: { Authorization: `Bearer ${merchantSecret}` } })).status).toBe(409);
  const last = bankEvent('payment.succeeded');
  expect((await postBank(stack.bffUrl, await deliveryBody(last))).status).toBe(200);
  await envHooks.waitFor((received) => eventsOf(received, 'bank.payment.succeeded', (data) => data.paymentId === last.payment.payment_id).length === 1, 'the last event at env');
  expect(hooks.received).toHaveLength(2);
  expect(await deliveriesOf(stack, `?endpoint=${created.body.id}`)).toHaveLength(2);
});

// The worker's pass read every endpoint's secrets once, before it fanned out and claimed: a rotation
// that returned while a delivery was on its way (here, while its host name was being resolved) still
// left it signed with the old secret alone, which a receiver already switched to the new one refuses.
test('a rotation that returns before a delivery is signed: the delivery carries both signatures', async () => {
  const hooks = await receiver();
  let duringLookup: (() => Promise<void>) | undefined;
  const stack = await startSystem({
    bank: true,
    env: { MERCHANT_WEBHOOK_POLL_MS: '100' },
    resolveHost: async (hostname) => {
      if (hostname !== 'localhost') throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      const rotate = duringLookup;
      duringLookup = undefined;
      await rotate?.();
      return ['127.0.0.1'];
    },
  });
  stacks.push(stack);
  const created = await merchantPost(stack.bffUrl, '/v1/merchant/webhook-endpoints', { url: hooks.url.replace('127.0.0.1', 'localhost'), eventTypes: ['bank.payment.succeeded'] });
  expect(created.status).toBe(201);
  let rotated: Awaited<ReturnType<typeof merchantPost>> | undefined;
  duringLookup = async () => {
    rotated = await merchantPost(stack.bffUrl, `/v1/merchant/webhook-endpoints/${created.body.id}/rotate-secret`, { overlapSeconds: 3600 });
  };

  await sentinel(stack, hooks);
  expect(rotated?.status).toBe(200);
  const [delivered] = hooks.received;
  expect(String(delivered!.headers['webhook-signature']).split(' ')).toHaveLength(2);
  for (const key of [created.body.secret, rotated!.body.secret]) new Webhook(key).verify(delivered!.body, delivered!.headers as Record<string, string>);
});

test('a receiver that never answers delays neither bank-event processing nor other endpoints', async () => {
  const stuck = await receiver(() => 'hang');
  const fast = await receiver();
  const stack = await stackSendingTo(stuck.url, secret(), { MERCHANT_WEBHOOK_TIMEOUT_MS: '120000', MERCHANT_WEBHOOK_LEASE_MS: '180000', MERCHANT_WEBHOOK_ENDPOINT_CONCURRENCY: '2' });
  expect((await merchantPost(stack.bffUrl, '/v1/merchant/webhook-endpoints', { url: fast.url })).status).toBe(201);

  const events = Array.from({ length: 5 }, () => bankEvent('payment.succeeded'));
  for (const event of events) expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
  // Every bank event is applied and every one reaches the fast endpoint, while the stuck one holds its first POSTs.
  await fast.waitFor((received) => received.length === 5, 'all five at the fast endpoint');
  const payments = await merchantGet(stack.bffUrl, '/v1/merchant/events?source=bank&state=processed');
  expect(payments.body.items).toHaveLength(5);
  await stuck.waitFor((received) => received.length === 2, 'the stuck endpoint to hold its two POSTs');
  expect(stuck.received).toHaveLength(2);
  const stuckDeliveries = await deliveriesOf(stack, '?endpoint=env');
  expect(stuckDeliveries.every((delivery) => delivery.attempts.length === 0)).toBe(true);
});

test('the configuration names a missing secret, a bad schedule and an insecure production URL', () => {
  const base = { ...sandboxGatewayEnv('http://127.0.0.1:4010'), MERCHANT_SECRET: merchantSecret };
  expect(() => loadConfig({ ...base, MERCHANT_WEBHOOK_URL: 'http://127.0.0.1:9/hooks' })).toThrow(/MERCHANT_WEBHOOK_SECRET/);
  expect(() => loadConfig({ ...base, MERCHANT_WEBHOOK_SECRET: 'not-a-secret' })).toThrow(/MERCHANT_WEBHOOK_SECRET/);
  expect(() => loadConfig({ ...base, MERCHANT_WEBHOOK_RETRY_SCHEDULE: '5s,soon' })).toThrow(/MERCHANT_WEBHOOK_RETRY_SCHEDULE.*soon/);
  const production = { ...base, NODE_ENV: 'production', GATEWAY_BASE_URL: 'https://gateway.example.com', MERCHANT_SECRET: randomBytes(24).toString('hex'), SESSION_SIGNING_KEY: randomBytes(32).toString('hex') };
  expect(() => loadConfig({ ...production, MERCHANT_WEBHOOK_URL: 'http://127.0.0.1:9/hooks', MERCHANT_WEBHOOK_SECRET: secret() })).toThrow(/MERCHANT_WEBHOOK_URL: must be https/);
  const config = loadConfig({ ...base });
  // The default schedule: first retry within 10 s, the last attempt more than 3 days after the first.
  expect(config.MERCHANT_WEBHOOK_RETRY_SCHEDULE[0]).toBeLessThanOrEqual(10_000 / 1.2);
  expect(config.MERCHANT_WEBHOOK_RETRY_SCHEDULE.reduce((sum, delay) => sum + delay, 0) * 0.8).toBeGreaterThan(3 * 86_400_000);
});

test('a graceful stop hands a POST in flight back: the next instance sends it at once, same webhook-id', async () => {
  const hooks = await receiver((n) => (n === 1 ? 'hang' : 204));
  const stack = await stackSendingTo(hooks.url, secret(), { MERCHANT_WEBHOOK_TIMEOUT_MS: '600000', MERCHANT_WEBHOOK_LEASE_MS: '900000' });
  const event = bankEvent('payment.succeeded');
  expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
  await hooks.waitFor((received) => received.length === 1, 'the first POST');
  // Without the hand-back, its 15-minute lease would keep it from every other worker.
  await stack.restartBff();
  await hooks.waitFor((received) => received.length === 2, 'the POST again from the next instance');
  expect(hooks.received[1]!.headers['webhook-id']).toBe(hooks.received[0]!.headers['webhook-id']);
  // The receiver has the POST; the worker records its answer once the send ends: drain waits for it.
  await stack.bff.deliveries.drain();
  const [delivery] = await deliveriesOf(stack);
  expect(delivery.state).toBe('delivered');
  expect(delivery.attempts.map((attempt: any) => attempt.statusCode)).toEqual([204]);
});

test('finished deliveries and their events are deleted after MERCHANT_WEBHOOK_RETENTION_MS; one still retrying stays', async () => {
  const clock = new ManualClock();
  const failing = bankEvent('payment.failed');
  const hooks = await receiver((_, body) => (body?.data?.paymentId === failing.payment.payment_id ? 500 : 204));
  const stack = await startSystem({ bank: true, 
    clock,
    env: { MERCHANT_WEBHOOK_URL: hooks.url, MERCHANT_WEBHOOK_SECRET: secret(), MERCHANT_WEBHOOK_POLL_MS: '100', MERCHANT_WEBHOOK_RETRY_SCHEDULE: '100d' },
  });
  stacks.push(stack);
  const delivered = bankEvent('payment.succeeded');
  for (const event of [delivered, failing]) expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
  await expect.poll(async () => (await deliveriesOf(stack)).map((item) => item.attempts.length), polling('both tried once')).toEqual([1, 1]);

  const deliveries = stack.bff.deliveries;
  expect(await deliveries.pruneOnce()).toEqual({ deliveries: 0, events: 0 });
  clock.advance(31 * 86_400_000);
  expect(await deliveries.pruneOnce()).toEqual({ deliveries: 1, events: 1 });
  const left = await deliveriesOf(stack);
  expect(left.map((item) => [item.type, item.state])).toEqual([['bank.payment.failed', 'retrying']]);
});
