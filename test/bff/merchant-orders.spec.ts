// The merchant API's orders over real HTTP against the sandbox: list and detail, capture,
// refund, reverse with the state rules checked before the gateway, partial amounts, split.
import { expect, test } from '../support/node-test.ts';
import { approvingCard, checkout, createMerchantSession } from './fixtures/buyer.ts';
import { startSystem, type System } from '../support/system.ts';
import { merchant, paidOrder } from './merchant-fixture.ts';
import { approvedByCard, placedOrder } from './fixtures/placed-order.ts';
import type { JointState } from './fixtures/joint-state.ts';

const declinedCard: JointState = { order: 'declined', attempts: [{ method: 'card', status: 'declined' }] };

/** An order in `state` without the gateway: for what the BFF decides before calling it. */
const placed = async (order: { amount: string; currency: string; capture?: boolean }, state = approvedByCard) => (await placedOrder(stack.bff, state, { order })).orderNumber;

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack.close();
});

test('capture=0: the authorization is captured in part, then refunded in part and in full', async () => {
  const orderNumber = await paidOrder(stack, { amount: '100.00', currency: 'USD', capture: false });
  const before = await merchant(stack, 'GET', `/v1/merchant/orders/${orderNumber}`);
  expect(before.status).toBe(200);
  expect(before.body).toMatchObject({ status: 'approved', capture: false, capturedAmount: '0.00' });
  expect(before.body.actions.capture).toEqual({ allowed: true, maxAmount: '100.00', reason: null, reasonCode: null });
  expect(before.body.actions.refund.allowed).toBe(false);

  const refundFirst = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '10.00' });
  expect(refundFirst.status).toBe(409);
  expect(refundFirst.headers.get('content-type')).toContain('application/problem+json');
  expect(refundFirst.body.detail).toMatch(/Only a captured order can be refunded/);

  const capture = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/capture`, { amount: '80.00' });
  expect(capture.status).toBe(200);
  expect(capture.body.modification).toMatchObject({ type: 'capture', amount: '80.00', reasonCode: '1' });
  expect(capture.body.order).toMatchObject({ status: 'captured', capturedAmount: '80.00', refundedAmount: '0.00' });

  const tooMuch = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '80.01' });
  expect(tooMuch.status).toBe(409);
  expect(tooMuch.body.detail).toContain('more than the refundable amount of 80.00 USD');
  expect(await stack.sandbox.calls('processModification', orderNumber)).toBe(1);

  const partial = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '30.50' });
  expect(partial.status).toBe(200);
  expect(partial.body.order).toMatchObject({ status: 'captured', refundedAmount: '30.50' });
  expect(partial.body.order.actions.refund.maxAmount).toBe('49.50');

  const rest = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, {});
  expect(rest.status).toBe(200);
  expect(rest.body.modification.amount).toBe('49.50');
  expect(rest.body.order).toMatchObject({ status: 'refunded', capturedAmount: '80.00', refundedAmount: '80.00' });
  expect(rest.body.order.history.map((entry: { to: string }) => entry.to)).toEqual(['created', 'pending', 'approved', 'captured', 'captured', 'refunded']);

  const again = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '1.00' });
  expect(again.status).toBe(409);
  expect(again.body.detail).toMatch(/Nothing is left to refund/);
  const truth = await stack.sandbox.truth(orderNumber);
  expect(JSON.stringify(truth)).toContain('80.00');
});

test('reverse releases an uncaptured authorization whole; a partial reversal and a later capture are refused', async () => {
  const orderNumber = await paidOrder(stack, { amount: '25000.00', currency: 'CRC', capture: false });
  const partial = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/reverse`, { amount: '100.00' });
  expect(partial.status).toBe(409);
  expect(partial.body.detail).toMatch(/partial reversal is not possible/);

  const reverse = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/reverse`);
  expect(reverse.status).toBe(200);
  expect(reverse.body.order).toMatchObject({ status: 'reversed', capturedAmount: '0.00' });

  const capture = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/capture`);
  expect(capture.status).toBe(409);
  expect(capture.body.detail).toMatch(/this order is reversed/);
  expect(await stack.sandbox.calls('processModification', orderNumber)).toBe(1);
});

test('a captured-at-once order cannot be captured or reversed; amounts with too many decimals are 400', async () => {
  const orderNumber = await placed({ amount: '30.00', currency: 'USD' });
  const capture = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/capture`);
  expect(capture.status).toBe(409);
  expect(capture.body.detail).toMatch(/already captured/);
  const reverse = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/reverse`);
  expect(reverse.status).toBe(409);
  expect(reverse.body.detail).toMatch(/refund it instead/);
  const decimals = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '1.005' });
  expect(decimals.status).toBe(400);
  expect(decimals.body.errors[0].path).toBe('amount');
  // The answer itself says what is wrong, not only its field.
  expect(decimals.body.detail).toBe('1.005 has more decimals than USD allows.');
  expect(await stack.sandbox.calls('processModification', orderNumber)).toBe(0);
});

test('a capture after the 7-day authorization window is refused before the gateway', async () => {
  // The sandbox clock and ours are separate; move ours by starting a BFF whose clock is 8 days ahead.
  const orderNumber = await placed({ amount: '12.00', currency: 'USD', capture: false });
  const later = await stack.startAnotherBff({}, { clock: { now: () => new Date(Date.now() + 8 * 24 * 3600 * 1000) } });
  const response = await fetch(`${later.url}/v1/merchant/orders/${orderNumber}/capture`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.env.MERCHANT_SECRET}`, 'Idempotency-Key': 'late-capture' },
  });
  expect(response.status).toBe(409);
  expect((await response.json()).detail).toMatch(/authorization has lapsed/);
  expect(await stack.sandbox.calls('processModification', orderNumber)).toBe(0);
});

test('split: shares within the amount, the owner gets the remainder; over the amount, declined orders and a second split are 409', async () => {
  const orderNumber = await paidOrder(stack, { amount: '100.00', currency: 'USD' });
  const over = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/split`, {
    commerces: [{ email: 'a@partners.example', amount: '60.00' }, { email: 'b@partners.example', amount: '40.01' }],
  });
  expect(over.status).toBe(409);
  expect(over.body.detail).toContain('add up to 100.01 USD, more than the order amount of 100.00 USD');
  expect(await stack.sandbox.calls('split')).toBe(0);

  const split = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/split`, {
    commerces: [{ email: 'a@partners.example', amount: '60.00' }, { email: 'b@partners.example', amount: '15.25' }],
    lang: 'en',
  });
  expect(split.status).toBe(200);
  expect(split.body).toMatchObject({ orderNumber, currency: 'USD', amount: '100.00', ownerRemainder: '24.75' });
  const byEmail = Object.fromEntries(split.body.shares.map((share: { email: string; amount: string }) => [share.email, share.amount]));
  expect(byEmail['a@partners.example']).toBe('60.00');
  expect(byEmail['b@partners.example']).toBe('15.25');
  expect(split.body.shares).toHaveLength(3);
  expect(Object.values(byEmail)).toContain('24.75');
  expect(split.body.order.actions.split).toMatchObject({ allowed: false, reason: 'This order was already split.', reasonCode: 'already-split' });

  const second = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/split`, { commerces: [{ email: 'a@partners.example', amount: '1.00' }] });
  expect(second.status).toBe(409);

  const declined = await placed({ amount: '10.00', currency: 'USD' }, declinedCard);
  const notApproved = await merchant(stack, 'POST', `/v1/merchant/orders/${declined}/split`, { commerces: [{ email: 'a@partners.example', amount: '1.00' }] });
  expect(notApproved.status).toBe(409);
  expect(notApproved.body.detail).toMatch(/Only an approved order/);
});

test('the orders list filters by status, currency and order number and pages with a cursor', async () => {
  const crc = await placed({ amount: '5000.00', currency: 'CRC' });
  const declined = await placed({ amount: '7000.00', currency: 'CRC' }, declinedCard);
  const approvedCrc = await merchant(stack, 'GET', '/v1/merchant/orders?status=approved&currency=CRC&limit=200');
  expect(approvedCrc.status).toBe(200);
  const numbers = approvedCrc.body.items.map((order: { orderNumber: string }) => order.orderNumber);
  expect(numbers).toContain(crc);
  expect(numbers).not.toContain(declined);
  for (const order of approvedCrc.body.items) expect(order).toMatchObject({ status: 'approved', currency: 'CRC' });

  const exact = await merchant(stack, 'GET', `/v1/merchant/orders?orderNumber=${declined}`);
  expect(exact.body.items.map((order: { orderNumber: string }) => order.orderNumber)).toEqual([declined]);
  const prefix = declined.slice(0, -3);
  const byPrefix = await merchant(stack, 'GET', `/v1/merchant/orders?orderNumber=${prefix}*`);
  expect(byPrefix.body.items.map((order: { orderNumber: string }) => order.orderNumber)).toContain(declined);
  for (const order of byPrefix.body.items) expect(order.orderNumber.startsWith(prefix)).toBe(true);
  // Case-exact on both engines (SQLite's LIKE would not be).
  const lowercase = await merchant(stack, 'GET', `/v1/merchant/orders?orderNumber=${prefix.toLowerCase()}*`);
  expect(lowercase.body.items).toEqual([]);

  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { body: { items: Array<{ orderNumber: string }>; nextCursor: string | null } } = await merchant(
      stack,
      'GET',
      `/v1/merchant/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(page.body.items.length).toBeLessThanOrEqual(2);
    seen.push(...page.body.items.map((order) => order.orderNumber));
    cursor = page.body.nextCursor;
  } while (cursor);
  const all = await merchant(stack, 'GET', '/v1/merchant/orders?limit=200');
  expect(seen).toEqual(all.body.items.map((order: { orderNumber: string }) => order.orderNumber));
  expect(new Set(seen).size).toBe(seen.length);

  const bad = await merchant(stack, 'GET', '/v1/merchant/orders?status=paid');
  expect(bad.status).toBe(400);
  expect(bad.body.errors[0].path).toMatch(/^status/);
});

test('every merchant route needs the merchant secret; an unknown order is 404', async () => {
  for (const [method, path] of [
    ['GET', '/v1/merchant/orders'],
    ['GET', '/v1/merchant/orders/X'],
    ['POST', '/v1/merchant/orders/X/capture'],
    ['GET', '/v1/merchant/transactions'],
    ['GET', '/v1/merchant/payment-links'],
    ['DELETE', '/v1/merchant/payment-links/1'],
  ] as const) {
    const response = await merchant(stack, method, path, undefined, { secret: 'not-the-merchant-secret' });
    expect(response.status, `${method} ${path}`).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('Bearer');
  }
  const missing = await merchant(stack, 'GET', '/v1/merchant/orders/NOPE-1');
  expect(missing.status).toBe(404);
});

test('an order paid by a buyer who never came back shows approved in the merchant detail (confirmed with consult)', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '33.00', currency: 'USD' });
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  const listed = await merchant(stack, 'GET', `/v1/merchant/orders?orderNumber=${session.orderNumber}`);
  expect(listed.body.items[0].status).toBe('pending');
  const detail = await merchant(stack, 'GET', `/v1/merchant/orders/${session.orderNumber}`);
  expect(detail.body).toMatchObject({ status: 'approved', capturedAmount: '33.00' });
  expect(detail.body.history.map((entry: { to: string; source: string }) => `${entry.to}:${entry.source}`)).toContain('approved:consult');
});
