// Retention deletes an order only when no attempt of it ever reached the gateway's books: what one
// attempt recorded (a declined transaction) is not forgotten because a later attempt was abandoned.
// On SQLite, or PostgreSQL with TEST_DATABASE_URL.
import { expect, test } from '../support/node-test.ts';
import { attemptsOf } from '../../bff/store/attempts.ts';
import { checkout, createMerchantSession, decliningCard, followReturn, orderStatus } from './fixtures/buyer.ts';
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

async function declinedOnce(): Promise<{ orderNumber: string; sessionToken: string }> {
  const session = await createMerchantSession(stack.bffUrl, { amount: '5000.00', currency: 'CRC' });
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  expect((await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: decliningCard }))).status).toBe(303);
  expect(await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken)).toMatchObject({ status: 'declined' });
  return session;
}

test('an order declined by the gateway, then abandoned on its second page, is kept like one left declined', async () => {
  const declinedThenAbandoned = await declinedOnce();
  const leftDeclined = await declinedOnce();
  await checkout(stack.bffUrl, declinedThenAbandoned.sessionToken); // the second page, never paid
  const [first] = await attemptsOf(stack.bff.store.db, declinedThenAbandoned.orderNumber);
  expect(first?.gateway_tpt).not.toBeNull();

  clock.advance(2 * day); // past RECONCILE_ABANDON_AFTER_MS: the reconciler expires the second page
  await stack.bff.reconciler.runOnce();
  const expired = await stack.bff.store.db.selectFrom('orders').select('status').where('order_number', '=', declinedThenAbandoned.orderNumber).executeTakeFirst();
  expect(expired?.status).toBe('expired');

  clock.advance(91 * day);
  await stack.bff.retention.runOnce();
  const kept = await stack.bff.store.db
    .selectFrom('orders')
    .select('order_number')
    .where('order_number', 'in', [declinedThenAbandoned.orderNumber, leftDeclined.orderNumber])
    .orderBy('order_number')
    .execute();
  expect(kept.map((row) => row.order_number)).toEqual([declinedThenAbandoned.orderNumber, leftDeclined.orderNumber].sort());
  expect(await attemptsOf(stack.bff.store.db, declinedThenAbandoned.orderNumber)).toHaveLength(2);
});
