// Correlation across instances: one purchase whose steps land on two BFFs over one database, with
// every log line captured in the order it was written. Every answer echoes X-Request-Id (the
// caller's, or a new one), every line of a request carries its id, the caller's traceparent
// reaches the upstream call lines, and every line about the order names it: sessions, checkout,
// the return, the status poll, the capture, the gateway calls and both instances' webhook workers.
import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/node-test.ts';
import { createLogger } from '../../bff/lib/observability/logger.ts';
import { approvingCard, checkoutBody, statusTokenOf } from './fixtures/buyer.ts';
import { merchantSecret, shopOrigin, startSystem, type System } from '../support/system.ts';
import { eventsOf, startWebhookReceiver, type WebhookReceiver } from './fixtures/webhook-receiver.ts';

interface LogLine {
  instance: 'A' | 'B';
  msg: string;
  requestId?: string;
  orderNumber?: string;
  traceparent?: string;
  [field: string]: unknown;
}

let stack: System;
let hooks: WebhookReceiver;
const written: string[] = [];

test.beforeEach(async () => {
  written.length = 0;
  hooks = await startWebhookReceiver();
  // One sink for both instances: the array holds the lines in the order they were written.
  const sink = { write: (line: string) => void written.push(line) };
  const webhookEnv = { MERCHANT_WEBHOOK_URL: hooks.url, MERCHANT_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`, MERCHANT_WEBHOOK_POLL_MS: '50' };
  stack = await startSystem({ mode: 'listening',  env: webhookEnv, logger: createLogger('info', sink).child({ instance: 'A' }) });
});
test.afterEach(async () => {
  await stack.close();
  await hooks.close();
});

const lines = (): LogLine[] => written.map((line) => JSON.parse(line) as LogLine);
const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

async function call(baseUrl: string, path: string, requestId: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
  const response = await fetch(baseUrl + path, { redirect: 'manual', ...init, headers: { 'X-Request-Id': requestId, ...init.headers } });
  expect(response.headers.get('x-request-id'), path).toBe(requestId);
  return response;
}

test('one purchase across two instances: every line about the order names it, in order, each request line with its request id', async () => {
  const a = stack.bff;
  const b = await stack.startAnotherBff({}, { logger: createLogger('info', { write: (line: string) => void written.push(line) }).child({ instance: 'B' }) });
  const merchantHeaders = { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json' };

  // A: the merchant's server opens the session (authorize only, captured later).
  const created = await call(a.url, '/v1/merchant/checkout-sessions', 'shop-session-1', {
    method: 'POST',
    headers: merchantHeaders,
    body: JSON.stringify({ amount: '25.00', currency: 'USD', returnUrl: `${shopOrigin}/thanks`, capture: false }),
  });
  const { sessionToken, orderNumber } = (await created.json()) as { sessionToken: string; orderNumber: string };

  // B: the widget checks out, with the page's trace.
  const checkedOut = await call(b.url, '/v1/checkout', 'widget-checkout-2', {
    method: 'POST',
    headers: { Authorization: `Bearer ${sessionToken}`, Origin: shopOrigin, 'Content-Type': 'application/json', traceparent },
    body: JSON.stringify(checkoutBody),
  });
  const { redirectUrl } = (await checkedOut.json()) as { redirectUrl: string };

  // A: the gateway's redirect of the buyer lands on the other instance.
  const gatewayRedirect = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  const returnPath = gatewayRedirect.pathname + gatewayRedirect.search;
  const returned = await call(a.url, returnPath, 'buyer-return-3');
  expect(returned.status).toBe(303);
  const statusToken = statusTokenOf(returned.headers.get('location')!);

  // B: the widget polls; B: the merchant captures.
  const polled = await call(b.url, `/v1/orders/${orderNumber}`, 'widget-poll-4', { headers: { Authorization: `Bearer ${statusToken}`, Origin: shopOrigin } });
  expect(((await polled.json()) as { status: string }).status).toBe('approved');
  const captured = await call(b.url, `/v1/merchant/orders/${orderNumber}/capture`, 'shop-capture-5', {
    method: 'POST',
    headers: { ...merchantHeaders, 'Idempotency-Key': `capture-${orderNumber}` },
    body: '{}',
  });
  expect(captured.status).toBe(200);

  // Both merchant events delivered (by whichever instance's worker took them).
  await hooks.waitFor(
    (received) => ['order.approved', 'order.captured'].every((type) => eventsOf(received, type, (data) => data.orderNumber === orderNumber).length === 1),
    'order.approved and order.captured',
  );
  await expect.poll(() => lines().filter((line) => line.orderNumber === orderNumber && line.msg === 'merchant webhook delivered').length).toBe(2);

  const aboutOrder = lines().filter((line) => line.orderNumber === orderNumber);
  const requestLines = aboutOrder.filter((line) => line.msg === 'request');
  // Each request's line carries its id, in the order the requests were made, across both instances.
  expect(requestLines.map((line) => [line.instance, line.requestId, line.route])).toEqual([
    ['A', 'shop-session-1', '/v1/merchant/checkout-sessions'],
    ['B', 'widget-checkout-2', '/v1/checkout'],
    ['A', 'buyer-return-3', '/v1/return'],
    ['B', 'widget-poll-4', '/v1/orders/:orderNumber'],
    ['B', 'shop-capture-5', '/v1/merchant/orders/:orderNumber/capture'],
  ]);
  // Every line written while serving those requests names the order: none of a request is missing it.
  const ourIds = new Set(requestLines.map((line) => line.requestId));
  expect(lines().filter((line) => ourIds.has(line.requestId) && line.orderNumber !== orderNumber)).toEqual([]);
  // The gateway calls of the checkout carry the page's trace and its request id.
  const checkoutCalls = aboutOrder.filter((line) => line.msg === 'upstream call' && line.requestId === 'widget-checkout-2');
  expect(checkoutCalls.length).toBeGreaterThan(0);
  for (const line of checkoutCalls) expect(line.traceparent).toBe(traceparent);
  expect(aboutOrder.filter((line) => line.msg === 'upstream call' && line.requestId === 'shop-capture-5').map((line) => line.operation)).toContain('processModification');
  // The webhook workers' lines name the order too; lines about the order are in time order.
  expect(aboutOrder.filter((line) => line.msg === 'merchant webhook delivered').map((line) => line.type).sort()).toEqual(['order.approved', 'order.captured']);
  const times = aboutOrder.map((line) => line.time as number);
  expect(times).toEqual([...times].sort((x, y) => x - y));
  // Both instances wrote about it.
  expect(new Set(aboutOrder.map((line) => line.instance))).toEqual(new Set(['A', 'B']));
});

test('an X-Request-Id that is missing, longer than 64 or has characters outside [A-Za-z0-9._-] is replaced by a new, unique one, echoed and logged', async () => {
  const refusedIds = [undefined, '', 'x'.repeat(65), 'has spaces in it', 'semi;colon', 'pad=', 'a/b', '<img>', 'café', '%0d%0aX-Injected:1'];
  const ids: string[] = [];
  for (const given of refusedIds) {
    const response = await fetch(`${stack.bffUrl}/healthz`, { headers: given === undefined ? {} : { 'X-Request-Id': given } });
    const echoed = response.headers.get('x-request-id')!;
    expect(echoed, String(given)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    ids.push(echoed);
  }
  expect(new Set(ids).size).toBe(refusedIds.length);
  // Kept as given when of the safe shape, on an error answer too.
  for (const kept of ['Abc_123-xyz.7', 'y'.repeat(64)]) {
    const refused = await fetch(`${stack.bffUrl}/v1/merchant/orders`, { headers: { 'X-Request-Id': kept } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toBe(kept);
  }
  await expect.poll(() => lines().some((line) => line.msg === 'request' && line.requestId === 'Abc_123-xyz.7' && line.status === 401)).toBe(true);
});
