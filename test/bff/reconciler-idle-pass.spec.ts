// A reconciler pass with nothing due reads nothing: the hosted pages out that a pass has just
// consulted are not walked again until their interval has passed (their last look is on the
// attempt, migration 0099), so an idle pass costs its queries, not a read of every page out. And
// the look is shared: a second instance on the same store does not ask the gateway again within
// the interval. Real sandbox over HTTP; the clock is moved by hand and passes are run directly.
import { expect, test } from '../support/node-test.ts';
import { checkout, createMerchantSession } from './fixtures/buyer.ts';
import { ManualClock, startSystem, type System } from '../support/system.ts';

const pendingEveryMs = 60_000;
let stack: System;
const clock = new ManualClock();

test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening', 
    clock,
    env: { RECONCILE_INTERVAL_MS: '0', RECONCILE_PENDING_EVERY_MS: String(pendingEveryMs), RECONCILE_ABANDON_AFTER_MS: String(24 * 3_600_000) },
  });
});
test.afterAll(async () => {
  await stack?.close();
});

test('pages out just consulted are not read again by the next pass, nor asked about by another instance, until their interval has passed', async () => {
  const orders: string[] = [];
  for (let i = 0; i < 5; i++) {
    const session = await createMerchantSession(stack.bffUrl);
    await checkout(stack.bffUrl, session.sessionToken);
    orders.push(session.orderNumber);
  }
  const consults = async () => (await Promise.all(orders.map((order) => stack.sandbox.calls('consult', order)))).reduce((sum, n) => sum + n, 0);
  await stack.sandbox.resetCalls();
  clock.advance(pendingEveryMs + 1);

  const first = await stack.bff.reconciler.runOnce();
  expect(first).toMatchObject({ examined: 5, consulted: 5 });
  expect(await consults()).toBe(5);

  // Idle: the same time again, and a little later, on this instance and on another.
  expect(await stack.bff.reconciler.runOnce()).toEqual({ examined: 0, consulted: 0, resolved: 0 });
  clock.advance(pendingEveryMs / 2);
  const another = await stack.startAnotherBff({}, { clock });
  expect(await another.reconciler.runOnce()).toEqual({ examined: 0, consulted: 0, resolved: 0 });
  expect(await stack.bff.reconciler.runOnce()).toEqual({ examined: 0, consulted: 0, resolved: 0 });
  expect(await consults()).toBe(5);

  // Due again once the interval has passed since the look (a pass every 15 s finds it on time): each
  // page asked about once, by whichever instance looks first.
  clock.advance(pendingEveryMs / 2);
  const [mine, theirs] = await Promise.all([stack.bff.reconciler.runOnce(), another.reconciler.runOnce()]);
  expect(mine.consulted + theirs.consulted).toBe(5);
  expect(await consults()).toBe(10);
});
