// The reconciler: open orders nobody polls still reach a final status from the gateway's
// truth. Real sandbox over HTTP, real SQLite; the BFF's clock is moved by hand and passes are run
// directly (RECONCILE_INTERVAL_MS=0), so nothing here waits on a timer.
import { expect, test } from '../support/node-test.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import { approvingCard, checkout, createMerchantSession, followReturn, postCheckout } from '../bff/fixtures/buyer.ts';
import { ManualClock, metricsHeaders, startSystem, type System } from '../support/system.ts';

// Long enough that a plain call on a busy machine never times out; short enough to keep the timeout test quick.
const gatewayTimeoutMs = 1500;
const staleMs = gatewayTimeoutMs * 3;
const pendingEveryMs = 60_000;
const abandonAfterMs = 3_600_000;

let stack: System;
const clock = new ManualClock();

// Up to five minutes a test in whichever project runs this file (`npm test` runs it in one project with the bff suites).
test.describe.configure({ timeout: 300_000 });
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening', 
    clock,
    env: {
      GATEWAY_TIMEOUT_MS: String(gatewayTimeoutMs),
      RECONCILE_INTERVAL_MS: '0',
      RECONCILE_PENDING_EVERY_MS: String(pendingEveryMs),
      RECONCILE_ABANDON_AFTER_MS: String(abandonAfterMs),
    },
  });
});
test.afterAll(async () => {
  await stack?.close();
});
test.afterEach(async () => {
  await stack.sandbox.clearFaults();
});

const orderOf = (orderNumber: string) => findOrder(stack.bff.store.db, orderNumber);

test('an unknown outcome (5xx) with no payment at the gateway is expired, and a repeat checkout gets 409 instead of 503 for ever', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'http5xx', count: 1 });
  expect((await postCheckout(stack.bffUrl, session.sessionToken)).status).toBe(503);

  // Too early: the failed call may still be settling at the gateway.
  await stack.bff.reconciler.runOnce();
  expect(await orderOf(session.orderNumber)).toMatchObject({ status: 'created', attempt_status: 'unknown' });
  expect((await postCheckout(stack.bffUrl, session.sessionToken)).status).toBe(503);

  clock.advance(staleMs + 1);
  await stack.bff.reconciler.runOnce();
  expect(await orderOf(session.orderNumber)).toMatchObject({ status: 'expired', attempt_status: 'expired' });
  const repeat = await postCheckout(stack.bffUrl, session.sessionToken);
  expect(repeat.status).toBe(409);
  expect(repeat.headers.get('Content-Type')).toContain('application/problem+json');
  // Closed without a second processPayment, and the gateway indeed holds no payment.
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(1);
  expect(await stack.sandbox.truth(session.orderNumber)).toBeUndefined();
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.at(-1)).toMatchObject({ from_status: 'created', to_status: 'expired', source: 'reconciler' });
});

test('a timed-out processPayment whose page the gateway did create (never handed out) is expired; the page was never paid', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  // The answer comes after our timeout: the gateway creates the page, we never learn its URL.
  await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'latency', latencyMs: gatewayTimeoutMs * 2, count: 1 });
  expect((await postCheckout(stack.bffUrl, session.sessionToken)).status).toBe(503);
  await expect.poll(async () => (await stack.sandbox.truth(session.orderNumber))?.attempts.length ?? 0).toBe(1);
  clock.advance(staleMs + 1);
  await stack.bff.reconciler.runOnce();
  expect((await orderOf(session.orderNumber))?.status).toBe('expired');
  expect((await stack.sandbox.truth(session.orderNumber))?.status).toBe('created');
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(1);
});

test('a consult that fails leaves the order for the next pass', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'malformedJson', count: 1 });
  expect((await postCheckout(stack.bffUrl, session.sessionToken)).status).toBe(503);
  clock.advance(staleMs + 1);
  await stack.sandbox.injectFault({ operation: 'consult', kind: 'http5xx' });
  await stack.bff.reconciler.runOnce();
  expect((await orderOf(session.orderNumber))?.status).toBe('created');
  await stack.sandbox.clearFaults();
  await stack.bff.reconciler.runOnce();
  expect((await orderOf(session.orderNumber))?.status).toBe('expired');
});

test('a buyer who paid but never came back is approved by the reconciler, which then stops asking', async () => {
  const session = await createMerchantSession(stack.bffUrl, { capture: true });
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard }); // the redirect is never followed
  expect((await orderOf(session.orderNumber))?.status).toBe('pending');
  await stack.sandbox.resetCalls();
  // A fresh page is left to the buyer's own return and polling.
  await stack.bff.reconciler.runOnce();
  expect(await stack.sandbox.calls('consult', session.orderNumber)).toBe(0);
  clock.advance(pendingEveryMs + 1);
  await stack.bff.reconciler.runOnce();
  const order = await orderOf(session.orderNumber);
  expect(order).toMatchObject({ status: 'approved', captured_amount: '25.00' });
  expect(order?.gateway_auth).toMatch(/^\d{6}$/);
  expect(await stack.sandbox.calls('consult', session.orderNumber)).toBe(1);
  await stack.bff.reconciler.runOnce();
  expect(await stack.sandbox.calls('consult', session.orderNumber)).toBe(1);
});

test('a pending page never paid is consulted at most once per interval, then expired after the abandon horizon', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  await checkout(stack.bffUrl, session.sessionToken);
  await stack.sandbox.resetCalls();
  clock.advance(pendingEveryMs + 1);
  await stack.bff.reconciler.runOnce();
  await stack.bff.reconciler.runOnce();
  expect(await stack.sandbox.calls('consult', session.orderNumber)).toBe(1);
  clock.advance(pendingEveryMs + 1);
  await stack.bff.reconciler.runOnce();
  expect(await stack.sandbox.calls('consult', session.orderNumber)).toBe(2);
  expect((await orderOf(session.orderNumber))?.status).toBe('pending');

  clock.advance(abandonAfterMs);
  await stack.bff.reconciler.runOnce();
  expect(await orderOf(session.orderNumber)).toMatchObject({ status: 'expired', status_message: 'The payment page was not used in time.' });
});

test('a page paid just before the horizon is approved, not expired: consult comes first', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  clock.advance(abandonAfterMs + 1);
  const back = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  await stack.bff.reconciler.runOnce();
  expect((await orderOf(session.orderNumber))?.status).toBe('approved');
  // The late redirect changes nothing.
  expect((await followReturn(back)).status).toBe(303);
  expect((await orderOf(session.orderNumber))?.status).toBe('approved');
});

test('a session never checked out is expired without asking the gateway', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  await stack.sandbox.resetCalls();
  await stack.bff.reconciler.runOnce();
  expect((await orderOf(session.orderNumber))?.status).toBe('created');
  clock.advance(16 * 60 * 1000);
  await stack.bff.reconciler.runOnce();
  expect((await orderOf(session.orderNumber))?.status).toBe('expired');
  expect(await stack.sandbox.calls('consult', session.orderNumber)).toBe(0);
  expect((await statusHistory(stack.bff.store.db, session.orderNumber)).at(-1)).toMatchObject({ to_status: 'expired', source: 'reconciler' });
});

test('two instances reconciling the same order at once record one transition', async () => {
  const second = await stack.startAnotherBff({}, { clock });
  const session = await createMerchantSession(stack.bffUrl);
  await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'http5xx', count: 1 });
  expect((await postCheckout(stack.bffUrl, session.sessionToken)).status).toBe(503);
  clock.advance(staleMs + 1);
  await Promise.all([stack.bff.reconciler.runOnce(), second.reconciler.runOnce()]);
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.filter((row) => row.to_status === 'expired')).toHaveLength(1);
});

test('a claim taken over by the reconciler never hands its page out: the slow caller answers 409, not a URL for a closed order', async () => {
  // A slow instance: its claim looks stale (by the clock) while its processPayment is still out.
  const slow = await stack.startAnotherBff({ GATEWAY_TIMEOUT_MS: '5000', RECONCILE_INTERVAL_MS: '0' }, { clock });
  const session = await createMerchantSession(slow.url);
  await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'latency', latencyMs: 1500, count: 1 });
  const answer = postCheckout(slow.url, session.sessionToken);
  await expect.poll(() => stack.sandbox.calls('processPayment', session.orderNumber)).toBe(1);
  clock.advance(3 * 5000 + 1);
  // The gateway has no settled payment yet: the reconciler closes the order under the caller.
  await slow.reconciler.runOnce();
  expect((await orderOf(session.orderNumber))?.status).toBe('expired');
  const late = await answer;
  expect(late.status).toBe(409);
  expect(JSON.stringify(await late.json())).not.toContain('/hosted/');
  expect(await orderOf(session.orderNumber)).toMatchObject({ status: 'expired', attempt_status: 'expired', attempt_hosted_url: null });
});

test('an order expired unpaid is re-consulted for a while: a late payment on its page still approves it', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  clock.advance(abandonAfterMs + pendingEveryMs + 1);
  await stack.bff.reconciler.runOnce();
  expect((await orderOf(session.orderNumber))?.status).toBe('expired');

  // The buyer pays on the page they still had open; their redirect never reaches us.
  await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  clock.advance(pendingEveryMs + 1);
  await stack.bff.reconciler.runOnce();
  expect((await orderOf(session.orderNumber))?.status).toBe('approved');
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.slice(-2).map((entry) => `${entry.from_status}→${entry.to_status}`)).toEqual(['pending→expired', 'expired→approved']);
});

/** gateway_consults_total of one reason, as /metrics shows it. */
async function consultsCounted(reason: string): Promise<number> {
  const text = await (await fetch(`${stack.bffUrl}/metrics`, { headers: metricsHeaders })).text();
  const line = text.split('\n').find((entry) => entry.startsWith(`gateway_consults_total{reason="${reason}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

test('an abandoned hosted page costs a handful of consults over its whole parked life, not one per pass', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  await checkout(stack.bffUrl, session.sessionToken);
  clock.advance(abandonAfterMs + pendingEveryMs + 1);
  await stack.bff.reconciler.runOnce();
  expect((await orderOf(session.orderNumber))?.status).toBe('expired');
  await stack.sandbox.resetCalls();
  const parkedBefore = await consultsCounted('reconcile_parked');

  // Three days (the default parked window) and a bit, a pass every five minutes: 870 passes.
  const tickMs = 5 * 60_000;
  for (let elapsed = 0; elapsed <= 3 * 24 * 3_600_000 + 2 * tickMs; elapsed += tickMs) {
    clock.advance(tickMs);
    await stack.bff.reconciler.runOnce();
  }
  // 1 min (seen at the 5-min pass), 30 min, 2 h, 6 h, then daily to the end of the window.
  const consults = await stack.sandbox.calls('consult', session.orderNumber);
  expect(consults).toBeGreaterThanOrEqual(5);
  expect(consults).toBeLessThanOrEqual(30);
  expect(await consultsCounted('reconcile_parked')).toBeGreaterThanOrEqual(parkedBefore + consults);
  // Off the schedule once its window is over: nothing is due any more.
  expect(await orderOf(session.orderNumber)).toMatchObject({ status: 'expired', next_consult_at: null });
});
