// GET /v1/return's failure cases: a forged or garbled redirect must never approve an order.
import { expect, test } from '../support/node-test.ts';
import { orderHashV2 } from '../../contract/order-hash.ts';
import { sandboxDefaults } from '../../sandbox/defaults.ts';
import { processPaymentRequestOf } from '../../bff/payments/process-payment-request.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import type { OrderRow, PaymentAttemptRow } from '../../bff/store/schema.ts';
import {
  approvingCard,
  checkout,
  costaRicaBilling,
  createMerchantSession,
  decliningCard,
  followReturn,
  orderStatus,
  statusTokenOf,
} from './fixtures/buyer.ts';
import { startSystem, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening' });
});
test.afterAll(async () => {
  await stack?.close();
});

/** The stack's STATUS_CONSULT_INTERVAL_MS (the BFF's default). */
const statusIntervalMs = 2000;

/** A processPayment of someone else's, sent straight to the gateway under `orderNumber`. */
function strayPaymentRequest(orderNumber: string, amount: string) {
  const order = { amount, currency: 'USD', capture: 1 } as OrderRow;
  const attempt = { gateway_order_number: orderNumber, return_ref: 'stray' } as PaymentAttemptRow;
  return processPaymentRequestOf(order, attempt, costaRicaBilling, costaRicaBilling, { publicBffUrl: 'http://stray.example.test', platform: 'stray' });
}

/** A session checked out (hosted page created, not paid yet). */
async function pendingOrder(amount = '30.00') {
  const session = await createMerchantSession(stack.bffUrl, { amount });
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  return { ...session, redirectUrl };
}

function withQuery(url: URL, changes: Record<string, string | null>): URL {
  const copy = new URL(url);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) copy.searchParams.delete(name);
    else copy.searchParams.set(name, value);
  }
  return copy;
}

async function statusAfter(returnUrl: URL, orderNumber: string) {
  const response = await followReturn(returnUrl);
  expect(response.status).toBe(303);
  return orderStatus(stack.bffUrl, orderNumber, statusTokenOf(response.headers.get('Location')!));
}

/** A forged redirect: answered like any other (303 to the shop) but with no status token. */
async function forgedRedirect(query: Record<string, string>) {
  const url = new URL(`${stack.bffUrl}/v1/return`);
  url.search = new URLSearchParams(query).toString();
  const response = await followReturn(url);
  expect(response.status).toBe(303);
  const location = response.headers.get('Location')!;
  expect(new URL(location).hash).toBe('');
  return location;
}

test('a forged "approved" redirect for an open order changes nothing, hands out no token, and the order stays payable', async () => {
  const order = await pendingOrder();
  const historyBefore = await statusHistory(stack.bff.store.db, order.orderNumber);
  await forgedRedirect({ order: order.orderNumber, code: '1', tpt: '1', auth: '000000', OrderHash: '0'.repeat(64) });
  expect(await statusHistory(stack.bff.store.db, order.orderNumber)).toEqual(historyBefore);
  expect((await findOrder(stack.bff.store.db, order.orderNumber))?.status).toBe('pending');
  // The buyer can still pay: the page they hold approves the order.
  const paid = await stack.sandbox.payHostedPage(order.redirectUrl, { card: approvingCard });
  expect((await statusAfter(paid, order.orderNumber)).status).toBe('approved');
});

test('a forged "approved" redirect of a declined payment leaves it declined, never approved or in review', async () => {
  const order = await pendingOrder();
  const real = await stack.sandbox.payHostedPage(order.redirectUrl, { card: decliningCard });
  // The buyer was declined; a forger flips the code to 1 and keeps the (now wrong) hash.
  const forged = withQuery(real, { code: '1', auth: '999999' });
  const status = await statusAfter(forged, order.orderNumber);
  expect(status.status).toBe('declined');
  const history = await statusHistory(stack.bff.store.db, order.orderNumber);
  expect(history.map((entry) => entry.to_status)).not.toContain('approved');
  expect(history.map((entry) => entry.to_status)).not.toContain('review');
});

test('a storm of forged redirects costs at most one consult per interval', async () => {
  const order = await pendingOrder();
  const consultsBefore = await stack.sandbox.calls('consult', order.orderNumber);
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 100 }, (_, index) =>
      forgedRedirect({ order: order.orderNumber, code: '1', tpt: String(index), auth: '000000', OrderHash: 'f'.repeat(64) }),
    ),
  );
  const intervals = Math.floor((Date.now() - started) / statusIntervalMs) + 1;
  expect(await stack.sandbox.calls('consult', order.orderNumber)).toBeLessThanOrEqual(consultsBefore + intervals);
  expect((await findOrder(stack.bff.store.db, order.orderNumber))?.status).toBe('pending');
});

test('a genuine approval whose hash was altered by one character is approved on consult\'s word (a warning, not a review)', async () => {
  const order = await pendingOrder();
  const real = await stack.sandbox.payHostedPage(order.redirectUrl, { card: approvingCard });
  const hash = real.searchParams.get('OrderHash')!;
  const altered = withQuery(real, { OrderHash: (hash[0] === 'a' ? 'b' : 'a') + hash.slice(1) });
  expect((await statusAfter(altered, order.orderNumber)).status).toBe('approved');
});

test('a consult record of another amount never approves the order: it goes to review', async () => {
  // An order-number collision: the gateway holds an approved 1.00 payment under our 999.00 order's number.
  const order = await pendingOrder('999.00');
  const stray = await stack.bff.app.services.gateway.processPayment(strayPaymentRequest(order.orderNumber, '1.00'));
  await stack.sandbox.payHostedPage(stray.url, { card: approvingCard });
  const status = await orderStatus(stack.bffUrl, order.orderNumber, order.sessionToken);
  expect(status.status).toBe('review');
  const history = await statusHistory(stack.bff.store.db, order.orderNumber);
  expect(history.map((entry) => entry.to_status)).not.toContain('approved');
  expect(history.at(-1)?.detail).toContain('1.00');
});

test('where consult disagrees with a correctly signed redirect, consult wins', async () => {
  const order = await pendingOrder('2500.00');
  const real = await stack.sandbox.payHostedPage(order.redirectUrl, { card: decliningCard });
  // Someone holding the merchant's credentials signs "approved": the hash is valid, the gateway says declined.
  const merchant = sandboxDefaults.merchant;
  const tpt = real.searchParams.get('tpt')!;
  const OrderHash = await orderHashV2({
    tpt,
    apiKey: merchant.apiKey,
    apiUser: merchant.apiUser,
    apiPassword: merchant.apiPassword,
    orderNumber: order.orderNumber,
    amount: '2500.00',
    currency: 'USD',
    responseCode: '1',
    auth: '777777',
    email: costaRicaBilling.email,
  });
  const signed = withQuery(real, { code: '1', auth: '777777', OrderHash });
  const consultsBefore = await stack.sandbox.calls('consult', order.orderNumber);
  const status = await statusAfter(signed, order.orderNumber);
  expect(status.status).toBe('declined');
  expect(await stack.sandbox.calls('consult', order.orderNumber)).toBeGreaterThan(consultsBefore);
});

test('a correctly signed approval for an order the gateway has not settled stays pending', async () => {
  const order = await pendingOrder();
  const merchant = sandboxDefaults.merchant;
  const truth = await stack.sandbox.truth(order.orderNumber);
  const tpt = String(truth!.attempts[0]!.tpt);
  const query = { code: '1', order: order.orderNumber, auth: '555555', tpt };
  const OrderHash = await orderHashV2({
    tpt,
    apiKey: merchant.apiKey,
    apiUser: merchant.apiUser,
    apiPassword: merchant.apiPassword,
    orderNumber: order.orderNumber,
    amount: '30.00',
    currency: 'USD',
    responseCode: '1',
    auth: '555555',
    email: costaRicaBilling.email,
  });
  const url = new URL(`${stack.bffUrl}/v1/return`);
  url.search = new URLSearchParams({ ...query, OrderHash }).toString();
  expect((await statusAfter(url, order.orderNumber)).status).toBe('pending');
});

test('a repeated redirect changes nothing and asks the gateway nothing', async () => {
  const order = await pendingOrder();
  const real = await stack.sandbox.payHostedPage(order.redirectUrl, { card: approvingCard });
  expect((await statusAfter(real, order.orderNumber)).status).toBe('approved');
  const before = await findOrder(stack.bff.store.db, order.orderNumber);
  const historyBefore = await statusHistory(stack.bff.store.db, order.orderNumber);
  const consultsBefore = await stack.sandbox.calls('consult', order.orderNumber);

  expect((await statusAfter(real, order.orderNumber)).status).toBe('approved');
  // Even a forged decline or a bad-hash "approval" for a settled order changes nothing.
  expect((await statusAfter(withQuery(real, { code: '2', OrderHash: 'bad' }), order.orderNumber)).status).toBe('approved');

  expect(await findOrder(stack.bff.store.db, order.orderNumber)).toEqual(before);
  expect(await statusHistory(stack.bff.store.db, order.orderNumber)).toEqual(historyBefore);
  expect(await stack.sandbox.calls('consult', order.orderNumber)).toBe(consultsBefore);
});

test("the return pages speak the buyer's language: the widget's for a known order, the browser's otherwise, the project default (English) without one", async () => {
  const unknown = (acceptLanguage?: string) =>
    fetch(`${stack.bffUrl}/v1/return?order=NOPE-1&code=1`, { redirect: 'manual', ...(acceptLanguage && { headers: { 'Accept-Language': acceptLanguage } }) }).then((r) => r.text());
  expect(await unknown()).toContain('<html lang="en">');
  expect(await unknown('es-CR,es;q=0.9')).toContain('Orden no encontrada');
  expect(await unknown('pt-BR,pt;q=0.9')).toContain('Pedido não encontrado');
  expect(await unknown('fr-FR, en;q=0.5')).toContain('Order not found');

  // A paid order whose return address the shop no longer allows: the page replaces the redirect,
  // in the language the buyer checked out in, whatever their browser sends.
  const session = await createMerchantSession(stack.bffUrl);
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken, { billing: costaRicaBilling, sameAsBilling: true, locale: 'pt-BR' });
  const back = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  await stack.bff.store.db.updateTable('orders').set({ return_url: 'https://shop-gone.example.test/thanks' }).where('order_number', '=', session.orderNumber).execute();
  const response = await fetch(back, { redirect: 'manual', headers: { 'Accept-Language': 'en-US' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
  const html = await response.text();
  expect(html).toContain('<html lang="pt-BR">');
  expect(html).toContain('Pagamento recebido');
});

test('an unknown order gets a 404 page that echoes nothing from the query', async () => {
  const payload = '<script>alert("x")</script>';
  const url = new URL(`${stack.bffUrl}/v1/return`);
  url.search = new URLSearchParams({ code: '1', order: `NOPE-${payload}`, description: payload, returnData: 'bm9wZQ==', auth: 'AUTHXYZ' }).toString();
  const response = await fetch(url, { redirect: 'manual', headers: { 'Accept-Language': 'en-US,en;q=0.9' } });
  expect(response.status).toBe(404);
  expect(response.headers.get('Content-Type')).toContain('text/html');
  expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(response.headers.get('Origin-Agent-Cluster')).toBe('?1');
  expect(response.headers.get('X-DNS-Prefetch-Control')).toBe('off');
  const html = await response.text();
  expect(html).not.toContain('script');
  expect(html).not.toContain('NOPE');
  expect(html).not.toContain('AUTHXYZ');
  expect(html).toContain('Order not found');
});
