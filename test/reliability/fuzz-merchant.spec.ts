// fast-check fuzzing of every merchant endpoint (/v1/merchant/*), in-process (app.request):
// ≥ 1,000 cases each with the secret or without, against a real approved order (so capture, refund,
// reverse and split reach the gateway); never a 5xx, errors always problem+json.
import fc from 'fast-check';
import { expect, test } from '../support/node-test.ts';
import { findOrder } from '../../bff/store/orders.ts';
import { SandboxControl } from '../../sandbox/control-client.ts';
import { approvingCard, checkoutBody } from '../bff/fixtures/buyer.ts';
import { merchantSecret, shopOrigin } from '../support/system.ts';
import { recordFigures } from './support/figures.ts';
import { bodyFor, fuzzEndpoint, headersFor, queryFor, segment, type EndpointFuzz, type FuzzRequest, type FuzzStats } from './support/fuzz.ts';
import { startInProcessBff, type InProcessBff } from './support/in-process-bff.ts';

let bff: InProcessBff;
let orderNumber: string;
const stats: Record<string, FuzzStats> = {};

// Up to five minutes a test in whichever project runs this file (`npm test` runs it in one project with the bff suites).
test.describe.configure({ timeout: 300_000 });
test.beforeAll(async () => {
  bff = await startInProcessBff();
  // An approved, uncaptured order: capture, refund, reverse and split reach the gateway for real.
  const created = await bff.app.request('/v1/merchant/checkout-sessions', {
    method: 'POST',
    headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: '250.00', currency: 'USD', capture: false, returnUrl: `${shopOrigin}/thanks` }),
  });
  expect(created.status).toBe(201);
  const session = (await created.json()) as { orderNumber: string; sessionToken: string };
  orderNumber = session.orderNumber;
  const checkout = await bff.app.request('/v1/checkout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.sessionToken}`, Origin: shopOrigin, 'Content-Type': 'application/json' },
    body: JSON.stringify(checkoutBody),
  });
  const { redirectUrl } = (await checkout.json()) as { redirectUrl: string };
  const back = await new SandboxControl(bff.sandboxUrl).payHostedPage(redirectUrl, { card: approvingCard });
  expect((await bff.app.request(back.pathname + back.search)).status).toBe(303);
  expect((await findOrder(bff.store.db, orderNumber))?.status).toBe('approved');
});
test.afterAll(async () => {
  await recordFigures('fuzz-merchant', stats);
  await bff?.close();
});

function errorLines(logText: string): string {
  return logText.split('\n').filter((line) => line.includes('"level":50') || line.includes('"level":40')).slice(-3).join('\n').slice(0, 4000);
}

function endpoints(): EndpointFuzz[] {
  const headers = headersFor({ bearer: [merchantSecret, merchantSecret, merchantSecret, `${merchantSecret}x`], origins: [shopOrigin, shopOrigin, 'https://evil.example'] });
  const order = segment(orderNumber, 'SVC-NOPE');
  const request = (method: string, path: fc.Arbitrary<string>, template?: unknown): fc.Arbitrary<FuzzRequest> =>
    template === undefined
      ? fc.record({ method: fc.constant(method), path, headers })
      : fc.record({ method: fc.constant(method), path, headers, body: bodyFor(template) });
  const orderListKeys = ['status', 'currency', 'source', 'orderNumber', 'email', 'createdFrom', 'createdTo', 'limit', 'cursor'];
  const transactionKeys = ['startDate', 'endDate', 'onlyAproved', 'onlyApproved', 'environment', 'currency', 'merchantId', 'orderNumber', 'email', 'auth'];
  return [
    { name: 'GET /v1/merchant/orders', request: request('GET', queryFor(orderListKeys, { status: fc.constantFrom('approved,captured', 'pending', 'nope'), limit: fc.integer({ min: -5, max: 500 }).map(String), createdFrom: fc.constantFrom('2026-11-21', '2026-11-21T10:00:00Z', 'yesterday') }).map((q) => `/v1/merchant/orders${q}`)) },
    { name: 'GET /v1/merchant/orders/{orderNumber}', request: request('GET', order.map((n) => `/v1/merchant/orders/${n}`)) },
    ...(['capture', 'refund', 'reverse'] as const).map((action) => ({
      name: `POST /v1/merchant/orders/{orderNumber}/${action}`,
      request: request('POST', order.map((n) => `/v1/merchant/orders/${n}/${action}`), { amount: '1.00' }),
    })),
    { name: 'POST /v1/merchant/orders/{orderNumber}/split', request: request('POST', order.map((n) => `/v1/merchant/orders/${n}/split`), { commerces: [{ email: 'partner@example.com', amount: '5.00' }], lang: 'es' }) },
    { name: 'GET /v1/merchant/transactions', request: request('GET', queryFor(transactionKeys, { startDate: fc.constantFrom('2026-11-01', '2026-11-21 00:00:00', 'x'), environment: fc.constantFrom('test', '1', 'prod') }).map((q) => `/v1/merchant/transactions${q}`)) },
    { name: 'POST /v1/merchant/payment-links', request: request('POST', fc.constant('/v1/merchant/payment-links'), { amount: '10.00', currency: 'USD', reference: 'r-1', description: 'Fuzz link', singleUse: true, client: 'Ana' }) },
    { name: 'GET /v1/merchant/payment-links', request: request('GET', queryFor(['limit', 'page'], { limit: fc.integer({ min: -1, max: 200 }).map(String), page: fc.integer({ min: -1, max: 5 }).map(String) }).map((q) => `/v1/merchant/payment-links${q}`)) },
    { name: 'GET /v1/merchant/payment-links/{id}', request: request('GET', segment('1', '0', '-1', '99999999999999999999').map((id) => `/v1/merchant/payment-links/${id}`)) },
    { name: 'DELETE /v1/merchant/payment-links/{id}', request: request('DELETE', segment('999', 'x').map((id) => `/v1/merchant/payment-links/${id}`)) },
    { name: 'GET /v1/merchant/events', request: request('GET', queryFor(['source', 'state', 'type', 'limit', 'cursor']).map((q) => `/v1/merchant/events${q}`)) },
    {
      name: 'POST /v1/merchant/banking/destinations',
      request: request('POST', fc.constant('/v1/merchant/banking/destinations'), {
        webhook_url: 'https://shop.example.test/v1/webhooks/banking',
        feature_id: '5b0f3a52-8c1e-4d7a-9f3b-2a6c1e9d0001',
        scope: { country_code: 'CR', payment_method_code: 'SINPE_MOVIL' },
      }),
    },
    { name: 'GET /v1/merchant/banking/features', request: request('GET', queryFor(['country_code', 'tenant_id']).map((q) => `/v1/merchant/banking/features${q}`)) },
    { name: 'GET /v1/merchant/banking/event-contracts/{eventType}', request: request('GET', segment('payin.posted', 'payment.succeeded', 'payment.status_changed').map((t) => `/v1/merchant/banking/event-contracts/${t}`)) },
  ];
}

test('every merchant endpoint: 1,000+ fuzzed requests each, never a 5xx, errors in problem+json', async () => {
  let seed = 5000;
  for (const endpoint of endpoints()) {
    seed++;
    if (process.env.FUZZ_ONLY && !endpoint.name.includes(process.env.FUZZ_ONLY)) continue;
    stats[endpoint.name] = await fuzzEndpoint(bff.app, endpoint, seed, () => errorLines(bff.logText()));
    expect(stats[endpoint.name]!.cases).toBeGreaterThanOrEqual(1000);
  }
});
