// A back office on an allowed origin calls the merchant API from the browser: the preflight allows
// the secret, the Idempotency-Key and DELETE; a foreign origin gets no CORS grant.
import { expect, test } from '@playwright/test';
import { startInProcessStack } from './fixtures/in-process-stack.ts';
import { shopOrigin, type Stack } from './fixtures/stack.ts';
import { merchant } from './merchant-fixture.ts';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startInProcessStack();
});
test.afterAll(async () => {
  await stack.close();
});

const preflight = (origin: string, method: string, path: string) =>
  fetch(`${stack.bffUrl}${path}`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key' },
  });

test('the preflight grants an allowed origin the secret, the key and DELETE, on every merchant path', async () => {
  for (const [method, path] of [
    ['POST', '/v1/merchant/orders/X/refund'],
    ['DELETE', '/v1/merchant/payment-links/1'],
    ['GET', '/v1/merchant/events'],
  ] as const) {
    const response = await preflight(shopOrigin, method, path);
    expect(response.status, path).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe(shopOrigin);
    expect(response.headers.get('access-control-allow-methods')).toContain(method);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  }
  const listed = await fetch(`${stack.bffUrl}/v1/merchant/orders`, { headers: { Origin: shopOrigin, Authorization: `Bearer ${stack.env.MERCHANT_SECRET}` } });
  expect(listed.headers.get('access-control-allow-origin')).toBe(shopOrigin);
  expect(listed.headers.get('access-control-expose-headers')).toContain('Idempotent-Replayed');
});

test('a foreign origin gets no CORS grant (the browser would block it)', async () => {
  const response = await preflight('http://evil.example', 'POST', '/v1/merchant/orders/X/refund');
  expect(response.headers.get('access-control-allow-origin')).toBeNull();
  // And the secret is still what protects the API itself.
  expect((await merchant(stack, 'GET', '/v1/merchant/orders', undefined, { secret: 'guess' })).status).toBe(401);
});
