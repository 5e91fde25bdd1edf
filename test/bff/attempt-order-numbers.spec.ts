// The order numbers the BFF sends the gateway: letters, digits and dashes only, one per attempt;
// attempts stored under the old `<order>|<n>` still consult under it; and a number the gateway
// writes back behind its merchant prefix finds its attempt.
import { expect, test } from '../support/node-test.ts';
import { attemptsOf } from '../../bff/store/attempts.ts';
import { findOrder } from '../../bff/store/orders.ts';
import { approvingCard, checkout, createMerchantSession, decliningCard, followReturn, orderStatus } from './fixtures/buyer.ts';
import { demoMerchantClient, gatewayBuyer } from './fixtures/gateway-client.ts';
import { startSystem, ManualClock, type System } from '../support/system.ts';

const pastConsultInterval = 2001;
const clock = new ManualClock();
/** Every orderNumber processPayment was sent, in order. */
const sent: string[] = [];
let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({
    clock,
    env: { SANDBOX_PROFILE: 'tilopay', GATEWAY_BRAND: 'tilopay' },
    rewrite: async (request, answer) => {
      if (new URL(request.url).pathname === '/api/v1/processPayment') sent.push(((await request.json()) as { orderNumber: string }).orderNumber);
      return answer;
    },
  });
});
test.afterAll(async () => {
  await stack?.close();
});

async function pay(sessionToken: string, card: string) {
  const { redirectUrl } = await checkout(stack.bffUrl, sessionToken);
  const redirect = await stack.sandbox.payHostedPage(redirectUrl, { card });
  expect((await followReturn(redirect)).status).toBe(303);
  return redirect;
}

test('declines and retries: every number sent is letters, digits and dashes, and each attempt has its own', async () => {
  sent.length = 0;
  const session = await createMerchantSession(stack.bffUrl, { amount: '5000.00', currency: 'CRC', orderNumber: 'shop_order_77' });
  await pay(session.sessionToken, decliningCard);
  await pay(session.sessionToken, decliningCard);
  await pay(session.sessionToken, approvingCard);
  expect(await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken)).toMatchObject({ status: 'approved', attempts: 3 });
  expect(sent).toHaveLength(3);
  for (const number of sent) expect(number).toMatch(/^[A-Za-z0-9-]+$/);
  expect(new Set(sent).size).toBe(3);
  expect((await attemptsOf(stack.bff.store.db, session.orderNumber)).map((attempt) => attempt.gateway_order_number)).toEqual(sent);
});

test('an attempt stored as <order>|<n> before the change still consults under that number and settles', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '5000.00', currency: 'CRC' });
  await pay(session.sessionToken, decliningCard);
  await checkout(stack.bffUrl, session.sessionToken);
  // As an older BFF opened it: attempt 2 known to the gateway (and to our store) as `<order>|2`.
  const oldNumber = `${session.orderNumber}|2`;
  const page = await demoMerchantClient(stack.sandboxUrl).processPayment({
    ...gatewayBuyer, redirect: `${stack.bffUrl}/v1/return`, amount: '5000.00', currency: 'CRC', orderNumber: oldNumber, capture: '1', subscription: '0', platform: 'test',
  });
  await stack.sandbox.payHostedPage(page.url, { card: approvingCard });
  await stack.bff.store.db.updateTable('payment_attempts').set({ gateway_order_number: oldNumber }).where('order_number', '=', session.orderNumber).where('number', '=', 2).execute();
  clock.advance(pastConsultInterval);
  expect(await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken)).toMatchObject({ status: 'approved', attempts: 2 });
  expect((await findOrder(stack.bff.store.db, session.orderNumber))?.gateway_order_number).toBe(oldNumber);
});

test('a redirect naming the attempt behind the gateway\'s merchant prefix finds that attempt', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '5000.00', currency: 'CRC' });
  await pay(session.sessionToken, decliningCard);
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  const redirect = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  // Without returnData, only the order number names the attempt; the gateway wrote it prefixed.
  const prefixed = new URL(redirect);
  prefixed.searchParams.delete('returnData');
  prefixed.searchParams.set('order', `PFC030684-${redirect.searchParams.get('order')}`);
  expect((await followReturn(prefixed)).status).toBe(303);
  clock.advance(pastConsultInterval);
  expect(await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken)).toMatchObject({ status: 'approved', attempts: 2 });
});
