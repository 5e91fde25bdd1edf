// GET /v1/orders/{n} for a final order: its answer is kept for a second, carries an entity tag and
// `Cache-Control: private, no-cache`, and a revalidation with that tag is a 304 without a body. It
// answers exactly like the first time (headers included) and refuses everything the route refuses,
// tag or no tag. An open order's answer is never kept nor tagged. Time is a manual clock.
import { expect, test } from '../support/node-test.ts';
import { statusTokenLifetimeSeconds } from '../../bff/http/auth/tokens.ts';
import { createCatalogSession } from './fixtures/buyer.ts';
import { placeOrder } from './fixtures/joint-state.ts';
import { placedOrder } from './fixtures/placed-order.ts';
import { ManualClock, shopOrigin, startSystem, type System } from '../support/system.ts';

const clock = new ManualClock();
let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening',  clock, env: { ALLOWED_ORIGINS: `${shopOrigin},http://other-shop.example.test` } });
});
test.afterAll(async () => {
  await stack?.close();
});

const poll = (orderNumber: string, token: string | undefined, origin: string | null = shopOrigin) =>
  fetch(`${stack.bffUrl}/v1/orders/${encodeURIComponent(orderNumber)}`, {
    headers: { ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }), ...(origin === null ? {} : { Origin: origin }) },
  });

/** The headers a browser acts on (Date, connection headers and each answer's own X-Request-Id differ between any two answers). */
const meaningful = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'x-request-id'].includes(name)));

test('a kept final answer carries the same status, body and headers as the first one', async () => {
  const { orderNumber, statusToken } = await placedOrder(stack.bff);
  const first = await poll(orderNumber, statusToken);
  const second = await poll(orderNumber, statusToken);
  expect(first.status).toBe(200);
  expect(second.status).toBe(200);
  expect(await second.json()).toEqual(await first.json());
  expect(meaningful(second)).toEqual(meaningful(first));
  expect(meaningful(second)).toMatchObject({
    'access-control-allow-origin': shopOrigin,
    vary: 'Origin',
    'cache-control': 'private, no-cache',
    etag: expect.stringMatching(/^"[\w-]+"$/),
    'content-type': 'application/json',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'no-referrer',
  });
  expect(second.headers.get('strict-transport-security')).toBeTruthy();

  // Without an Origin (a same-origin or server-side reader): no CORS grant, either way.
  const sameOrigin = await poll(orderNumber, statusToken, null);
  expect(sameOrigin.status).toBe(200);
  expect(sameOrigin.headers.get('access-control-allow-origin')).toBeNull();
});

test("a browser's revalidation gets a 304 while the answer is the same, and the new answer once it changed", async () => {
  const { orderNumber, statusToken } = await placedOrder(stack.bff);
  const first = await poll(orderNumber, statusToken);
  const etag = first.headers.get('etag')!;
  const revalidate = (tag: string) =>
    fetch(`${stack.bffUrl}/v1/orders/${encodeURIComponent(orderNumber)}`, { headers: { Authorization: `Bearer ${statusToken}`, Origin: shopOrigin, 'If-None-Match': tag } });
  const same = await revalidate(etag);
  expect(same.status).toBe(304);
  expect(await same.text()).toBe('');
  expect(same.headers.get('etag')).toBe(etag);
  expect(same.headers.get('access-control-allow-origin')).toBe(shopOrigin);
  // A list of tags and a weak form of ours both match (RFC 9110's weak comparison).
  expect((await revalidate(`"other", W/${etag}`)).status).toBe(304);
  // As if another instance had refunded it: once the kept answer lapses the tag no longer matches.
  await placeOrder(stack.bff.store, { order: 'refunded', attempts: [{ method: 'card', status: 'approved' }] }, { orderNumber, now: () => clock.now() });
  clock.advance(1001);
  const changed = await revalidate(etag);
  expect(changed.status).toBe(200);
  expect(await changed.json()).toMatchObject({ status: 'refunded' });
  expect(changed.headers.get('etag')).not.toBe(etag);
});

test('an open order is answered no-store, without a tag: it is about to change', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  const open = await poll(session.order.orderNumber, session.sessionToken);
  expect(open.status).toBe(200);
  expect(await open.json()).toMatchObject({ final: false });
  expect(open.headers.get('cache-control')).toBe('no-store');
  expect(open.headers.get('etag')).toBeNull();
});

test('kept answers of different lengths each arrive whole', async () => {
  const short = await placedOrder(stack.bff, undefined, { order: { orderNumber: `K-${Date.now()}` } });
  const long = await placedOrder(stack.bff, undefined, { order: { orderNumber: `KEPT-ANSWER-OF-A-MUCH-LONGER-ORDER-NUMBER-${Date.now()}` } });
  for (const { orderNumber, statusToken } of [short, short, long, long]) {
    const response = await poll(orderNumber, statusToken);
    const text = await response.text();
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toMatchObject({ orderNumber, status: 'approved' });
  }
});

test('the kept answer is at most a second old: a later change (another instance) shows after that', async () => {
  const { orderNumber, statusToken } = await placedOrder(stack.bff);
  expect(await (await poll(orderNumber, statusToken)).json()).toMatchObject({ status: 'approved' });
  // As if another instance had refunded it: the row changes under this one.
  await placeOrder(stack.bff.store, { order: 'refunded', attempts: [{ method: 'card', status: 'approved' }] }, { orderNumber, now: () => clock.now() });
  expect(await (await poll(orderNumber, statusToken)).json()).toMatchObject({ status: 'approved' });
  clock.advance(1001);
  expect(await (await poll(orderNumber, statusToken)).json()).toMatchObject({ status: 'refunded', final: true });
});

test('with the answer kept, every refusal of the full route still holds', async () => {
  const { orderNumber, statusToken } = await placedOrder(stack.bff);
  const other = await placedOrder(stack.bff);
  expect((await poll(orderNumber, statusToken)).status).toBe(200); // kept now

  const refusals = [
    [await poll(orderNumber, undefined), 401],
    [await poll(orderNumber, `${statusToken.slice(0, -2)}xx`), 401],
    [await poll(orderNumber, other.statusToken), 403],
    [await fetch(`${stack.bffUrl}/v1/orders/${encodeURIComponent(orderNumber)}`, { headers: { Authorization: `Bearer ${other.statusToken}`, Origin: shopOrigin, 'If-None-Match': '*' } }), 403],
    [await poll(orderNumber, statusToken, 'http://evil.example.test'), 403],
  ] as const;
  for (const [response, status] of refusals) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  }
  // A foreign origin reads its refusal and nothing else: the status answer is never served to it.
  expect(refusals[4][0].headers.get('access-control-allow-origin')).toBe('http://evil.example.test');
  expect(((await refusals[4][0].json()) as { type: string }).type).toBe('urn:svc-checkout:problem:origin-not-allowed');

  // A token already verified still expires (a status token lives the transfer window, 30 minutes by
  // default, and half an hour more: statusTokenLifetimeSeconds).
  clock.advance(statusTokenLifetimeSeconds(30) * 1000 + 1000);
  const expired = await poll(orderNumber, statusToken);
  expect(expired.status).toBe(401);
  expect(await expired.json()).toMatchObject({ type: expect.stringContaining('session-expired') });
});
