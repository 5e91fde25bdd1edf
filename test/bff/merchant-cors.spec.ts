// A back office on a configured back-office origin (BACKOFFICE_ORIGINS) calls the merchant API from
// the browser: the preflight allows the secret, the Idempotency-Key and DELETE. A storefront origin
// (ALLOWED_ORIGINS) is a page that embeds the widget, not the merchant's back office: it, like a
// foreign origin, gets no CORS grant on /v1/merchant/*.
import { expect, test } from '../support/node-test.ts';
import { startSystem, shopOrigin, type System } from '../support/system.ts';
import { merchant } from './merchant-fixture.ts';

const backOfficeOrigin = 'http://backoffice.example.test';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ env: { BACKOFFICE_ORIGINS: backOfficeOrigin } });
});
test.afterAll(async () => {
  await stack.close();
});

const preflight = (origin: string, method: string, path: string) =>
  fetch(`${stack.bffUrl}${path}`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key' },
  });

const listOrders = (origin: string) =>
  fetch(`${stack.bffUrl}/v1/merchant/orders`, { headers: { Origin: origin, Authorization: `Bearer ${stack.env.MERCHANT_SECRET}` } });

test('the preflight grants a back-office origin the secret, the key and DELETE, on every merchant path', async () => {
  for (const [method, path] of [
    ['POST', '/v1/merchant/orders/X/refund'],
    ['DELETE', '/v1/merchant/payment-links/1'],
    ['GET', '/v1/merchant/events'],
  ] as const) {
    const response = await preflight(backOfficeOrigin, method, path);
    expect(response.status, path).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe(backOfficeOrigin);
    expect(response.headers.get('access-control-allow-methods')).toContain(method);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  }
  const listed = await listOrders(backOfficeOrigin);
  expect(listed.headers.get('access-control-allow-origin')).toBe(backOfficeOrigin);
  expect(listed.headers.get('access-control-expose-headers')).toContain('Idempotent-Replayed');
});

test('a storefront origin gets no CORS grant on the merchant API, preflight or request', async () => {
  for (const [method, path] of [
    ['POST', '/v1/merchant/orders/X/refund'],
    ['DELETE', '/v1/merchant/payment-links/1'],
    ['GET', '/v1/merchant/orders'],
  ] as const) {
    expect((await preflight(shopOrigin, method, path)).headers.get('access-control-allow-origin'), path).toBeNull();
  }
  const listed = await listOrders(shopOrigin);
  expect(listed.status).toBe(200);
  expect(listed.headers.get('access-control-allow-origin')).toBeNull();
  // The storefront's own endpoints still answer it.
  const preflightSessions = await fetch(`${stack.bffUrl}/v1/sessions`, {
    method: 'OPTIONS',
    headers: { Origin: shopOrigin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
  });
  expect(preflightSessions.headers.get('access-control-allow-origin')).toBe(shopOrigin);
});

test('a foreign origin gets no CORS grant (the browser would block it)', async () => {
  const response = await preflight('http://evil.example', 'POST', '/v1/merchant/orders/X/refund');
  expect(response.headers.get('access-control-allow-origin')).toBeNull();
  // And the secret is still what protects the API itself.
  expect((await merchant(stack, 'GET', '/v1/merchant/orders', undefined, { secret: 'guess' })).status).toBe(401);
});
