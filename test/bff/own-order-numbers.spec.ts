// The merchant reads our order number wherever the gateway's records speak of a payment, although
// the real consult writes it behind a merchant prefix (`PFC030684-<ours>`); the gateway's own value
// is kept beside it as `gatewayOrderNumber`.
import { expect, test } from '../support/node-test.ts';
import { checkout, createMerchantSession, decliningCard, followReturn, approvingCard } from './fixtures/buyer.ts';
import { merchant } from './merchant-fixture.ts';
import { demoMerchantClient, gatewayBuyer } from './fixtures/gateway-client.ts';
import { merchantGet, merchantPost, polling, tables } from './webhooks-support.ts';
import { type System, startSystem } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ bank: true,  env: { SANDBOX_PROFILE: 'tilopay', GATEWAY_BRAND: 'tilopay' } });
});
test.afterAll(async () => {
  await stack?.close();
});

async function pay(sessionToken: string, card: string) {
  const { redirectUrl } = await checkout(stack.bffUrl, sessionToken);
  expect((await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card }))).status).toBe(303);
}

test('transactions: each record of an order\'s attempts shows our order number, and the gateway\'s beside it', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '7000.00', currency: 'CRC' });
  await pay(session.sessionToken, decliningCard);
  await pay(session.sessionToken, approvingCard);
  const { status, body } = await merchant(stack, 'GET', '/v1/merchant/transactions');
  expect(status).toBe(200);
  const ofOrder = body.items.filter((item: { orderNumber: string }) => item.orderNumber === session.orderNumber);
  expect(ofOrder.map((item: { gatewayOrderNumber: string }) => item.gatewayOrderNumber).sort()).toEqual(
    [`PFC030684-${session.orderNumber}`, `PFC030684-${session.orderNumber}-R2`].sort(),
  );
  expect(body.items.some((item: { orderNumber: string }) => item.orderNumber.startsWith('PFC030684-'))).toBe(false);
});

test('transactions filtered by our order number list every attempt\'s records, each under our number', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '7100.00', currency: 'CRC' });
  await pay(session.sessionToken, decliningCard);
  await pay(session.sessionToken, approvingCard);
  const { status, body } = await merchant(stack, 'GET', `/v1/merchant/transactions?orderNumber=${session.orderNumber}`);
  expect(status).toBe(200);
  expect(body.items.map((item: { orderNumber: string }) => item.orderNumber)).toEqual([session.orderNumber, session.orderNumber]);
  expect(body.items.map((item: { gatewayOrderNumber: string }) => item.gatewayOrderNumber).sort()).toEqual(
    [`PFC030684-${session.orderNumber}`, `PFC030684-${session.orderNumber}-R2`].sort(),
  );
});

test('transactions: a record that names none of ours is shown as the gateway wrote it, without a second number', async () => {
  // A payment made at the gateway by another integration on the same account.
  const page = await demoMerchantClient(stack.sandboxUrl).processPayment({
    ...gatewayBuyer, redirect: 'https://elsewhere.example/back', amount: '10.00', currency: 'USD', orderNumber: 'POS-4411', capture: '1', subscription: '0', platform: 'pos',
  });
  await stack.sandbox.payHostedPage(page.url, { card: approvingCard });
  const { body } = await merchant(stack, 'GET', '/v1/merchant/transactions');
  const theirs = body.items.filter((item: { orderNumber: string }) => item.orderNumber.endsWith('POS-4411'));
  expect(theirs).toEqual([expect.objectContaining({ orderNumber: 'PFC030684-POS-4411' })]);
  expect(theirs[0]).not.toHaveProperty('gatewayOrderNumber');
});

test('link payments: the merchant reads the number the report gave, the gateway\'s prefixed one beside it', async () => {
  const created = await merchantPost(stack.bffUrl, '/v1/merchant/payment-links', { amount: '3000.00', currency: 'CRC', description: 'Taller' });
  expect(created.status).toBe(201);
  const landing = await stack.sandbox.payLink(created.body.url, approvingCard);
  const reported = landing.searchParams.get('orderNumber')!;
  expect(reported).not.toMatch(/^PFC030684-/);
  await expect
    .poll(() => tables(stack.bff).selectFrom('link_payments').selectAll().where('link_id', '=', created.body.id).execute(), polling('the link payment'))
    .toEqual([expect.objectContaining({ order_number: reported, gateway_order_number: `PFC030684-${reported}`, status: 'paid' })]);
  const listed = await merchantGet(stack.bffUrl, `/v1/merchant/orders?orderNumber=${reported}`);
  expect(listed.body.items).toEqual([expect.objectContaining({ orderNumber: reported, source: 'link', gatewayOrderNumber: `PFC030684-${reported}` })]);
  const { body } = await merchant(stack, 'GET', '/v1/merchant/transactions');
  expect(body.items).toContainEqual(expect.objectContaining({ orderNumber: reported, gatewayOrderNumber: `PFC030684-${reported}` }));
});

test('the OpenAPI document shows gatewayOrderNumber on transactions, orders and link.paid', async () => {
  const document = await (await fetch(`${stack.bffUrl}/v1/openapi.json`)).json();
  const schemas = document.components.schemas;
  expect(schemas.Transaction.properties).toHaveProperty('gatewayOrderNumber');
  expect(schemas.Transaction.required).not.toContain('gatewayOrderNumber');
  expect(schemas.Order.properties).toHaveProperty('gatewayOrderNumber');
  expect(JSON.stringify(document.webhooks['link.paid'])).toContain('#/components/schemas/LinkPaidEvent');
  expect(JSON.stringify(schemas.LinkPaidEvent)).toContain('gatewayOrderNumber');
});
