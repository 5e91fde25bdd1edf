// One cart is one order: Back from the hosted page continues the same order with a new attempt (the
// widget names the page it came Back from), a repeat that names none is handed the same page (a
// double submit), and a hosted page that attempt superseded can never make a second approved order. The buyer keeps the old page in a second tab and pays both, in either order: exactly one
// payment approves the order, the other money is in `review` with its reason (the merchant refunds it).
import { expect, test } from '../support/node-test.ts';
import { gatewayOrderNumberOf } from '../../contract/gateway-facts.ts';
import type { MerchantOrderDetail } from '../../contract/merchant-api.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import { approvingCard, checkout, checkoutAfterBack, checkoutBody, createCatalogSession, createMerchantSession, decliningCard, followReturn, orderStatus, postCheckout, statusTokenOf } from './fixtures/buyer.ts';
import { merchantSecret, startSystem, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening' });
});
test.afterAll(async () => {
  await stack?.close();
});

/** Pays a hosted page and follows the gateway's redirect into the BFF, as the buyer's browser would. */
async function payPage(redirectUrl: string, card = approvingCard): Promise<string> {
  const back = await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card }));
  expect(back.status).toBe(303);
  return statusTokenOf(back.headers.get('Location')!);
}

async function merchantDetail(orderNumber: string): Promise<MerchantOrderDetail> {
  const response = await fetch(`${stack.bffUrl}/v1/merchant/orders/${orderNumber}`, { headers: { Authorization: `Bearer ${merchantSecret}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as MerchantOrderDetail;
}

/** A merchant order whose buyer came Back from its first hosted page and pressed "Pay" again: both pages are out. */
async function twoPagesOut() {
  const session = await createMerchantSession(stack.bffUrl, { amount: '8700.00', currency: 'CRC' });
  const old = await checkout(stack.bffUrl, session.sessionToken);
  const current = await checkoutAfterBack(stack.bffUrl, session.sessionToken, old);
  return { session, old, current };
}

test('Back from the hosted page continues the same order with a new attempt, under its own gateway number', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  const orderNumber = session.order.orderNumber;
  const first = await checkout(stack.bffUrl, session.sessionToken);
  expect(first.attempt).toBe(1);
  // The buyer comes back from the hosted page and presses "Pay" again.
  const second = await checkoutAfterBack(stack.bffUrl, session.sessionToken, first);
  expect(second.orderNumber).toBe(orderNumber);
  expect(second.attempt).toBe(2);
  expect(second.redirectUrl).not.toBe(first.redirectUrl);
  expect(await stack.sandbox.calls('processPayment', gatewayOrderNumberOf(orderNumber, 2))).toBe(1);
  const detail = await merchantDetail(orderNumber);
  expect(detail.attempts.map((attempt) => attempt.gatewayOrderNumber)).toEqual([gatewayOrderNumberOf(orderNumber, 1), gatewayOrderNumberOf(orderNumber, 2)]);
  // Paid on the new page: one approved order.
  const token = await payPage(second.redirectUrl);
  expect(await orderStatus(stack.bffUrl, orderNumber, token)).toMatchObject({ status: 'approved', attempts: 2 });
});

test('a repeat that names no page it came Back from is handed the same page, however late it comes (a double submit)', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '8700.00', currency: 'CRC' });
  const first = await checkout(stack.bffUrl, session.sessionToken);
  const repeat = await checkout(stack.bffUrl, session.sessionToken);
  expect(repeat).toMatchObject({ redirectUrl: first.redirectUrl, attempt: 1 });
  expect(await stack.sandbox.calls('processPayment', gatewayOrderNumberOf(session.orderNumber, 1))).toBe(1);
  expect(await stack.sandbox.calls('processPayment', gatewayOrderNumberOf(session.orderNumber, 2))).toBe(0);
});

test('two tabs back from the same page, or one Back sent twice: one new attempt, the same new page for both', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '8700.00', currency: 'CRC' });
  const left = await checkout(stack.bffUrl, session.sessionToken);
  const [one, other] = await Promise.all([
    checkoutAfterBack(stack.bffUrl, session.sessionToken, left),
    checkoutAfterBack(stack.bffUrl, session.sessionToken, left),
  ]);
  const late = await checkoutAfterBack(stack.bffUrl, session.sessionToken, left);
  expect(one).toMatchObject({ attempt: 2 });
  expect(other.redirectUrl).toBe(one.redirectUrl);
  expect(late.redirectUrl).toBe(one.redirectUrl);
  expect(await stack.sandbox.calls('processPayment', gatewayOrderNumberOf(session.orderNumber, 3))).toBe(0);
});

test('a page to replace that is not an attempt number is refused on that field', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '8700.00', currency: 'CRC' });
  const first = await checkout(stack.bffUrl, session.sessionToken);
  const response = await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, replacesAttempt: 'one' });
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const problem = (await response.json()) as { errors: Array<{ path: string }> };
  expect(problem.errors.map((error) => error.path)).toContain('replacesAttempt');
  expect((await checkout(stack.bffUrl, session.sessionToken)).redirectUrl).toBe(first.redirectUrl);
});

test('paying the new page, then the old one kept in a second tab: one approved order, the old page’s money in review', async () => {
  const { session, old, current } = await twoPagesOut();
  const token = await payPage(current.redirectUrl);
  expect(await orderStatus(stack.bffUrl, session.orderNumber, token)).toMatchObject({ status: 'approved' });

  const oldToken = await payPage(old.redirectUrl);
  // The order stays approved, once: the superseded attempt's money waits for the merchant.
  expect(await orderStatus(stack.bffUrl, session.orderNumber, oldToken)).toMatchObject({ status: 'approved' });
  const detail = await merchantDetail(session.orderNumber);
  expect(detail.status).toBe('approved');
  expect(detail.attempts.map((attempt) => [attempt.number, attempt.outcome])).toEqual([
    [1, 'review'],
    [2, 'approved'],
  ]);
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.filter((entry) => entry.to_status === 'approved')).toHaveLength(1);
});

test('paying the old page first, then the new one: the order goes to review with the reason, then the new page approves it once', async () => {
  const { session, old, current } = await twoPagesOut();

  const oldToken = await payPage(old.redirectUrl);
  expect(await orderStatus(stack.bffUrl, session.orderNumber, oldToken)).toMatchObject({ status: 'review' });
  const reviewed = await merchantDetail(session.orderNumber);
  expect(reviewed.history.at(-1)).toMatchObject({ to: 'review' });
  expect(reviewed.history.at(-1)?.detail).toMatch(/attempt 1 .*attempt 2/);

  const token = await payPage(current.redirectUrl);
  // Recorded by the return itself (not by a later read); the buyer's answer of the review was kept a second.
  expect((await findOrder(stack.bff.store.db, session.orderNumber))?.status).toBe('approved');
  await expect.poll(async () => (await orderStatus(stack.bffUrl, session.orderNumber, token)).status).toBe('approved');
  const detail = await merchantDetail(session.orderNumber);
  expect(detail.attempts.map((attempt) => [attempt.number, attempt.outcome])).toEqual([
    [1, 'review'],
    [2, 'approved'],
  ]);
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.filter((entry) => entry.to_status === 'approved')).toHaveLength(1);
});

test('the new page declined, then the old one paid: the order goes to review beside the declined attempt, and the merchant decides it', async () => {
  const { session, old, current } = await twoPagesOut();
  const token = await payPage(current.redirectUrl, decliningCard);
  expect(await orderStatus(stack.bffUrl, session.orderNumber, token)).toMatchObject({ status: 'declined' });

  const oldToken = await payPage(old.redirectUrl);
  expect(await orderStatus(stack.bffUrl, session.orderNumber, oldToken)).toMatchObject({ status: 'review' });
  const detail = await merchantDetail(session.orderNumber);
  expect(detail.attempts.map((attempt) => [attempt.number, attempt.outcome])).toEqual([
    [1, 'review'],
    [2, 'declined'],
  ]);
  const decided = await fetch(`${stack.bffUrl}/v1/merchant/orders/${session.orderNumber}/review`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json', 'Idempotency-Key': `review-${session.orderNumber}` },
    body: JSON.stringify({ decision: 'approve' }),
  });
  expect(decided.status, await decided.clone().text()).toBe(200);
  expect((await merchantDetail(session.orderNumber)).status).toBe('approved');
});

test('the old page paid in a tab closed before its redirect: the new page’s approval finds that money too, and sends it to review', async () => {
  const { session, old, current } = await twoPagesOut();
  // Paid at the gateway; the browser never follows the redirect back.
  await stack.sandbox.payHostedPage(old.redirectUrl, { card: approvingCard });

  const token = await payPage(current.redirectUrl);
  expect((await findOrder(stack.bff.store.db, session.orderNumber))?.status).toBe('approved');
  expect(await orderStatus(stack.bffUrl, session.orderNumber, token)).toMatchObject({ status: 'approved' });
  const detail = await merchantDetail(session.orderNumber);
  expect(detail.attempts.map((attempt) => [attempt.number, attempt.outcome])).toEqual([
    [1, 'review'],
    [2, 'approved'],
  ]);
});
