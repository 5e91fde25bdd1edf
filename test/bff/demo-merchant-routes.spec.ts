// The demo's own server routes that act with the merchant's secret or on the sandbox for its pages
// (/api/authorize-only-session, /api/bank-events, /api/sinpe-transfers), tried as a stranger would:
// from another site's page, from a script in a loop, and against a demo pointed at a real gateway.
// The demo runs in process on a free port (its limit counts by the socket's address); the BFF and
// the sandbox are the in-process stack's.
import { expect, test } from '../support/node-test.ts';
import { createDemoApp } from '../../demo/server.ts';
import { listen, type RunningServer } from '../../node/serve-app.ts';
import { startSystem, merchantSecret, type System } from '../support/system.ts';

let stack: System;
const servers: RunningServer[] = [];
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
test.afterAll(async () => {
  await stack?.close();
});

const noScripts = new Map<string, string>();

/** A demo on a free port whose BFF accepts its origin as a shop's. */
async function startDemo(env: Record<string, string> = {}): Promise<{ url: string }> {
  const listener = await listen('127.0.0.1', 0, 'DEMO_PORT');
  servers.push(listener);
  const bff = await stack.startAnotherBff({ ALLOWED_ORIGINS: listener.url });
  listener.serve(await createDemoApp({ BFF_URL: bff.url, SANDBOX_URL: stack.sandboxUrl, MERCHANT_SECRET: merchantSecret, ...env }, noScripts));
  return { url: listener.url };
}

const coffee = { items: [{ sku: 'CR-COFFEE-500', quantity: 1 }] };

/** `origin: null` sends no Origin header at all. */
const post = (demo: { url: string }, path: string, body: unknown, origin: string | null = demo.url) =>
  fetch(demo.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(origin === null ? {} : { Origin: origin }) },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: await response.text() }));

const routes = ['/api/authorize-only-session', '/api/bank-events', '/api/sinpe-transfers'];

test('from the demo’s own page, an authorize-only session is created with the merchant secret', async () => {
  const demo = await startDemo();
  const answer = await post(demo, '/api/authorize-only-session', coffee);
  expect(answer.status, answer.body).toBe(201);
  expect(JSON.parse(answer.body).sessionToken).toEqual(expect.any(String));
});

test('another site’s page, or a request with no Origin, gets 403 on every merchant-side route and creates nothing', async () => {
  const demo = await startDemo();
  for (const path of routes) {
    for (const origin of ['https://evil.example', 'null', demo.url.replace('127.0.0.1', 'localhost'), null]) {
      const answer = await post(demo, path, coffee, origin);
      expect(answer.status, `${path} from ${origin}`).toBe(403);
      expect(answer.body).not.toContain('sessionToken');
    }
  }
});

test('one address gets 30 calls a minute, then 429 with Retry-After', async () => {
  const demo = await startDemo();
  const statuses: number[] = [];
  // Malformed items: refused by the demo itself (400) without a call to the BFF, yet counted.
  for (let i = 0; i < 30; i++) statuses.push((await post(demo, '/api/authorize-only-session', { items: [] })).status);
  expect(statuses.every((status) => status === 400)).toBe(true);
  const limited = await fetch(`${demo.url}/api/authorize-only-session`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: demo.url }, body: JSON.stringify(coffee) });
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(await limited.text()).not.toContain('sessionToken');
  // The limit covers the sandbox relays too.
  expect((await post(demo, '/api/sinpe-transfers', {})).status).toBe(429);
});

test('without the sandbox, or against a gateway that is not the sandbox, the merchant-side routes do not exist', async () => {
  const withoutSandbox = await startDemo({ SANDBOX_URL: '' });
  for (const path of routes) expect((await post(withoutSandbox, path, coffee)).status, path).toBe(404);
  const realGateway = await startDemo({ GATEWAY_BASE_URL: 'https://gateway.example.com' });
  expect((await post(realGateway, '/api/authorize-only-session', coffee)).status).toBe(404);
});
