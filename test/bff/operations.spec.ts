// Operators' view: Prometheus metrics and the OpenAPI 3.1 document.
import { expect, test } from '../support/node-test.ts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { checkout, createMerchantSession } from './fixtures/buyer.ts';
import { startSystem, metricsHeaders, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack?.close();
});

test('/metrics counts requests by route pattern and upstream calls by operation and outcome', async () => {
  // Exact call counts: the variance mode's one body-level 401 (a second login) is not what this test is about.
  await stack.sandbox.setVariants({ enabled: false });
  const session = await createMerchantSession(stack.bffUrl);
  await checkout(stack.bffUrl, session.sessionToken);
  await fetch(`${stack.bffUrl}/v1/orders/${session.orderNumber}`, { headers: { Authorization: `Bearer ${session.sessionToken}` } });
  const response = await fetch(`${stack.bffUrl}/metrics`, { headers: metricsHeaders });
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toContain('text/plain');
  const text = await response.text();
  expect(text).toMatch(/http_requests_total\{method="POST",route="\/v1\/checkout",status="200"\} 1/);
  expect(text).toMatch(/http_requests_total\{method="GET",route="\/v1\/orders\/:orderNumber",status="200"\} 1/);
  expect(text).toContain('http_request_duration_seconds_bucket');
  expect(text).toMatch(/upstream_calls_total\{upstream="gateway",operation="processPayment",outcome="ok"\} 1/);
  expect(text).toMatch(/upstream_calls_total\{upstream="gateway",operation="login",outcome="ok"\} 1/);
  expect(text).toContain('upstream_call_duration_seconds_bucket');
  // Raw order numbers never become label values.
  expect(text).not.toContain(session.orderNumber);
});

test('/v1/openapi.json is a valid OpenAPI 3.1 document covering the browser API', async () => {
  const response = await fetch(`${stack.bffUrl}/v1/openapi.json`);
  expect(response.status).toBe(200);
  const document = await response.json();
  expect(document.openapi).toBe('3.1.0');
  const result = await new Validator().validate(document);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  for (const path of ['/v1/sessions', '/v1/merchant/checkout-sessions', '/v1/session', '/v1/checkout', '/v1/return', '/v1/orders/{orderNumber}', '/healthz', '/readyz', '/metrics']) {
    expect(Object.keys(document.paths)).toContain(path);
  }
  const checkoutBody = document.paths['/v1/checkout'].post.requestBody.content['application/json'].schema;
  expect(checkoutBody.$ref).toBe('#/components/schemas/CheckoutRequest');
  expect(JSON.stringify(document.components.schemas.CheckoutRequest)).toContain('sameAsBilling');
  expect(document.paths['/v1/checkout'].post.responses['400'].content['application/problem+json']).toBeDefined();
});
