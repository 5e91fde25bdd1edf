// POST /v1/session/renew: a buyer who needs more time (WCAG 2.2.1 Timing Adjustable) extends the
// session before it ends, as often as they like, until SESSION_MAX_MINUTES after its first issue;
// then a 403 problem+json that says so. The order's own session time moves with it, so the
// reconciler does not expire an order whose buyer is still typing. On a manual clock.
import { expect, test } from '../support/node-test.ts';
import type { RenewSessionResponse } from '../../contract/bff-api.ts';
import { problemTypes } from '../../contract/problem-types.ts';
import { findOrder } from '../../bff/store/orders.ts';
import { checkout, createCatalogSession, createMerchantSession, postCheckout } from './fixtures/buyer.ts';
import { ManualClock, shopOrigin, startSystem, type System } from '../support/system.ts';

const clock = new ManualClock();
let stack: System;
test.beforeAll(async () => {
  // Sessions of 15 minutes, at most 60 in all.
  stack = await startSystem({ mode: 'listening',  clock, env: { SESSION_MAX_MINUTES: '60' } });
});
test.afterAll(async () => {
  await stack?.close();
});

const minutes = (n: number) => n * 60_000;

function renew(sessionToken: string, origin = shopOrigin): Promise<Response> {
  return fetch(`${stack.bffUrl}/v1/session/renew`, { method: 'POST', headers: { Authorization: `Bearer ${sessionToken}`, Origin: origin } });
}

async function renewed(sessionToken: string): Promise<RenewSessionResponse> {
  const response = await renew(sessionToken);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as RenewSessionResponse;
}

test('a session renewed before it ends lives on with a fresh token, ten times and more, and its order’s session time follows', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  const orderNumber = session.order.orderNumber;
  // Tokens count whole seconds.
  const seconds = (at: number) => Math.floor(at / 1000) * 1000;
  const started = seconds(clock.now().getTime());
  let token = session.sessionToken;
  // Every 4 minutes for 44 minutes: eleven renewals, each good for 15 minutes from its own time.
  for (let round = 1; round <= 11; round++) {
    clock.advance(minutes(4));
    const answer = await renewed(token);
    expect(answer.sessionToken).not.toBe(token);
    expect(Date.parse(answer.expiresAt)).toBe(Math.min(seconds(clock.now().getTime()) + minutes(15), started + minutes(60)));
    expect(Date.parse(answer.maxExpiresAt)).toBe(started + minutes(60));
    token = answer.sessionToken;
  }
  const order = await findOrder(stack.bff.store.db, orderNumber);
  expect(Date.parse(order!.session_expires_at)).toBe(seconds(clock.now().getTime()) + minutes(15));
  // The renewed token pays the same order.
  expect((await checkout(stack.bffUrl, token)).orderNumber).toBe(orderNumber);
});

test('past SESSION_MAX_MINUTES the session is not renewed: 403 problem+json with its code, and it ends at the cap', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  let token = session.sessionToken;
  for (let round = 0; round < 4; round++) {
    clock.advance(minutes(14));
    token = (await renewed(token)).sessionToken;
  }
  // 56 minutes in: the last renewal ends at minute 60, not 71.
  clock.advance(minutes(3));
  const refused = await renew(token);
  expect(refused.status).toBe(403);
  expect(refused.headers.get('Content-Type')).toContain('application/problem+json');
  const problem = await refused.json();
  expect(problem).toMatchObject({ type: problemTypes.forbidden, status: 403, errors: [{ path: 'session', code: 'session_max_reached' }] });
  expect(problem.detail).toMatch(/60 minutes/);
  clock.advance(minutes(2));
  expect((await postCheckout(stack.bffUrl, token)).status).toBe(401);
});

test('an expired, a status or a foreign token renews nothing', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  expect((await renew(session.sessionToken, 'https://elsewhere.example')).status).toBe(403);
  clock.advance(minutes(16));
  const expired = await renew(session.sessionToken);
  expect(expired.status).toBe(401);
  expect((await expired.json()).type).toBe(problemTypes.sessionExpired);
  expect((await renew('not-a-token')).status).toBe(401);
});
