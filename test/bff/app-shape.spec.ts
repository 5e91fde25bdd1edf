// The BFF mounts each resource under its prefix, each prefix with its own middleware (app.ts). These
// show, through app.request(), that every request gets the shared middleware and its own sub-app's,
// and never another's: status polls go through the buyer middleware like every buyer route (nothing
// answers ahead of the chain), and the buyer middleware (mounted last, matching all of /v1) never
// reaches the merchant API or the webhook receivers.
import { expect, test } from '../support/node-test.ts';
import type { RunningBff } from '../../bff/server.ts';
import { merchantSecret, shopOrigin, startSystem, type System } from '../support/system.ts';
import { placedOrder } from './fixtures/placed-order.ts';

let system: System;
let bff: RunningBff;
test.beforeAll(async () => {
  system = await startSystem({ env: { BACKOFFICE_ORIGINS: backOffice } });
  bff = system.bff;
});
test.afterAll(async () => {
  await system?.close();
});

const foreign = 'https://evil.example.test';
const backOffice = 'https://backoffice.example.test';
const request = (path: string, init: RequestInit = {}) => bff.app.request(path, init);

/** Status polls answered 200, as /metrics counts them. */
async function pollCount(status = 304): Promise<number> {
  const text = await bff.app.services.metrics.registry.metrics();
  const line = text.split('\n').find((entry) => entry.startsWith('http_requests_total{') && entry.includes('route="/v1/orders/:orderNumber"') && entry.includes(`status="${status}"`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

test('every answer of every sub-app carries the shared security headers', async () => {
  const answers = await Promise.all([
    request('/healthz'),
    request('/v1/openapi.json'),
    request('/v1/merchant/orders', { headers: { Authorization: `Bearer ${merchantSecret}` } }),
    request('/v1/webhooks/banking', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }),
    request('/v1/links/return'),
    request('/v1/orders/NOPE'),
    request('/nowhere'),
    // HEAD is answered as a bodiless copy of the GET answer: the copy keeps every header.
    request('/healthz', { method: 'HEAD' }),
    request('/nowhere', { method: 'HEAD' }),
  ]);
  for (const answer of answers) {
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(answer.headers.get('Referrer-Policy')).toBe('no-referrer');
  }
});

test('status polls, kept final answers included, refuse a foreign Origin every time', async () => {
  const session = await placedOrder(bff);
  const poll = (origin: string) => request(`/v1/orders/${session.orderNumber}`, { headers: { Authorization: `Bearer ${session.statusToken}`, Origin: origin } });
  // Three rounds: the first answer goes through the chain, the next ones come from the kept views.
  for (let round = 0; round < 3; round++) {
    const allowed = await poll(shopOrigin);
    expect(allowed.status).toBe(200);
    expect((await allowed.json()).status).toBe('approved');
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe(shopOrigin);
    expect(allowed.headers.get('Access-Control-Expose-Headers')).toBe('Retry-After');
    const refused = await poll(foreign);
    expect(refused.status).toBe(403);
    expect((await refused.json()).type).toBe('urn:svc-checkout:problem:origin-not-allowed');
  }
});

test('nothing answers a status poll ahead of the shared middleware: the first handler Hono runs for it is a middleware on every path', () => {
  const pattern = (path: string) => new RegExp(`^${path.replace(/\*/g, '.*').replace(/:[^/]+/g, '[^/]+')}$`);
  const onPollPath = bff.app.routes.filter((route) => ['ALL', 'GET'].includes(route.method) && pattern(route.path).test('/v1/orders/SVC-1'));
  expect(onPollPath[0]).toMatchObject({ method: 'ALL', path: '/*' });
  // One GET registration (its description and its handler), after every shared middleware.
  expect(new Set(onPollPath.filter((route) => route.method === 'GET').map((route) => route.path))).toEqual(new Set(['/v1/orders/:orderNumber']));
  expect(onPollPath.findIndex((route) => route.method === 'GET')).toBeGreaterThan(onPollPath.findLastIndex((route) => route.path === '/*'));
});

test('a final poll revalidated with its ETag is a 304 without a body, with the same CORS and security headers, and counts in the metrics', async () => {
  const session = await placedOrder(bff);
  const poll = () => request(`/v1/orders/${session.orderNumber}`, { headers: { Authorization: `Bearer ${session.statusToken}`, Origin: shopOrigin } });
  // X-Request-Id is each answer's own (checked below), never replayed.
  const meaningful = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => !['date', 'content-length', 'x-request-id'].includes(name)));
  const full = await poll();
  const fullHeaders = meaningful(full);
  expect(full.status).toBe(200);
  const etag = full.headers.get('etag')!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  const before = await pollCount();
  const requestIds = new Set([full.headers.get('x-request-id')]);
  for (let i = 0; i < 3; i++) {
    const revalidated = await request(`/v1/orders/${session.orderNumber}`, { headers: { Authorization: `Bearer ${session.statusToken}`, Origin: shopOrigin, 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    const { 'content-type': _type, ...withoutType } = fullHeaders;
    expect(meaningful(revalidated)).toEqual(withoutType);
    requestIds.add(revalidated.headers.get('x-request-id'));
  }
  expect((await pollCount()) - before).toBe(3);
  // Every answer its own request id.
  expect(requestIds.size).toBe(4);
  expect([...requestIds].every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
  // A revalidation with another order's token is refused, not answered 304.
  const other = await request(`/v1/orders/${session.orderNumber}`, { headers: { Authorization: 'Bearer not-a-token', Origin: shopOrigin, 'If-None-Match': etag } });
  expect(other.status).toBe(401);
});

test('the merchant API gets its own CORS and secret check, never the buyer origin check', async () => {
  const fromBackOffice = await request('/v1/merchant/orders', { headers: { Authorization: `Bearer ${merchantSecret}`, Origin: backOffice } });
  expect(fromBackOffice.status).toBe(200);
  expect(fromBackOffice.headers.get('Access-Control-Expose-Headers')).toContain('Idempotent-Replayed');
  // A merchant server may send any Origin: no CORS grant, but no buyer 403 either.
  const fromServer = await request('/v1/merchant/orders', { headers: { Authorization: `Bearer ${merchantSecret}`, Origin: foreign } });
  expect(fromServer.status).toBe(200);
  expect(fromServer.headers.get('Access-Control-Allow-Origin')).toBeNull();
  // Every merchant path, the ones other modules serve included, asks for the secret.
  for (const path of ['/v1/merchant/orders', '/v1/merchant/events', '/v1/merchant/banking/features', '/v1/merchant/transactions', '/v1/merchant/unknown']) {
    expect((await request(path)).status, path).toBe(401);
  }
  // A preflight is answered by the merchant CORS before the secret is asked.
  const preflight = await request('/v1/merchant/orders', { method: 'OPTIONS', headers: { Origin: backOffice, 'Access-Control-Request-Method': 'POST' } });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('Access-Control-Allow-Methods')).toContain('DELETE');
});

test('the webhook receivers are not browser endpoints: a foreign Origin is neither refused nor granted', async () => {
  const delivery = await request('/v1/webhooks/banking', { method: 'POST', headers: { Origin: foreign, 'Content-Type': 'application/json' }, body: '{"data":"x"}' });
  expect(delivery.status).toBe(400);
  expect(delivery.headers.get('Access-Control-Allow-Origin')).toBeNull();
});
