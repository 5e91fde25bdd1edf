// The whole buyer path against the sandbox over real HTTP: session → checkout → hosted page →
// gateway redirect into /v1/return → 303 to the shop with a status token → status.
import { expect, test } from '@playwright/test';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import {
  approvingCard,
  checkout,
  createCatalogSession,
  createMerchantSession,
  decliningCard,
  followReturn,
  orderStatus,
  postCheckout,
  statusTokenOf,
} from './fixtures/buyer.ts';
import { shopOrigin, startStack, type Stack } from './fixtures/stack.ts';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
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
  const truth = await stack.sandbox.truth(session.orderNumber);
  expect(truth).toBeDefined();
  const order = await findOrder(stack.bff.store.db, session.orderNumber);
  expect(order?.captured_amount).toBe('1500.00');
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.map((entry) => entry.to_status)).toEqual(['created', 'pending', 'approved']);
});

test('decline: a declining card ends declined with the gateway message', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '12000.00', currency: 'CRC' });
  const status = await payAndReturn(session.sessionToken, session.orderNumber, { card: decliningCard });
  expect(status).toMatchObject({ status: 'declined', final: true });
  expect(status.message).toBeTruthy();
  expect(status.auth).toBeUndefined();

  // The declined order is closed: a repeat checkout on its session is refused rather than handing
  // back the old hosted page (which would only replay the decline), and the gateway is not called.
  const before = await stack.sandbox.calls('processPayment', session.orderNumber);
  const repeat = await postCheckout(stack.bffUrl, session.sessionToken);
  expect(repeat.status).toBe(409);
  expect(repeat.headers.get('content-type')).toContain('application/problem+json');
  expect((await repeat.json()).detail).toContain('declined');
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(before);
});

test('cancel: the buyer cancelling on the hosted page ends declined, nothing charged', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  const status = await payAndReturn(session.sessionToken, session.orderNumber, { card: approvingCard, cancel: true });
  expect(status).toMatchObject({ status: 'declined', final: true });
  const order = await findOrder(stack.bff.store.db, session.orderNumber);
  expect(order?.captured_amount).toBe('0');
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
  expect(body.gatewaySdk?.accessToken).toBeTruthy();

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
