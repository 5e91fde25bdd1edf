// fast-check fuzzing of every browser-facing, gateway-facing, bank-facing and operator endpoint
// of the BFF, in-process (app.request): ≥ 1,000 cases each; never a 5xx, errors always problem+json.
import fc from 'fast-check';
import { expect, test } from '../support/node-test.ts';
import { encryptDelivery } from '../../node/bank-delivery-codec.ts';
import { costaRicaBilling } from '../bff/fixtures/buyer.ts';
import { merchantSecret, shopOrigin } from '../support/system.ts';
import { bankEvent, linkWebhook } from '../bff/webhooks-support.ts';
import { recordFigures } from './support/figures.ts';
import { anyText, bodyFor, mutated, fuzzEndpoint, headersFor, queryFor, segment, type EndpointFuzz, type FuzzRequest, type FuzzStats } from './support/fuzz.ts';
import { bankSecretRef, startInProcessBff, type InProcessBff } from './support/in-process-bff.ts';

let bff: InProcessBff;
let sessionToken: string;
let statusToken: string;
let orderNumber: string;
// The allowed origin most of the time, so most cases get past the origin check into validation.
const origins = [shopOrigin, shopOrigin, shopOrigin, shopOrigin, 'https://evil.example', 'null'];

// Up to five minutes a test in whichever project runs this file (`npm test` runs it in one project with the bff suites).
test.describe.configure({ timeout: 300_000 });
test.beforeAll(async () => {
  bff = await startInProcessBff();
  const created = await bff.app.request('/v1/sessions', {
    method: 'POST',
    headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }] }),
  });
  expect(created.status).toBe(201);
  const session = (await created.json()) as { sessionToken: string; order: { orderNumber: string } };
  sessionToken = session.sessionToken;
  orderNumber = session.order.orderNumber;
  statusToken = (await bff.app.services.tokens.signStatus(orderNumber)).token;
});
test.afterAll(async () => {
  await bff?.close();
});

const stats: Record<string, FuzzStats> = {};
test.afterAll(async () => {
  await recordFigures('fuzz-buyer', stats);
});

/** Marks a request that should carry a session of its own (a checkout is idempotent per session). */
const freshSession = 'fresh-session';

/** A new merchant session per case, so every valid checkout reaches processPayment. */
async function withFreshSession(request: FuzzRequest): Promise<FuzzRequest> {
  if (request.headers.Authorization !== `Bearer ${freshSession}`) return request;
  const created = await bff.app.request('/v1/merchant/checkout-sessions', {
    method: 'POST',
    headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: '12.50', currency: 'USD', returnUrl: `${shopOrigin}/thanks` }),
  });
  const { sessionToken: token } = (await created.json()) as { sessionToken: string };
  return { ...request, headers: { ...request.headers, Authorization: `Bearer ${token}` } };
}

function endpoints(): EndpointFuzz[] {
  /** Mostly the credential the endpoint wants, sometimes another caller's. */
  const headersWanting = (...wanted: string[]) =>
    headersFor({ bearer: [...wanted, ...wanted, ...wanted, sessionToken, statusToken, merchantSecret, freshSession], origins });
  const headers = headersWanting(freshSession, sessionToken);
  const post = (path: string, bodies: fc.Arbitrary<string | undefined>, requestHeaders = headers, name = `POST ${path}`): EndpointFuzz => ({
    name,
    request: fc.record({ method: fc.constant('POST'), path: fc.constant(path), headers: requestHeaders, body: bodies }),
    prepare: withFreshSession,
  });
  const get = (name: string, path: fc.Arbitrary<string>, htmlAllowed = false, requestHeaders = headers): EndpointFuzz => ({
    name,
    htmlAllowed,
    request: fc.record({ method: fc.constant('GET'), path, headers: requestHeaders }),
    prepare: withFreshSession,
  });
  const { email: _email, ...shipping } = costaRicaBilling;
  return [
    post('/v1/sessions', bodyFor({ items: [{ sku: 'CR-COFFEE-500', quantity: 2 }, { sku: 'CR-CHOCOLATE-BAR', quantity: 1 }], locale: 'es-CR', returnUrl: `${shopOrigin}/cart` })),
    post(
      '/v1/merchant/checkout-sessions',
      bodyFor({
        amount: '25.00',
        currency: 'USD',
        capture: true,
        returnUrl: `${shopOrigin}/thanks`,
        description: 'Fuzz',
        prefill: { billing: costaRicaBilling },
        returnData: 'ref-1',
      }),
      headersWanting(merchantSecret),
    ),
    get('GET /v1/session', fc.constant('/v1/session')),
    post('/v1/checkout', fc.oneof(bodyFor({ billing: costaRicaBilling, shipping, locale: 'es-CR' }), bodyFor({ billing: costaRicaBilling, sameAsBilling: true }))),
    get(
      'GET /v1/return',
      queryFor(['code', 'description', 'auth', 'order', 'tpt', 'crd', 'svc-transaction', 'OrderHash', 'returnData', 'form_update', 'cancel'], {
        code: fc.constantFrom('1', '05', '3', 'Pending'),
        order: fc.constant(orderNumber),
        OrderHash: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
      }).map((query) => `/v1/return${query}`),
      true,
    ),
    get('GET /v1/orders/{orderNumber}', segment(orderNumber, 'SVC-UNKNOWN').map((n) => `/v1/orders/${n}`), false, headersWanting(statusToken, sessionToken)),
    post('/v1/webhooks/links', bodyFor(linkWebhook())),
    get(
      'GET /v1/links/return',
      queryFor(['code', 'description', 'auth', 'svcLinkId', 'orderNumber', 'svcOrderId', 'creditCardToken', 'creditCardBrand', 'last4CreditCardNumber', 'orderHash'], {
        code: fc.constantFrom('1', '05'),
        svcLinkId: fc.integer({ min: -1, max: 99 }).map(String),
      }).map((query) => `/v1/links/return${query}`),
      true,
    ),
    {
      name: 'POST /v1/webhooks/banking',
      request: fc.record({
        method: fc.constant('POST'),
        path: fc.constant('/v1/webhooks/banking'),
        headers,
        body: fc.oneof(
          bodyFor({ data: 'AAAA' }),
          // Correctly encrypted, but the event inside is mutated: decrypts, then fails its contract.
          fc.constant(null).chain(() => bodyForEncrypted()),
        ),
      }),
    },
    get('GET /healthz', fc.constant('/healthz')),
    get('GET /readyz', fc.constant('/readyz')),
    get('GET /metrics', fc.constant('/metrics')),
    get('GET /v1/openapi.json', queryFor(['format']).map((query) => `/v1/openapi.json${query}`)),
  ];
}

/** The last few warning and error log lines (what a 5xx left behind). */
function errorLines(logText: string): string {
  return logText.split('\n').filter((line) => line.includes('"level":50') || line.includes('"level":40')).slice(-3).join('\n').slice(0, 4000);
}

/** Placeholder replaced per run (encryption is async): an encrypted, mutated bank event. */
const encryptedBodies: string[] = [];
function bodyForEncrypted(): fc.Arbitrary<string> {
  return fc.constantFrom(...encryptedBodies);
}

test('every buyer, gateway, bank and operator endpoint: 1,000+ fuzzed requests each, never a 5xx, errors in problem+json', async () => {
  // Build a pool of correctly encrypted deliveries whose events are mutated (async, so made up front).
  const events = fc.sample(fc.constantFrom('payin.posted', 'payment.succeeded', 'payment.failed', 'payment.reversed'), { numRuns: 200, seed: 42 });
  for (const [i, type] of events.entries()) {
    const template = bankEvent(type);
    const [changed] = fc.sample(fc.oneof(fc.constant(template), mutated(template)), { numRuns: 1, seed: i });
    encryptedBodies.push(JSON.stringify({ data: await encryptDelivery(JSON.stringify(changed), bankSecretRef) }));
  }
  let seed = 9000;
  for (const endpoint of endpoints()) {
    seed++;
    if (process.env.FUZZ_ONLY && !endpoint.name.includes(process.env.FUZZ_ONLY)) continue;
    stats[endpoint.name] = await fuzzEndpoint(bff.app, endpoint, seed, () => errorLines(bff.logText()));
    expect(stats[endpoint.name]!.cases).toBeGreaterThanOrEqual(1000);
  }
});

test('any method on any path: never a 5xx, errors in problem+json', async () => {
  const headers = headersFor({ bearer: [sessionToken, merchantSecret], origins });
  const paths = fc.oneof(
    fc.constantFrom('/', '/v1', '/v1/', '/v1/orders', '/v1/merchant', '/v1/checkout/', '/v1//sessions', '/V1/SESSIONS', '/v1/webhooks', '/_sandbox/faults'),
    anyText.map((text) => `/${encodeURIComponent(text)}`),
    anyText.map((text) => `/v1/${encodeURIComponent(text)}/${encodeURIComponent(text)}`),
  );
  const endpoint: EndpointFuzz = {
    name: 'any method, any path',
    request: fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
      path: paths,
      headers,
      body: bodyFor({ a: 1 }),
    }),
  };
  stats[endpoint.name] = await fuzzEndpoint(bff.app, endpoint, 777);
});
