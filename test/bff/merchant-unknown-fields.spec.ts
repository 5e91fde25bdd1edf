// Every merchant request refuses a field it does not know: a typo in a money field (`captrue`) must
// never be silently ignored. The answer is one 400 problem naming the field's path, `unknown_field`.
import { expect, test } from '../support/node-test.ts';
import { merchant } from './merchant-fixture.ts';
import { startSystem, shopOrigin, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack?.close();
});

const session = { amount: '1500.00', currency: 'CRC', returnUrl: `${shopOrigin}/thanks` };

/** Each merchant request with one field it does not know, and that field's path. */
const requests: Array<{ name: string; method: 'GET' | 'POST'; path: string; body?: unknown; unknown: string }> = [
  { name: 'checkout session', method: 'POST', path: '/v1/merchant/checkout-sessions', body: { ...session, captrue: false }, unknown: 'captrue' },
  {
    name: 'checkout session prefill',
    method: 'POST',
    path: '/v1/merchant/checkout-sessions',
    body: { ...session, prefill: { billing: { emial: 'ana@example.com' } } },
    unknown: 'prefill.billing.emial',
  },
  {
    name: 'checkout session line',
    method: 'POST',
    path: '/v1/merchant/checkout-sessions',
    body: { ...session, lines: [{ name: 'Mug', quantity: 1, unitAmount: '1500.00', colour: 'blue' }] },
    unknown: 'lines.0.colour',
  },
  { name: 'capture', method: 'POST', path: '/v1/merchant/orders/NO-SUCH/capture', body: { amout: '1.00' }, unknown: 'amout' },
  { name: 'refund', method: 'POST', path: '/v1/merchant/orders/NO-SUCH/refund', body: { amout: '1.00' }, unknown: 'amout' },
  {
    name: 'split',
    method: 'POST',
    path: '/v1/merchant/orders/NO-SUCH/split',
    body: { commerces: [{ email: 'a@example.com', amount: '1.00', note: 'x' }], lang: 'es' },
    unknown: 'commerces.0.note',
  },
  { name: 'review', method: 'POST', path: '/v1/merchant/orders/NO-SUCH/review', body: { decision: 'approve', reason: 'x' }, unknown: 'reason' },
  {
    name: 'payment link',
    method: 'POST',
    path: '/v1/merchant/payment-links',
    body: { amount: '1500.00', currency: 'CRC', singleuse: true },
    unknown: 'singleuse',
  },
  {
    name: 'webhook endpoint',
    method: 'POST',
    path: '/v1/merchant/webhook-endpoints',
    body: { url: 'https://shop.example/hooks', events: ['order.captured'] },
    unknown: 'events',
  },
  {
    name: 'exchange rate',
    method: 'POST',
    path: '/v1/merchant/exchange-rates',
    body: { currency: 'USD', rate: '506.52', date: '2026-12-01', source: 'BCCR', buy: '500.00' },
    unknown: 'buy',
  },
  {
    name: 'bank payment attach',
    method: 'POST',
    path: '/v1/merchant/bank-payments/00000000-0000-4000-8000-000000000000/attach',
    body: { orderNumber: 'NO-SUCH', acceptAmonut: true },
    unknown: 'acceptAmonut',
  },
  {
    name: 'bank destination',
    method: 'POST',
    path: '/v1/merchant/banking/destinations',
    body: { feature_id: '00000000-0000-4000-8000-000000000000', scope_kind: 'TENANT', max_attemps: 3 },
    unknown: 'max_attemps',
  },
  { name: 'order list query', method: 'GET', path: '/v1/merchant/orders?stauts=captured', unknown: 'stauts' },
  { name: 'event list query', method: 'GET', path: '/v1/merchant/events?stauts=failed', unknown: 'stauts' },
  { name: 'bank payment list query', method: 'GET', path: '/v1/merchant/bank-payments?externalRef=1', unknown: 'externalRef' },
  { name: 'bank feature query', method: 'GET', path: '/v1/merchant/banking/features?country=CR', unknown: 'country' },
];

for (const request of requests) {
  test(`${request.name}: an unknown field is a 400 naming it`, async () => {
    const answer = await merchant(stack, request.method, request.path, request.body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(answer.body.errors).toContainEqual(expect.objectContaining({ path: request.unknown, code: 'unknown_field' }));
  });
}

test('a checkout session with `captrue` is refused, so no order is made that captures', async () => {
  const answer = await merchant(stack, 'POST', '/v1/merchant/checkout-sessions', { ...session, orderNumber: 'TYPO-1', captrue: false });
  expect(answer.status).toBe(400);
  expect(answer.body.errors).toEqual([{ path: 'captrue', message: 'Unknown field.', code: 'unknown_field' }]);
  const order = await merchant(stack, 'GET', '/v1/merchant/orders/TYPO-1');
  expect(order.status).toBe(404);
});
