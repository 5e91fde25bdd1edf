// The shop's own keys (metadata, clientReference, returnData) from the merchant session to every
// order answer and order webhook, and a new session for a lapsed unpaid order number continuing
// that order. Real parts: the sandbox gateway, the BFF over HTTP, SQLite or PostgreSQL.
import { expect, test } from '../support/node-test.ts';
import { approvingCard, checkout, followReturn } from './fixtures/buyer.ts';
import { ManualClock, shopOrigin, startSystem, type System } from '../support/system.ts';
import { merchant } from './merchant-fixture.ts';
import { continuationDecision } from '../../bff/payments/orders/continued-order.ts';
import type { AttemptStatus, OrderWithAttempt } from '../../bff/store/schema.ts';

let stack: System;
let clock: ManualClock;

test.beforeEach(async () => {
  clock = new ManualClock();
  stack = await startSystem({ mode: 'listening',  clock });
});
test.afterEach(async () => stack.close());

const sessionBody = (fields: Record<string, unknown> = {}) => ({ amount: '25.00', currency: 'USD', returnUrl: `${shopOrigin}/thanks`, ...fields });
const newSession = (fields: Record<string, unknown> = {}) => merchant(stack, 'POST', '/v1/merchant/checkout-sessions', sessionBody(fields));

async function pay(sessionToken: string): Promise<void> {
  const { redirectUrl } = await checkout(stack.bffUrl, sessionToken);
  const returned = await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard }));
  expect(returned.status).toBe(303);
}

const metadata = { cartId: 'cart-981', channel: 'mobile app', 'customer.tier': 'gold' };

test('metadata, clientReference and returnData come back on the list, the detail, a clientReference search and the order webhook', async () => {
  const clientReference = `shop-order-${clock.now().getTime()}`;
  const created = await newSession({ metadata, clientReference, returnData: 'opaque-ref-77' });
  expect(created.status).toBe(201);
  await pay(created.body.sessionToken);
  const { orderNumber } = created.body;

  const keys = { metadata, clientReference, returnData: 'opaque-ref-77' };
  const found = await merchant(stack, 'GET', `/v1/merchant/orders?clientReference=${encodeURIComponent(clientReference)}`);
  expect(found.status).toBe(200);
  expect(found.body.items).toHaveLength(1);
  expect(found.body.items[0]).toMatchObject({ orderNumber, status: 'approved', ...keys });
  expect((await merchant(stack, 'GET', `/v1/merchant/orders/${orderNumber}`)).body).toMatchObject({ orderNumber, ...keys });
  expect((await merchant(stack, 'GET', '/v1/merchant/orders?clientReference=nobody-has-this')).body.items).toEqual([]);

  // The order.approved event as it was (or will be) delivered carries them too.
  const events = await merchant(stack, 'GET', `/v1/merchant/webhook-events?orderNumber=${orderNumber}&type=order.approved`);
  expect(events.body.items).toHaveLength(1);
  expect(events.body.items[0].data).toMatchObject({ orderNumber, ...keys });
});

test('an order without keys answers metadata {} and null references', async () => {
  const created = await newSession();
  const detail = await merchant(stack, 'GET', `/v1/merchant/orders/${created.body.orderNumber}`);
  expect(detail.body).toMatchObject({ metadata: {}, clientReference: null, returnData: null });
});

for (const [name, fields, path] of [
  ['21 keys', { metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }, 'metadata'],
  ['a number value', { metadata: { count: 3 } }, 'metadata.count'],
  ['a nested object', { metadata: { nested: { a: 'b' } } }, 'metadata.nested'],
  ['a 501-character value', { metadata: { note: 'x'.repeat(501) } }, 'metadata.note'],
  ['a 41-character key', { metadata: { ['k'.repeat(41)]: 'v' } }, `metadata.${'k'.repeat(41)}`],
  ['a clientReference with a trailing space', { clientReference: 'abc ' }, 'clientReference'],
  ['a 129-character clientReference', { clientReference: 'c'.repeat(129) }, 'clientReference'],
] as const) {
  test(`a session with ${name} is a 400 naming ${path}`, async () => {
    const refused = await newSession(fields);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });
}

test('20 keys of 40 characters with 500-character values are accepted and kept as given', async () => {
  const full = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${String(i).padStart(2, '0')}${'k'.repeat(38)}`, 'v'.repeat(500)]));
  const created = await newSession({ metadata: full });
  expect(created.status).toBe(201);
  expect((await merchant(stack, 'GET', `/v1/merchant/orders/${created.body.orderNumber}`)).body.metadata).toEqual(full);
});

test.describe('a new session for an order number already used', () => {
  const orderNumber = () => `SHOP-${clock.now().getTime()}`;

  test('after the first session lapsed unused, it continues the order and the buyer pays it', async () => {
    const number = orderNumber();
    expect((await newSession({ orderNumber: number, clientReference: 'first' })).status).toBe(201);
    clock.advance(16 * 60_000);
    const again = await newSession({ orderNumber: number, clientReference: 'second', metadata: { try: '2' } });
    expect(again.status).toBe(201);
    expect(again.body.orderNumber).toBe(number);
    await pay(again.body.sessionToken);
    const detail = await merchant(stack, 'GET', `/v1/merchant/orders/${number}`);
    expect(detail.body).toMatchObject({ status: 'approved', clientReference: 'second', metadata: { try: '2' } });
  });

  test('after the lapsed order was expired, it is reopened (history expired → created) and paid', async () => {
    const number = orderNumber();
    expect((await newSession({ orderNumber: number })).status).toBe(201);
    clock.advance(16 * 60_000);
    // The reconciler notices the lapse: the order is expired.
    await stack.bff.reconciler.runOnce();
    expect((await merchant(stack, 'GET', `/v1/merchant/orders/${number}`)).body.status).toBe('expired');
    const again = await newSession({ orderNumber: number });
    expect(again.status).toBe(201);
    await pay(again.body.sessionToken);
    const detail = await merchant(stack, 'GET', `/v1/merchant/orders/${number}`);
    expect(detail.body.status).toBe('approved');
    expect(detail.body.history.map((entry: { from: string | null; to: string }) => `${entry.from}→${entry.to}`)).toEqual(
      expect.arrayContaining(['created→expired', 'expired→created', 'pending→approved']),
    );
  });

  test('while the first session is still open, it is a 409 order_number_taken', async () => {
    const number = orderNumber();
    expect((await newSession({ orderNumber: number })).status).toBe(201);
    const refused = await newSession({ orderNumber: number });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'orderNumber', code: 'order_number_taken' })]);
  });

  test('for a paid order, it is a 409 order_number_taken', async () => {
    const number = orderNumber();
    const first = await newSession({ orderNumber: number });
    await pay(first.body.sessionToken);
    clock.advance(16 * 60_000);
    const refused = await newSession({ orderNumber: number });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'orderNumber', code: 'order_number_taken' })]);
    expect(refused.body.detail).toContain('already paid');
  });

  test('for another amount or currency, it is a 409 amount_mismatch that says the order’s amount', async () => {
    const number = orderNumber();
    expect((await newSession({ orderNumber: number })).status).toBe(201);
    clock.advance(16 * 60_000);
    for (const fields of [{ amount: '26.00' }, { amount: '25.00', currency: 'CRC' }]) {
      const refused = await newSession({ orderNumber: number, ...fields });
      expect(refused.status).toBe(409);
      expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'amount', code: 'amount_mismatch' })]);
      expect(refused.body.detail).toContain('25.00 USD');
    }
  });

  test('with a hosted page out and unpaid, it is a 409: that payment may still complete', async () => {
    const number = orderNumber();
    const first = await newSession({ orderNumber: number });
    await checkout(stack.bffUrl, first.body.sessionToken);
    clock.advance(16 * 60_000);
    const refused = await newSession({ orderNumber: number });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('may still complete');
  });
});

test('the continuation rule, case by case', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const lapsed = '2026-11-26T11:00:00.000Z';
  // The row createOrder writes, its session lapsed.
  const base: OrderWithAttempt = {
    order_number: 'SHOP-1', source: 'merchant', amount: '25.00', currency: 'USD', capture: 1, status: 'created', description: null,
    lines_json: '[]', prefill_json: '{}', return_url: `${shopOrigin}/thanks`, origin: shopOrigin, locale: null, merchant_reference: null,
    return_ref: 'ref', email: null, attempt_number: 0, gateway_order_number: null, payment_claim_id: null,
    gateway_tpt: null, gateway_auth: null, gateway_code: null,
    status_message: null, bank_failure_code: null, invoice_offered: 0, invoice_json: null, card_brand: null, card_last4: null,
    metadata_json: null, client_reference: null, captured_amount: '0', refunded_amount: '0', pending_refund_amount: null, pending_refund_transaction: null, session_expires_at: lapsed, next_consult_at: null,
    paid_discount: null, local_amount: null, local_rate: null, local_rate_date: null, local_rate_source: null, invoice_location_json: null, paid_reference: null, paid_amount: null, paid_currency: null, charged_amount: null, charged_currency: null, charged_rate: null,
    created_at: '2026-11-26T10:45:00.000Z', updated_at: lapsed, attempt_status: null, attempt_method: null, attempt_updated_at: null, attempt_hosted_url: null, attempt_cancel_flag_at: null,
  };
  const asked = { amount: '25.00', currency: 'USD' };
  const card = (status: AttemptStatus) => ({ attempt_status: status, attempt_method: 'card' });
  const cases: Array<[string, Partial<OrderWithAttempt>, string]> = [
    ['never checked out', {}, 'continue'],
    ['expired unused', { status: 'expired' }, 'continue reopen'],
    ['declined, attempts left', { status: 'declined', attempt_number: 1, ...card('declined') }, 'continue'],
    ['cancelled, attempts left', { status: 'cancelled', attempt_number: 2, ...card('cancelled') }, 'continue'],
    ['declined, out of attempts', { status: 'declined', attempt_number: 5, ...card('declined') }, 'order_number_taken'],
    ['session still open', { session_expires_at: '2026-11-26T12:05:00.000Z' }, 'order_number_taken'],
    ['hosted page out', { status: 'pending', attempt_number: 1, ...card('open') }, 'order_number_taken'],
    ['expired with a page that may be paid late', { status: 'expired', attempt_number: 1, ...card('expired') }, 'order_number_taken'],
    ['transfer awaited', { status: 'pending', attempt_number: 1, attempt_status: 'open', attempt_method: 'sinpe_movil' }, 'order_number_taken'],
    ['outcome unknown', { status: 'created', attempt_number: 1, ...card('unknown') }, 'order_number_taken'],
    ['approved', { status: 'approved', attempt_number: 1, ...card('approved') }, 'order_number_taken'],
    ['refunded', { status: 'refunded', attempt_number: 1, ...card('approved') }, 'order_number_taken'],
    ['under review', { status: 'review', attempt_number: 1, ...card('review') }, 'order_number_taken'],
    ['a catalog order', { source: 'catalog' }, 'order_number_taken'],
    ['another amount', { amount: '25.01' }, 'amount_mismatch'],
    ['another currency', { currency: 'CRC' }, 'amount_mismatch'],
  ];
  for (const [name, change, expected] of cases) {
    const decision = continuationDecision({ ...base, ...change }, asked, now, 5);
    const got = decision.kind === 'continue' ? `continue${decision.reopen ? ' reopen' : ''}` : decision.code;
    expect(got, name).toBe(expected);
  }
});
