// Every answer the real gateway and bank may give (gateway-facts.md "Reading the gateway's and the
// bank's answers"): numbers as strings and strings as numbers, null for empty, extra fields, a
// `message` on success, a 401 in the body, processPayment's type 200, int64 bank ids. Driven the
// way the gateway and the bank drive the BFF: the sandbox in its variance mode over real HTTP,
// and deliveries posted to the BFF's own endpoints.
import { expect, test } from '../support/node-test.ts';
import type { GatewayClient } from '../../bff/gateway/client.ts';
import { GatewayError, GatewayUnavailableError } from '../../bff/gateway/errors.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import { encryptDelivery } from '../../node/bank-delivery-codec.ts';
import { approvingCard, createMerchantSession, decliningCard, postCheckout } from './fixtures/buyer.ts';
import { demoMerchantClient, gatewayBuyer } from './fixtures/gateway-client.ts';
import { ManualClock, startSystem, type System } from '../support/system.ts';
import { bankEvent, currentSecret, linkWebhook, postBank, postLinkWebhook, tables } from './webhooks-support.ts';

const gatewayTimeoutMs = 1500;
const staleMs = gatewayTimeoutMs * 3;

let stack: System;
const clock = new ManualClock();

test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening', bank: true,  clock, env: { GATEWAY_TIMEOUT_MS: String(gatewayTimeoutMs), RECONCILE_INTERVAL_MS: '0' } });
});
test.afterAll(async () => {
  await stack?.close();
});
test.beforeEach(async () => {
  // Each test says which variants it wants; every one of them always.
  await stack.sandbox.setVariants({ enabled: true, seed: 'upstream-answers', rate: 1, bodyUnauthorized: 0 });
});
test.afterEach(async () => {
  await stack.sandbox.setVariants({ enabled: false });
});

const client = (): GatewayClient => demoMerchantClient(stack.sandboxUrl);
const buyer = gatewayBuyer;

async function paidAtGateway(gateway: GatewayClient, orderNumber: string, card = approvingCard): Promise<void> {
  const created = await gateway.processPayment({
    ...buyer, redirect: 'http://127.0.0.1:1/v1/return', amount: '25.00', currency: 'USD', orderNumber, capture: '1',
    subscription: '0', platform: 'test', hashVersion: 'V2',
  });
  await stack.sandbox.payHostedPage(created.url, { card });
}

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test('a success with a message and ids as strings is read, not thrown as a refusal', async () => {
  const link = await client().createLinkPayment({ amount: '15000.00', currency: 'CRC', description: 'variants' });
  expect(link.id).toBeGreaterThan(0);
  expect(link.url).toMatch(/^http/);
  expect(link.message).toBeTruthy();
});

test('a consult record with commission "0.35", id_svc "1" and auth null is read', async () => {
  const gateway = client();
  const declined = unique('VAR-DECLINED');
  await paidAtGateway(gateway, declined, decliningCard);
  const [record] = await gateway.consult(declined);
  expect(record).toMatchObject({ orderNumber: declined, auth: '' });
  expect(typeof record?.id_svc).toBe('number');
  expect(typeof record?.commission).toBe('number');

  const approved = unique('VAR-APPROVED');
  await paidAtGateway(gateway, approved);
  const [paid] = await gateway.consult(approved);
  expect(paid).toMatchObject({ orderNumber: approved, code: '1' });
  // The amount as the gateway wrote it, in either form (25 or "25.00"): the same money.
  expect(paid?.amount).toMatch(/^25(?:\.00?)?$/);
});

test('an authentication failure in the body (type 401, HTTP 200) logs in again once, then the call goes through', async () => {
  const gateway = client();
  await gateway.consult('WARM-UP');
  await stack.sandbox.setVariants({ enabled: true, seed: 'body-401', rate: 0, bodyUnauthorized: 1 });
  await stack.sandbox.resetCalls();
  expect(await gateway.consult('NOTHING-HERE')).toEqual([]);
  expect(await stack.sandbox.calls('login')).toBe(1);
  // The refused call is not counted (it never reached the operation): the same call once more.
  expect(await stack.sandbox.calls('consult')).toBe(1);
});

test('refused in the body again after the new login: the gateway’s refusal, not an outage', async () => {
  const gateway = client();
  await stack.sandbox.setVariants({ enabled: true, seed: 'body-401-twice', rate: 0, bodyUnauthorized: 2 });
  const error = await gateway.consult('NOTHING-HERE').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(GatewayError);
  expect(error).toMatchObject({ type: '401' });
});

test('processPayment type 200 (approved/reload) is a payment that may exist, never a refusal', async () => {
  const gateway = client();
  const orderNumber = unique('VAR-RELOAD');
  await paidAtGateway(gateway, orderNumber);
  const error = await gateway
    .processPayment({ ...buyer, redirect: 'http://127.0.0.1:1/v1/return', amount: '25.00', currency: 'USD', orderNumber, capture: '1', subscription: '0', platform: 'test' })
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(GatewayUnavailableError);
  expect(error).toMatchObject({ kind: 'unconfirmed', mayHaveExecuted: true });
});

test('checkout answered type 200: the claim is kept, consult approves the order, and it is never expired without one', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  // An earlier attempt the BFF lost track of already paid this order at the gateway.
  await paidAtGateway(client(), session.orderNumber);
  expect((await postCheckout(stack.bffUrl, session.sessionToken)).status).toBe(503);
  expect(await findOrder(stack.bff.store.db, session.orderNumber)).toMatchObject({ status: 'created', attempt_status: 'unknown' });
  // Never sent twice: a second checkout waits for the consult.
  expect((await postCheckout(stack.bffUrl, session.sessionToken)).status).toBe(503);
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(2);

  await stack.sandbox.resetCalls();
  clock.advance(staleMs + 1);
  await stack.bff.reconciler.runOnce();
  expect(await findOrder(stack.bff.store.db, session.orderNumber)).toMatchObject({ status: 'approved' });
  expect(await stack.sandbox.calls('consult', session.orderNumber)).toBeGreaterThan(0);
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(0);
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.map((row) => row.to_status)).not.toContain('expired');
});

test('a bank payment.public_id above 2^53 is taken, and kept digit for digit', async () => {
  const publicId = '9223372036854775807'; // int64 max: 2^63 - 1
  const event = bankEvent('payment.succeeded');
  const text = JSON.stringify({ ...event, payment: { ...event.payment, public_id: 0 } }).replace('"public_id":0', `"public_id":${publicId}`);
  const response = await postBank(stack.bffUrl, JSON.stringify({ data: await encryptDelivery(text, currentSecret) }));
  expect(response.status).toBe(200);
  await expect
    .poll(async () => (await tables(stack.bff).selectFrom('bank_payments').select('public_id').where('payment_id', '=', event.payment.payment_id).executeTakeFirst())?.public_id)
    .toBe(publicId);
});

test('a link webhook with svcLinkId "5" and auth null is taken as a claim to check, not refused', async () => {
  const response = await postLinkWebhook(stack.bffUrl, linkWebhook({ svcLinkId: '5', svcOrderId: '4242', auth: null, x_trace: { id: 1 } }));
  expect(response.status).toBe(200);
});
