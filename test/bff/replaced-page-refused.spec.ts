// Back from the hosted page, the buyer presses Pay again and the gateway refuses the new page: the
// order stays pending with its first page still out (the buyer may still pay it). The reconciler
// must then follow that page, not the refused attempt that has none: its money is found even when
// its redirect never came back, and an order nobody paid expires like any abandoned one.
// On SQLite, or PostgreSQL with TEST_DATABASE_URL.
import { expect, test } from '../support/node-test.ts';
import { gatewayOrderNumberOf } from '../../contract/gateway-facts.ts';
import { approvingCard, checkout, checkoutBody, createMerchantSession, postCheckout } from './fixtures/buyer.ts';
import { startSystem, ManualClock, type System } from '../support/system.ts';

const day = 24 * 60 * 60 * 1000;
const clock = new ManualClock();
let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ clock, env: { RECONCILE_INTERVAL_MS: '0', RETENTION_INTERVAL_MS: '0' } });
});
test.afterAll(async () => {
  await stack?.close();
});

/** A merchant order whose first page is out and whose second was refused by the gateway. */
async function firstPageOutSecondRefused() {
  const session = await createMerchantSession(stack.bffUrl, { amount: '6400.00', currency: 'CRC' });
  const first = await checkout(stack.bffUrl, session.sessionToken);
  await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'bodyFailure', type: '400', message: 'Bad data', count: 1 });
  // The buyer came Back from the first page: its replacement is the attempt the gateway refuses.
  const refused = await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, replacesAttempt: first.attempt });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(await stack.sandbox.calls('processPayment', gatewayOrderNumberOf(session.orderNumber, 2))).toBe(1);
  return { session, first };
}

async function statusOf(orderNumber: string) {
  return (await stack.bff.store.db.selectFrom('orders').select('status').where('order_number', '=', orderNumber).executeTakeFirst())?.status;
}

test('the first page, paid after the second was refused and with its redirect lost, is found by the reconciler', async () => {
  const { session, first } = await firstPageOutSecondRefused();
  await stack.sandbox.payHostedPage(first.redirectUrl, { card: approvingCard });
  clock.advance(2 * day);
  await stack.bff.reconciler.runOnce();
  // Money on a page a later attempt replaced: the order in review with the reason, never lost and never waiting.
  expect(await statusOf(session.orderNumber)).toBe('review');
});

test('nobody paid either page: the reconciler expires the order', async () => {
  const { session } = await firstPageOutSecondRefused();
  clock.advance(2 * day);
  await stack.bff.reconciler.runOnce();
  expect(await statusOf(session.orderNumber)).toBe('expired');
});
