// The per-address limit and the operators' endpoints, tried as an attacker would: a client that
// writes its own X-Forwarded-For entries, a script hammering the buyer endpoints that call the
// gateway, and anyone reading /metrics or looping on /readyz.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/node-test.ts';
import { forwardedClient } from '../../bff/http/client-ip.ts';
import { webhookDb } from '../../bff/store/webhook-tables.ts';
import { metricsHeaders, shopOrigin, startSystem, type System } from '../support/system.ts';
import { linkWebhook } from './webhooks-support.ts';
import { checkout, createMerchantSession } from './fixtures/buyer.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening' });
});
test.afterAll(async () => {
  await stack?.close();
});

test('X-Forwarded-For is read from the right: the entry our outermost trusted proxy wrote', () => {
  // nginx ($proxy_add_x_forwarded_for) appends the peer it saw to whatever the client sent.
  expect(forwardedClient('6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
  // A balancer, then nginx: the balancer's entry is the client, nginx's the balancer.
  expect(forwardedClient('6.6.6.6, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
  // Shorter than the chain: no entry is known to be ours, so none is taken (the socket's peer counts).
  expect(forwardedClient('203.0.113.7', 2)).toBeUndefined();
  expect(forwardedClient('6.6.6.6, 203.0.113.7', 3)).toBeUndefined();
  expect(forwardedClient(' , ', 1)).toBeUndefined();
});

test('behind a trusted proxy, a client that invents left-most X-Forwarded-For entries is still limited', async () => {
  const behindNginx = await stack.startAnotherBff({ TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '3' });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const response = await fetch(`${behindNginx.url}/v1/sessions`, {
      method: 'POST',
      // What nginx passes on: the client's own header, then the address nginx saw.
      headers: { Origin: shopOrigin, 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i}, 203.0.113.7` },
      body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }] }),
    });
    statuses.push(response.status);
  }
  expect(statuses).toEqual([201, 201, 201, 429, 429]);
  // Another real client behind the same proxy is not held up by the first one.
  const other = await fetch(`${behindNginx.url}/v1/sessions`, {
    method: 'POST',
    headers: { Origin: shopOrigin, 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.8' },
    body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }] }),
  });
  expect(other.status).toBe(201);
});

test('the link return and the link webhook are limited per address before they reach the gateway', async () => {
  const limited = await stack.startAnotherBff({ UPSTREAM_RATE_LIMIT_PER_MINUTE: '3' });
  const returns: number[] = [];
  for (let i = 0; i < 5; i++) {
    const response = await fetch(`${limited.url}/v1/links/return?code=1&svcLinkId=${900 + i}&orderNumber=LNK-${i}&svcOrderId=${5_000 + i}`, { redirect: 'manual' });
    returns.push(response.status);
    await response.text();
  }
  expect(returns.slice(3)).toEqual([429, 429]);
  const webhook = await fetch(`${limited.url}/v1/webhooks/links`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(linkWebhook()) });
  expect(webhook.status).toBe(429);
  expect(webhook.headers.get('Content-Type')).toContain('application/problem+json');
  expect(Number(webhook.headers.get('Retry-After'))).toBeGreaterThan(0);
  // The limited requests went no further: nothing of theirs was stored for the worker to look up.
  const stored = await webhookDb(limited.store).selectFrom('events').select('external_id').where('source', '=', 'links').execute();
  expect(stored.map((row) => row.external_id)).not.toContain('903:5003');
  expect(stored.map((row) => row.external_id)).not.toContain('904:5004');
  expect(stored.map((row) => row.external_id)).not.toContain('999999:4242424');
});

test('/metrics needs the metrics token on the API port, and is not served there without one', async () => {
  expect((await fetch(`${stack.bffUrl}/metrics`)).status).toBe(401);
  const wrong = await fetch(`${stack.bffUrl}/metrics`, { headers: { Authorization: 'Bearer not-the-metrics-token-at-all' } });
  expect(wrong.status).toBe(401);
  expect(wrong.headers.get('WWW-Authenticate')).toContain('Bearer');
  const right = await fetch(`${stack.bffUrl}/metrics`, { headers: metricsHeaders });
  expect(right.status).toBe(200);
  expect(await right.text()).toContain('http_requests_total');

  const tokenless = await stack.startAnotherBff({ METRICS_TOKEN: '', OPS_PORT: '0' });
  const closed = await fetch(`${tokenless.url}/metrics`);
  expect(closed.status).toBe(404);
  expect(await closed.text()).not.toContain('http_requests_total');
  // The operators' listener (OPS_PORT, loopback) serves it, with /healthz and /readyz.
  expect(tokenless.opsUrl).toBeTruthy();
  const ops = await fetch(`${tokenless.opsUrl}/metrics`);
  expect(ops.status).toBe(200);
  expect(await ops.text()).toContain('http_requests_total');
  expect((await fetch(`${tokenless.opsUrl}/healthz`)).status).toBe(200);
  expect((await fetch(`${tokenless.opsUrl}/v1/sessions`, { method: 'POST' })).status).toBe(404);
});

test('/readyz asks the gateway at most once per interval, however often it is called', async () => {
  let gatewayHits = 0;
  const gateway = createServer((_request, response) => {
    gatewayHits += 1;
    response.end();
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  try {
    const port = (gateway.address() as AddressInfo).port;
    const bff = await stack.startAnotherBff({ GATEWAY_BASE_URL: `http://127.0.0.1:${port}`, READYZ_GATEWAY_EVERY_MS: '60000' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(`${bff.url}/readyz`).then((response) => response.status)));
    expect(new Set(answers)).toEqual(new Set([200]));
    for (let i = 0; i < 20; i++) expect((await fetch(`${bff.url}/readyz`)).status).toBe(200);
    expect(gatewayHits).toBe(1);
  } finally {
    await new Promise((resolve) => gateway.close(resolve));
  }
});

test('the return is limited per address before it asks the gateway: a redirect storm from one client gets 429', async () => {
  // A client address of its own: on PostgreSQL every instance on the database adds to one count, and
  // the other tests of this file send from 127.0.0.1.
  const limited = await stack.startAnotherBff({ UPSTREAM_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' });
  const session = await createMerchantSession(limited.url);
  await checkout(limited.url, session.sessionToken);
  const consultsBefore = await stack.sandbox.calls('consult', session.orderNumber);
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const forged = `${limited.url}/v1/return?order=${session.orderNumber}&code=1&tpt=${i}&auth=000000&OrderHash=${'0'.repeat(64)}`;
    const response = await fetch(forged, { redirect: 'manual', headers: { 'X-Forwarded-For': '192.0.2.113' } });
    statuses.push(response.status);
    await response.text();
  }
  expect(statuses).toEqual([303, 303, 303, 429, 429]);
  expect(await stack.sandbox.calls('consult', session.orderNumber)).toBeLessThanOrEqual(consultsBefore + 1);
});
