// GET /v1/orders/{n}: answered from the store; for an open order at most one consult per order
// per interval, however many pollers ask at once. Time is a manual clock: no wall-clock asserts.
import { expect, test } from '../support/node-test.ts';
import { TokenService } from '../../bff/http/auth/tokens.ts';
import { statusHistory } from '../../bff/store/orders.ts';
import { approvingCard, checkout, createMerchantSession, orderStatus } from './fixtures/buyer.ts';
import { startSystem, ManualClock, type System } from '../support/system.ts';

const clock = new ManualClock();
let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ clock, env: { STATUS_CONSULT_INTERVAL_MS: '2000' } });
});
test.afterAll(async () => {
  await stack?.close();
});

test('50 concurrent pollers cause at most one consult per interval', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  await checkout(stack.bffUrl, session.sessionToken);
  await stack.sandbox.resetCalls();
  const pollAll = () => Promise.all(Array.from({ length: 50 }, () => orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken)));

  const first = await pollAll();
  expect(first.every((status) => status.status === 'pending' && status.final === false)).toBe(true);
  expect(await stack.sandbox.calls('consult', session.orderNumber)).toBe(1);

  // Still inside the interval: answered from the store, no consult.
  clock.advance(1500);
  await pollAll();
  expect(await stack.sandbox.calls('consult', session.orderNumber)).toBe(1);

  // Next interval: exactly one more.
  clock.advance(600);
  await pollAll();
  expect(await stack.sandbox.calls('consult', session.orderNumber)).toBe(2);
});

test('polling records the transition when the gateway settles, then stops consulting', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  expect((await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken)).status).toBe('pending');
  // The buyer pays but never comes back through /v1/return (closed the tab).
  await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  clock.advance(2100);
  const settled = await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken);
  expect(settled).toMatchObject({ status: 'approved', final: true });
  expect(settled.auth).toBeTruthy();
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.map((entry) => [entry.to_status, entry.source])).toEqual([
    ['created', 'session'],
    ['pending', 'checkout'],
    ['approved', 'consult'],
  ]);
  await stack.sandbox.resetCalls();
  clock.advance(10_000);
  await Promise.all(Array.from({ length: 10 }, () => orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken)));
  expect(await stack.sandbox.calls('consult', session.orderNumber)).toBe(0);
});

test('an order never checked out does not consult, and expires with its session', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  await stack.sandbox.resetCalls();
  expect((await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken)).status).toBe('created');
  expect(await stack.sandbox.calls('consult')).toBe(0);
  clock.advance(16 * 60 * 1000);
  try {
    // The session token has expired with the session…
    const refused = await fetch(`${stack.bffUrl}/v1/orders/${session.orderNumber}`, { headers: { Authorization: `Bearer ${session.sessionToken}` } });
    expect(refused.status).toBe(401);
    // …and a status token (as /v1/return would give) now reads the order as expired.
    const tokens = new TokenService(stack.env.SESSION_SIGNING_KEY!, clock);
    const { token } = await tokens.signStatus(session.orderNumber);
    expect(await orderStatus(stack.bffUrl, session.orderNumber, token)).toMatchObject({ status: 'expired', final: true });
    expect(await stack.sandbox.calls('consult')).toBe(0);
  } finally {
    clock.advance(-16 * 60 * 1000);
  }
});
