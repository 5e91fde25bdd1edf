// An order in review (consult showed a payment that contradicts it) is closed by the merchant: the
// payment approved for the order, or voided so the buyer can pay again. Real sandbox over HTTP.
import { expect, test } from '../support/node-test.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import { checkout, createMerchantSession } from './fixtures/buyer.ts';
import { orderInReview } from './fixtures/review.ts';
import { merchantSecret, startSystem, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening' });
});
test.afterAll(async () => {
  await stack?.close();
});

function decide(orderNumber: string, body: unknown, key = crypto.randomUUID()) {
  return fetch(`${stack.bffUrl}/v1/merchant/orders/${orderNumber}/review`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });
}

test('the merchant approves the payment found: the order is approved, with the decision in its history', async () => {
  const session = await orderInReview(stack);
  const response = await decide(session.orderNumber, { decision: 'approve', note: 'customer paid the difference by phone' });
  expect(response.status).toBe(200);
  expect((await response.json()).status).toBe('approved');
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.at(-1)).toMatchObject({ from_status: 'review', to_status: 'approved', source: 'merchant' });
  expect(history.at(-1)?.detail).toContain('customer paid the difference');
});

test('the merchant voids the review: the order is cancelled and the buyer can pay it again', async () => {
  const session = await orderInReview(stack);
  expect((await decide(session.orderNumber, { decision: 'void' })).status).toBe(200);
  expect((await findOrder(stack.bff.store.db, session.orderNumber))?.status).toBe('cancelled');
  const again = await checkout(stack.bffUrl, session.sessionToken);
  expect(again.redirectUrl).toBeTruthy();
  expect((await findOrder(stack.bff.store.db, session.orderNumber))).toMatchObject({ status: 'pending', attempt_number: 2 });
});

test('a decision on an order not in review is a 409, and a bad decision a 400 naming the field', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  const notInReview = await decide(session.orderNumber, { decision: 'approve' });
  expect(notInReview.status).toBe(409);
  expect(notInReview.headers.get('content-type')).toContain('application/problem+json');
  const bad = await decide(session.orderNumber, { decision: 'maybe' });
  expect(bad.status).toBe(400);
  expect((await bad.json()).errors.map((error: { path: string }) => error.path)).toEqual(['decision']);
  expect((await findOrder(stack.bff.store.db, session.orderNumber))?.status).toBe('created');
});
