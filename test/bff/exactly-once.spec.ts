// One order number, one processPayment: concurrent repeats, repeats across two BFF instances on
// one database, and gateway failures that may or may not have created the payment.
import { expect, test } from '../support/node-test.ts';
import { findOrder } from '../../bff/store/orders.ts';
import { gatewayOrderNumberOf } from '../../contract/gateway-facts.ts';
import { checkout, checkoutAfterBack, createMerchantSession, postCheckout } from './fixtures/buyer.ts';
import { startSystem, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ env: { RATE_LIMIT_PER_MINUTE: '10000' } });
});
test.afterAll(async () => {
  await stack?.close();
});
test.afterEach(async () => {
  await stack.sandbox.clearFaults();
});

test('20 concurrent identical checkouts cause exactly one processPayment and get one URL', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  // Slow the gateway down so the repeats really overlap the first call.
  await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'latency', latencyMs: 300, count: 1 });
  const responses = await Promise.all(Array.from({ length: 20 }, () => postCheckout(stack.bffUrl, session.sessionToken)));
  expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
  const urls = new Set(await Promise.all(responses.map(async (response) => (await response.json()).redirectUrl)));
  expect(urls.size).toBe(1);
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(1);
  // …a later repeat (a double submit the BFF did not see overlap) is handed the same page…
  const late = await checkout(stack.bffUrl, session.sessionToken);
  expect(late.redirectUrl).toBe([...urls][0]);
  // …and Back from the page names it: the order's next attempt, never a repeat of this one.
  expect((await checkoutAfterBack(stack.bffUrl, session.sessionToken, late)).redirectUrl).not.toBe([...urls][0]);
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(1);
  expect(await stack.sandbox.calls('processPayment', gatewayOrderNumberOf(session.orderNumber, 2))).toBe(1);
});

test('concurrent checkouts through two BFF instances on one database cause one processPayment', async () => {
  const second = await stack.startAnotherBff();
  const session = await createMerchantSession(stack.bffUrl);
  await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'latency', latencyMs: 300, count: 1 });
  const responses = await Promise.all(
    Array.from({ length: 10 }, (_, i) => postCheckout(i % 2 === 0 ? stack.bffUrl : second.url, session.sessionToken)),
  );
  expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
  const urls = new Set(await Promise.all(responses.map(async (response) => (await response.json()).redirectUrl)));
  expect(urls.size).toBe(1);
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(1);
});

test('a 5xx from processPayment is never retried: the order waits for consult, repeats get 503', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'http5xx', count: 1 });
  const first = await postCheckout(stack.bffUrl, session.sessionToken);
  expect(first.status).toBe(503);
  expect(first.headers.get('Content-Type')).toContain('application/problem+json');
  const repeat = await postCheckout(stack.bffUrl, session.sessionToken);
  expect(repeat.status).toBe(503);
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(1);
  expect((await findOrder(stack.bff.store.db, session.orderNumber))?.attempt_status).toBe('unknown');
});

test('a processPayment timeout is never retried either', async () => {
  const quick = await stack.startAnotherBff({ GATEWAY_TIMEOUT_MS: '300' });
  const session = await createMerchantSession(quick.url);
  await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'hang', count: 1 });
  expect((await postCheckout(quick.url, session.sessionToken)).status).toBe(503);
  expect((await postCheckout(quick.url, session.sessionToken)).status).toBe(503);
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(1);
});

test('a refusal in the body created nothing, so the buyer may try again', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'bodyFailure', type: '400', message: 'Bad data', count: 1 });
  const refused = await postCheckout(stack.bffUrl, session.sessionToken);
  expect(refused.status).toBe(502);
  const again = await postCheckout(stack.bffUrl, session.sessionToken);
  expect(again.status).toBe(200);
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(2);
});

test('a gateway 401 during checkout causes exactly one new login, and the checkout succeeds', async () => {
  const warm = await createMerchantSession(stack.bffUrl);
  await checkout(stack.bffUrl, warm.sessionToken); // the BFF now holds an API token
  await stack.sandbox.resetCalls();
  await stack.sandbox.expireTokens();
  const session = await createMerchantSession(stack.bffUrl);
  expect((await postCheckout(stack.bffUrl, session.sessionToken)).status).toBe(200);
  expect(await stack.sandbox.calls('login')).toBe(1);
  // The first send was refused with 401 before it ran; the gateway holds exactly one payment.
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(2);
  expect((await stack.sandbox.truth(session.orderNumber))?.attempts).toHaveLength(1);
});
