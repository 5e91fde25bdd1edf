// Cross-cutting protections of the browser endpoints: CORS allowlist, origin checks, rate limit,
// body limit, security headers, problem+json for every error.
import { expect, test } from '../support/node-test.ts';
import { createCatalogSession, postCheckout } from './fixtures/buyer.ts';
import { startSystem, merchantSecret, shopOrigin, type System } from '../support/system.ts';

const foreignOrigin = 'http://evil.example.test';
let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ env: { RATE_LIMIT_PER_MINUTE: '1000', BODY_LIMIT_BYTES: '4096' } });
});
test.afterAll(async () => {
  await stack?.close();
});

function preflight(path: string, origin: string) {
  return fetch(`${stack.bffUrl}${path}`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
  });
}

test('CORS allows the allowlisted origin on the browser endpoints', async () => {
  for (const path of ['/v1/sessions', '/v1/session', '/v1/checkout', '/v1/orders/X']) {
    const response = await preflight(path, shopOrigin);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(shopOrigin);
    expect(response.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');
  }
});

test('CORS denies a foreign origin, and a foreign Origin is refused outright', async () => {
  const response = await preflight('/v1/checkout', foreignOrigin);
  expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();

  const created = await fetch(`${stack.bffUrl}/v1/sessions`, {
    method: 'POST',
    headers: { Origin: foreignOrigin, 'Content-Type': 'application/json', 'X-Forwarded-For': '10.0.0.1' },
    body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }] }),
  });
  expect(created.status).toBe(403);
  // The refusal alone is readable by the refused page (so the widget can say "origin not allowed"
  // rather than "network"), never with credentials; the preflight above still denies it.
  expect(created.headers.get('Access-Control-Allow-Origin')).toBe(foreignOrigin);
  expect(created.headers.get('Access-Control-Allow-Credentials')).toBeNull();
  const refusal = await created.json();
  expect(refusal.type).toBe('urn:svc-checkout:problem:origin-not-allowed');
  // The developer reading it learns what to change: their origin, and the setting it must be in.
  expect(refusal.detail).toBe(`The origin ${foreignOrigin} is not in the BFF's ALLOWED_ORIGINS: add it there (comma-separated) to use the checkout from this site.`);

  const session = await createCatalogSession(stack.bffUrl);
  const status = await fetch(`${stack.bffUrl}/v1/orders/${session.order.orderNumber}`, {
    headers: { Authorization: `Bearer ${session.sessionToken}`, Origin: foreignOrigin },
  });
  expect(status.status).toBe(403);
});

test('POST /v1/sessions without an Origin is refused', async () => {
  const response = await fetch(`${stack.bffUrl}/v1/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }] }),
  });
  expect(response.status).toBe(403);
});

test('session creation past the rate limit gets 429 with Retry-After', async () => {
  const another = await stack.startAnotherBff({ RATE_LIMIT_PER_MINUTE: '3' });
  const create = () =>
    fetch(`${another.url}/v1/sessions`, {
      method: 'POST',
      headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }] }),
    });
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await create()).status);
  expect(statuses).toEqual([201, 201, 201, 429]);
  const limited = await create();
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(limited.headers.get('Content-Type')).toContain('application/problem+json');
  expect((await limited.json()).type).toBe('urn:svc-checkout:problem:rate-limited');
});

test('checkout validates addresses with the contract rules and names each field', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  const response = await postCheckout(stack.bffUrl, session.sessionToken, {
    billing: {
      firstName: '',
      lastName: 'Mora',
      address: 'Avenida Central',
      address2: '',
      city: 'San José',
      state: 'US-CA',
      zip: '10101',
      country: 'CR',
      telephone: '12',
      email: 'not-an-email',
    },
    shipping: {
      firstName: 'Ana',
      lastName: 'Mora',
      address: 'x'.repeat(200),
      address2: '',
      city: 'San José',
      state: 'CR-SJ',
      zip: '10101',
      country: 'ZZ',
      telephone: '+50683123456',
    },
  });
  expect(response.status).toBe(400);
  expect(response.headers.get('Content-Type')).toContain('application/problem+json');
  const problem = await response.json();
  const byPath = Object.fromEntries(problem.errors.map((error: { path: string; code?: string }) => [error.path, error.code]));
  expect(byPath).toMatchObject({
    'billing.firstName': 'required',
    'billing.state': 'state_not_in_country',
    'billing.telephone': 'invalid_phone',
    'billing.email': 'invalid_email',
    'shipping.address': 'too_long',
    'shipping.country': 'invalid_country',
  });
  expect(await stack.sandbox.calls('processPayment', session.order.orderNumber)).toBe(0);
});

test('a body over the limit gets 413 problem+json', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  const response = await postCheckout(stack.bffUrl, session.sessionToken, { padding: 'x'.repeat(10_000) });
  expect(response.status).toBe(413);
  expect(response.headers.get('Content-Type')).toContain('application/problem+json');
});

test('malformed JSON is a 400 problem, never a 5xx', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  const response = await fetch(`${stack.bffUrl}/v1/checkout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.sessionToken}`, 'Content-Type': 'application/json' },
    body: '{"billing":',
  });
  expect(response.status).toBe(400);
  expect(response.headers.get('Content-Type')).toContain('application/problem+json');
});

test('unknown routes answer 404 problem+json', async () => {
  const response = await fetch(`${stack.bffUrl}/v1/nope`);
  expect(response.status).toBe(404);
  expect(response.headers.get('Content-Type')).toContain('application/problem+json');
  expect(await response.json()).toMatchObject({ status: 404, title: 'Not found', errors: [] });
});

test('responses carry security headers', async () => {
  const response = await fetch(`${stack.bffUrl}/healthz`);
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
  expect(response.headers.get('Strict-Transport-Security')).toBeTruthy();
});

test('merchant sessions need the merchant secret, and returnUrl must be an allowed origin', async () => {
  const body = JSON.stringify({ amount: '10.00', currency: 'USD', returnUrl: `${shopOrigin}/ok` });
  const noSecret = await fetch(`${stack.bffUrl}/v1/merchant/checkout-sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  expect(noSecret.status).toBe(401);
  expect(noSecret.headers.get('WWW-Authenticate')).toContain('Bearer');
  const wrong = await fetch(`${stack.bffUrl}/v1/merchant/checkout-sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer not-the-secret' },
    body,
  });
  expect(wrong.status).toBe(401);
  const openRedirect = await fetch(`${stack.bffUrl}/v1/merchant/checkout-sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${merchantSecret}` },
    body: JSON.stringify({ amount: '10.00', currency: 'USD', returnUrl: `${foreignOrigin}/phish` }),
  });
  expect(openRedirect.status).toBe(400);
  expect((await openRedirect.json()).errors[0]).toMatchObject({ path: 'returnUrl', code: 'origin_not_allowed' });
});

test('merchant sessions: a taken order number is 409, bad money is 400 on its field', async () => {
  const post = (body: object) =>
    fetch(`${stack.bffUrl}/v1/merchant/checkout-sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${merchantSecret}` },
      body: JSON.stringify({ returnUrl: `${shopOrigin}/ok`, ...body }),
    });
  const orderNumber = `ORD-${Date.now()}`;
  expect((await post({ amount: '10', currency: 'USD', orderNumber })).status).toBe(201);
  const again = await post({ amount: '10', currency: 'USD', orderNumber });
  expect(again.status).toBe(409);
  const decimals = await post({ amount: '10.001', currency: 'USD' });
  expect(decimals.status).toBe(400);
  expect((await decimals.json()).errors[0].path).toBe('amount');
  const currency = await post({ amount: '10.00', currency: 'XYZ' });
  expect((await currency.json()).errors[0].path).toBe('currency');
});

test("an anonymous session's answers carry no gateway credential, and the gateway is never asked for one", async () => {
  const loginSdkBefore = await stack.sandbox.calls('loginSdk');
  const created = await createCatalogSession(stack.bffUrl);
  const view = await fetch(`${stack.bffUrl}/v1/session`, { headers: { Authorization: `Bearer ${created.sessionToken}`, Origin: shopOrigin } });
  expect(view.status).toBe(200);
  const body = await view.json();
  expect(body).not.toHaveProperty('gatewaySdk');
  expect(created).not.toHaveProperty('gatewaySdk');
  expect(await stack.sandbox.calls('loginSdk')).toBe(loginSdkBefore);
});
