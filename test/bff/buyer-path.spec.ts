// The whole buyer path against the sandbox over real HTTP: session → checkout → hosted page →
// gateway redirect into /v1/return → 303 to the shop with a status token → status.
import { expect, test } from '../support/node-test.ts';
import { gatewayOrderNumberOf } from '../../contract/gateway-facts.ts';
import { attemptsOf } from '../../bff/store/attempts.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import {
  approvingCard,
  checkout, checkoutAfterBack,
  createCatalogSession,
  createMerchantSession,
  decliningCard,
  followReturn,
  orderStatus,
  postCheckout,
  statusTokenOf,
} from './fixtures/buyer.ts';
import { merchantSecret, shopOrigin, startSystem, type System } from '../support/system.ts';
import type { MerchantOrderDetail } from '../../contract/merchant-api.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening' });
});
test.afterAll(async () => {
  await stack?.close();
});

async function payAndReturn(sessionToken: string, orderNumber: string, pay: { card: string; cancel?: boolean }) {
  const { redirectUrl } = await checkout(stack.bffUrl, sessionToken);
  const gatewayRedirect = await stack.sandbox.payHostedPage(redirectUrl, pay);
  expect(gatewayRedirect.origin + gatewayRedirect.pathname).toBe(`${stack.bffUrl}/v1/return`);
  const returned = await followReturn(gatewayRedirect);
  expect(returned.status).toBe(303);
  const location = returned.headers.get('Location')!;
  expect(location.startsWith(`${shopOrigin}/thanks#svc-result=`)).toBe(true);
  return orderStatus(stack.bffUrl, orderNumber, statusTokenOf(location));
}

test('approve: a merchant session paid with an approving card ends approved and captured', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '1500.00', currency: 'USD' });
  const status = await payAndReturn(session.sessionToken, session.orderNumber, { card: approvingCard });
  expect(status).toMatchObject({ orderNumber: session.orderNumber, status: 'approved', final: true, amount: '1500.00', currency: 'USD' });
  expect(status.auth).toMatch(/^\w{6,}$/);
  // The card as consult reports it, for the buyer's result: brand and last four, nothing more.
  expect(status.card).toEqual({ brand: 'Visa', last4: approvingCard.slice(-4) });
  const truth = await stack.sandbox.truth(session.orderNumber);
  expect(truth).toBeDefined();
  const order = await findOrder(stack.bff.store.db, session.orderNumber);
  expect(order?.captured_amount).toBe('1500.00');
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.map((entry) => entry.to_status)).toEqual(['created', 'pending', 'approved']);
});

test('decline, then another card: the second attempt is a new processPayment under its own number and is approved', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '12000.00', currency: 'CRC' });
  const declined = await payAndReturn(session.sessionToken, session.orderNumber, { card: decliningCard });
  expect(declined).toMatchObject({ status: 'declined', final: false, canRetry: true, attempts: 1 });
  // The shopper's message is ours, in the checkout's language (the project default, English, when none
  // was given: contract/language-chain.ts), not the gateway's.
  expect(declined.message).toContain('No money was taken');
  expect(declined.message).not.toContain('Transaction denied');
  // The category too, so a widget whose page speaks another language says the same thing.
  expect(declined.reason).toBe('card_blocked');
  expect(declined.auth).toBeUndefined();

  const approved = await payAndReturn(session.sessionToken, session.orderNumber, { card: approvingCard });
  expect(approved).toMatchObject({ status: 'approved', final: true, canRetry: false, attempts: 2 });
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(1);
  expect(await stack.sandbox.calls('processPayment', gatewayOrderNumberOf(session.orderNumber, 2))).toBe(1);
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.map((entry) => entry.to_status)).toEqual(['created', 'pending', 'declined', 'pending', 'approved']);
  const attempts = await attemptsOf(stack.bff.store.db, session.orderNumber);
  expect(attempts.map((attempt) => [attempt.number, attempt.outcome])).toEqual([[1, 'declined'], [2, 'approved']]);
  // Captured on the approved attempt.
  expect((await findOrder(stack.bff.store.db, session.orderNumber))?.gateway_order_number).toBe(gatewayOrderNumberOf(session.orderNumber, 2));
  // The merchant sees both attempts, each with its outcome.
  const detail = await fetch(`${stack.bffUrl}/v1/merchant/orders/${session.orderNumber}`, { headers: { Authorization: `Bearer ${merchantSecret}` } });
  const { attempts: shown } = (await detail.json()) as MerchantOrderDetail;
  expect(shown.map((attempt) => [attempt.number, attempt.gatewayOrderNumber, attempt.outcome])).toEqual([
    [1, session.orderNumber, 'declined'],
    [2, gatewayOrderNumberOf(session.orderNumber, 2), 'approved'],
  ]);
  expect(shown[1]?.auth).toBe(approved.auth);
});

test('catalog mode: after a decline the same session opens the next attempt too', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  const orderNumber = session.order.orderNumber;
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: decliningCard }));
  const second = await checkout(stack.bffUrl, session.sessionToken);
  expect(second.redirectUrl).not.toBe(redirectUrl);
  expect(await stack.sandbox.calls('processPayment', gatewayOrderNumberOf(orderNumber, 2))).toBe(1);
  // Back from that page and "Pay" again: the same order, its next attempt (one-cart-one-order.spec.ts).
  const third = await checkoutAfterBack(stack.bffUrl, session.sessionToken, second);
  expect(third.orderNumber).toBe(orderNumber);
  expect(await stack.sandbox.calls('processPayment', gatewayOrderNumberOf(orderNumber, 2))).toBe(1);
  expect(await stack.sandbox.calls('processPayment', gatewayOrderNumberOf(orderNumber, 3))).toBe(1);
});

test('cancel: a cancel on the hosted page is the cancel consult records (code 8), and the buyer may try again', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  const status = await payAndReturn(session.sessionToken, session.orderNumber, { card: approvingCard, cancel: true });
  expect(status).toMatchObject({ status: 'cancelled', final: false, canRetry: true, reason: 'cancelled' });
  expect(status.message).toContain('You cancelled the payment. No money was taken');
  const order = await findOrder(stack.bff.store.db, session.orderNumber);
  expect(order?.captured_amount).toBe('0');
  const again = await payAndReturn(session.sessionToken, session.orderNumber, { card: approvingCard });
  expect(again).toMatchObject({ status: 'approved', attempts: 2 });
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.map((entry) => entry.to_status)).toEqual(['created', 'pending', 'cancelled', 'pending', 'approved']);
});

test('attempts are capped: past MAX_PAYMENT_ATTEMPTS a checkout is refused and the gateway is not called', async () => {
  const capped = await startSystem({ mode: 'listening',  env: { MAX_PAYMENT_ATTEMPTS: '2' } });
  try {
    const session = await createMerchantSession(capped.bffUrl);
    let location = '';
    for (let attempt = 1; attempt <= 2; attempt++) {
      const { redirectUrl } = await checkout(capped.bffUrl, session.sessionToken);
      location = (await followReturn(await capped.sandbox.payHostedPage(redirectUrl, { card: decliningCard }))).headers.get('Location')!;
    }
    expect(await orderStatus(capped.bffUrl, session.orderNumber, statusTokenOf(location))).toMatchObject({ status: 'declined', attempts: 2, canRetry: false, final: true });
    const refused = await postCheckout(capped.bffUrl, session.sessionToken);
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(await capped.sandbox.calls('processPayment', gatewayOrderNumberOf(session.orderNumber, 3))).toBe(0);
  } finally {
    await capped.close();
  }
});

test('capture=0: an authorised order is approved with nothing captured yet', async () => {
  const session = await createMerchantSession(stack.bffUrl, { capture: false, amount: '40.00' });
  const status = await payAndReturn(session.sessionToken, session.orderNumber, { card: approvingCard });
  expect(status).toMatchObject({ status: 'approved', final: true });
  const order = await findOrder(stack.bff.store.db, session.orderNumber);
  expect(order?.capture).toBe(0);
  expect(order?.captured_amount).toBe('0');
  expect((await stack.sandbox.truth(session.orderNumber))).toMatchObject({ orderNumber: session.orderNumber });
});

test('catalog session: prices come from the server catalog, and the buyer returns to the calling page', async () => {
  const response = await fetch(`${stack.bffUrl}/v1/sessions`, {
    method: 'POST',
    headers: { Origin: shopOrigin, Referer: `${shopOrigin}/cart?x=1`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 2 }, { sku: 'CR-HAMMOCK', quantity: 1 }] }),
  });
  expect(response.status).toBe(201);
  const session = await response.json();
  expect(session.order).toMatchObject({ amount: '51500.00', currency: 'CRC' });
  expect(session.order.lines).toHaveLength(2);

  const view = await fetch(`${stack.bffUrl}/v1/session`, { headers: { Authorization: `Bearer ${session.sessionToken}`, Origin: shopOrigin } });
  expect(view.status).toBe(200);
  const body = await view.json();
  expect(body.order).toMatchObject({ orderNumber: session.order.orderNumber, amount: '51500.00', status: 'created', capture: true });
  expect(body.returnUrl).toBe(`${shopOrigin}/cart?x=1`);

  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  const returned = await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard }));
  const location = returned.headers.get('Location')!;
  expect(location.startsWith(`${shopOrigin}/cart?x=1#svc-result=`)).toBe(true);
  expect((await orderStatus(stack.bffUrl, session.order.orderNumber, statusTokenOf(location))).status).toBe('approved');
});

test('catalog session: unknown SKUs and mixed currencies are refused with field paths', async () => {
  const response = await fetch(`${stack.bffUrl}/v1/sessions`, {
    method: 'POST',
    headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }, { sku: 'NOPE', quantity: 1 }, { sku: 'US-TSHIRT', quantity: 1 }] }),
  });
  expect(response.status).toBe(400);
  expect(response.headers.get('Content-Type')).toContain('application/problem+json');
  const problem = await response.json();
  expect(problem.errors.map((error: { path: string }) => error.path)).toEqual(['items.1.sku', 'items.2.sku']);
});

test('the status endpoint also accepts the session token, and only for its own order', async () => {
  const first = await createCatalogSession(stack.bffUrl);
  const second = await createCatalogSession(stack.bffUrl);
  expect((await orderStatus(stack.bffUrl, first.order.orderNumber, first.sessionToken)).status).toBe('created');
  const response = await fetch(`${stack.bffUrl}/v1/orders/${second.order.orderNumber}`, { headers: { Authorization: `Bearer ${first.sessionToken}` } });
  expect(response.status).toBe(403);
});

test('capture and refund act on the approved attempt, under its own gateway order number', async () => {
  const session = await createMerchantSession(stack.bffUrl, { capture: false, amount: '80.00' });
  await payAndReturn(session.sessionToken, session.orderNumber, { card: decliningCard });
  await payAndReturn(session.sessionToken, session.orderNumber, { card: approvingCard });
  const second = gatewayOrderNumberOf(session.orderNumber, 2);
  const act = (action: string) =>
    fetch(`${stack.bffUrl}/v1/merchant/orders/${session.orderNumber}/${action}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: '{}',
    });
  expect((await act('capture')).status).toBe(200);
  expect((await act('refund')).status).toBe(200);
  expect(await stack.sandbox.calls('processModification', second)).toBe(2);
  expect(await stack.sandbox.calls('processModification', session.orderNumber)).toBe(0);
  expect((await findOrder(stack.bff.store.db, session.orderNumber))?.status).toBe('refunded');
});
