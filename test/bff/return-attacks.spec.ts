// GET /v1/return as a stranger sends it: an order number and whatever else can be guessed. What a
// redirect may cause depends on the evidence it carries, never on what it claims.
import { expect, test } from '../support/node-test.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import { approvingCard, checkout, decliningCard, createMerchantSession, followReturn, orderStatus, postCheckout, statusTokenOf } from './fixtures/buyer.ts';
import { orderInReview } from './fixtures/review.ts';
import { ManualClock, merchantSecret, startSystem, type System } from '../support/system.ts';
import { orderEventTypesOf } from './fixtures/outbox.ts';

/** Past the stack's STATUS_CONSULT_INTERVAL_MS: the next caller may ask consult again. */
const pastConsultInterval = 2001;
const clock = new ManualClock();
let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening',  clock });
});
test.afterAll(async () => {
  await stack?.close();
});

/** A stranger's redirect: the 303 Location it gets back. */
async function strangersReturn(query: Record<string, string>): Promise<string> {
  const url = new URL(`${stack.bffUrl}/v1/return`);
  url.search = new URLSearchParams(query).toString();
  const response = await followReturn(url);
  expect(response.status).toBe(303);
  return response.headers.get('Location')!;
}

/** A paid order and the gateway's genuine redirect for it (not yet followed). */
async function paidOrder() {
  const session = await createMerchantSession(stack.bffUrl);
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  const redirect = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  return { orderNumber: session.orderNumber, redirect };
}

test('a settled order\'s number and its tpt, with no hash and no returnData, get no status token', async () => {
  const { orderNumber, redirect } = await paidOrder();
  expect((await followReturn(redirect)).status).toBe(303);
  expect((await findOrder(stack.bff.store.db, orderNumber))?.status).toBe('approved');

  // tpt is the gateway's sequential order id: a stranger can guess it.
  const location = await strangersReturn({ order: orderNumber, tpt: redirect.searchParams.get('tpt')! });
  expect(new URL(location).hash).toBe('');
});

test('the buyer\'s own redirect for a settled order still gets a token, by its hash or by its returnData alone', async () => {
  const { orderNumber, redirect } = await paidOrder();
  expect((await followReturn(redirect)).status).toBe(303);

  const again = await followReturn(redirect);
  expect((await orderStatus(stack.bffUrl, orderNumber, statusTokenOf(again.headers.get('Location')!))).status).toBe('approved');

  const withoutHash = new URL(redirect);
  withoutHash.searchParams.delete('OrderHash');
  const byReference = await followReturn(withoutHash);
  expect((await orderStatus(stack.bffUrl, orderNumber, statusTokenOf(byReference.headers.get('Location')!))).status).toBe('approved');
});

/** An order the merchant voided after review: the gateway holds an approved 1.00 payment under its 999.00 number. */
async function voidedReview() {
  const session = await orderInReview(stack);
  const decided = await fetch(`${stack.bffUrl}/v1/merchant/orders/${session.orderNumber}/review`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ decision: 'void' }),
  });
  expect(decided.status).toBe(200);
  return session;
}

test('a stranger\'s bare return never undoes the merchant\'s void of a review', async () => {
  const session = await voidedReview();
  clock.advance(pastConsultInterval);
  await strangersReturn({ order: session.orderNumber });
  expect((await findOrder(stack.bff.store.db, session.orderNumber))?.status).toBe('cancelled');
  expect((await statusHistory(stack.bff.store.db, session.orderNumber)).at(-1)).toMatchObject({ to_status: 'cancelled', source: 'merchant' });
});

test('a return naming a superseded attempt leaves the open attempt alone: the buyer\'s checkout still answers', async () => {
  const session = await voidedReview();
  const second = await checkout(stack.bffUrl, session.sessionToken);
  expect(await findOrder(stack.bff.store.db, session.orderNumber)).toMatchObject({ status: 'pending', attempt_number: 2 });
  clock.advance(pastConsultInterval);
  // The order number alone names attempt 1, whose consult shows the voided 1.00 payment.
  await strangersReturn({ order: session.orderNumber });
  expect((await findOrder(stack.bff.store.db, session.orderNumber))?.status).toBe('pending');
  expect(await findOrder(stack.bff.store.db, session.orderNumber)).toMatchObject({ status: 'pending', attempt_number: 2 });
  const again = await postCheckout(stack.bffUrl, session.sessionToken);
  expect(again.status).toBe(200);
  // The buyer's checkout still answers: attempt 2's page, of the same order.
  expect(await again.json()).toMatchObject({ orderNumber: session.orderNumber });
  expect(second.orderNumber).toBe(session.orderNumber);
});

test('cancel=1 appended to a genuine decline redirect decides nothing: the order is declined and the merchant told so', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  const genuine = await stack.sandbox.payHostedPage(redirectUrl, { card: decliningCard });
  const tampered = new URL(genuine);
  tampered.searchParams.set('cancel', '1');
  const answer = await followReturn(tampered);
  expect(answer.status).toBe(303);
  expect((await findOrder(stack.bff.store.db, session.orderNumber))?.status).toBe('declined');
  expect(await orderEventTypesOf(stack, session.orderNumber)).toEqual(['order.declined']);
});
