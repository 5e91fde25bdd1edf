// The joint-state fixture (fixtures/joint-state.ts) itself: every (order status, current attempt
// status) pair the joint table lets coexist is placed, through the lifecycle's writers, on the run's
// engine; each placed order reads back as that pair, and the BFF answers the merchant's view and the
// buyer's status of it in their wire schemas. A pair the table gains is covered here without a change.
import { expect, test } from '../support/node-test.ts';
import { orderStatusResponse } from '../../contract/bff-api.ts';
import { merchantOrderDetail } from '../../contract/merchant-api.ts';
import { TokenService } from '../../bff/http/auth/tokens.ts';
import { systemClock } from '../../bff/lib/observability/clock.ts';
import { attemptsOf } from '../../bff/store/attempts.ts';
import { findOrder } from '../../bff/store/orders.ts';
import { createMerchantSession } from './fixtures/buyer.ts';
import { jointPairs, placeOrder, placePair } from './fixtures/joint-state.ts';
import { startSystem, merchantSecret, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack?.close();
});

async function answersOf(orderNumber: string) {
  const merchant = await fetch(`${stack.bffUrl}/v1/merchant/orders/${orderNumber}`, { headers: { Authorization: `Bearer ${merchantSecret}` } });
  expect(merchant.status, await merchant.clone().text()).toBe(200);
  const { token } = await new TokenService(stack.env.SESSION_SIGNING_KEY!, systemClock).signStatus(orderNumber);
  const buyer = await fetch(`${stack.bffUrl}/v1/orders/${orderNumber}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(buyer.status, await buyer.clone().text()).toBe(200);
  return { merchant: merchantOrderDetail.parse(await merchant.json()), buyer: orderStatusResponse.parse(await buyer.json()) };
}

test('every pair the joint table allows is placed, reads back as that pair, and both views of it parse', async () => {
  const pairs = jointPairs();
  expect(pairs.length).toBeGreaterThan(40);
  for (const { order, attempt } of pairs) {
    await test.step(`(${order}, ${attempt})`, async () => {
      const orderNumber = await placePair(stack.bff.store, order, attempt);
      const row = await findOrder(stack.bff.store.db, orderNumber);
      expect([row?.status, row?.attempt_status ?? 'none']).toEqual([order, attempt]);
      const { merchant, buyer } = await answersOf(orderNumber);
      expect([merchant.status, buyer.status]).toEqual([order, order]);
      expect(merchant.attempts.at(-1)?.number ?? 0).toBe(row?.attempt_number);
    });
  }
});

test('an order is placed with exactly the attempts asked, each in its method and status', async () => {
  const hostedUrl = 'https://gateway.example/pay/placed';
  const orderNumber = await placeOrder(stack.bff.store, { order: 'pending', attempts: [{ method: 'card', status: 'declined' }, { method: 'card', status: 'open', hostedUrl }] });
  const attempts = await attemptsOf(stack.bff.store.db, orderNumber);
  expect(attempts.map((attempt) => [attempt.number, attempt.method, attempt.status, attempt.hosted_url])).toEqual([
    [1, 'card', 'declined', null],
    [2, 'card', 'open', hostedUrl],
  ]);
  const replaced = await placeOrder(stack.bff.store, { order: 'review', attempts: [{ method: 'card', status: 'review' }, { method: 'sinpe_movil', status: 'open' }] });
  expect((await attemptsOf(stack.bff.store.db, replaced)).map((attempt) => [attempt.method, attempt.status])).toEqual([
    ['card', 'review'],
    ['sinpe_movil', 'open'],
  ]);
  expect((await answersOf(replaced)).merchant.status).toBe('review');
});

test('an order a merchant session made over HTTP is moved into the state asked', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '12.50' });
  await placeOrder(stack.bff.store, { order: 'approved', attempts: [{ method: 'card', status: 'approved' }] }, { orderNumber: session.orderNumber });
  const { merchant } = await answersOf(session.orderNumber);
  expect([merchant.status, merchant.amount, merchant.attempts.map((attempt) => attempt.outcome)]).toEqual(['approved', '12.50', ['approved']]);
});
