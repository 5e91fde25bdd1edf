// Session and status JWTs: every kind of bad token gets 401 with a WWW-Authenticate challenge.
import { expect, test } from '../support/node-test.ts';
import { SignJWT, UnsecuredJWT } from 'jose';
import { createCatalogSession, createMerchantSession } from './fixtures/buyer.ts';
import { placedOrder } from './fixtures/placed-order.ts';
import { startSystem, ManualClock, shopOrigin, type System } from '../support/system.ts';

const clock = new ManualClock();
const otherShop = 'http://other-shop.example.test';
let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ clock, env: { ALLOWED_ORIGINS: `${shopOrigin},${otherShop}` } });
});
test.afterAll(async () => {
  await stack?.close();
});

function getSession(token: string) {
  return fetch(`${stack.bffUrl}/v1/session`, { headers: { Authorization: `Bearer ${token}`, Origin: shopOrigin } });
}

async function expect401(response: Response, problemType = 'urn:svc-checkout:problem:unauthorized') {
  expect(response.status).toBe(401);
  expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer realm="svc-checkout"/);
  expect(response.headers.get('Content-Type')).toContain('application/problem+json');
  expect((await response.json()).type).toBe(problemType);
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

test('a valid session token works, and it lives at most 15 minutes', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  expect((await getSession(session.sessionToken)).status).toBe(200);
  const claims = claimsOf(session.sessionToken);
  expect(claims).toMatchObject({ iss: 'svc-checkout', aud: 'svc-checkout-session', sub: session.order.orderNumber, origin: shopOrigin });
  expect((claims.exp as number) - (claims.iat as number)).toBeLessThanOrEqual(900);
});

test('an expired session token gets 401 session-expired', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  clock.advance(16 * 60 * 1000);
  try {
    await expect401(await getSession(session.sessionToken), 'urn:svc-checkout:problem:session-expired');
  } finally {
    clock.advance(-16 * 60 * 1000);
  }
});

test('alg "none" gets 401', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  const claims = claimsOf(session.sessionToken);
  const unsigned = new UnsecuredJWT(claims).encode();
  await expect401(await getSession(unsigned));
});

test('the wrong audience gets 401: a status token cannot open a session', async () => {
  const { statusToken } = await placedOrder(stack.bff);
  await expect401(await getSession(statusToken));
  // …and the status token reads only its own order.
  const other = await createMerchantSession(stack.bffUrl);
  const response = await fetch(`${stack.bffUrl}/v1/orders/${other.orderNumber}`, { headers: { Authorization: `Bearer ${statusToken}` } });
  expect(response.status).toBe(403);
});

test('a token signed with the right key but for another audience gets 401', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  const claims = claimsOf(session.sessionToken);
  const key = new TextEncoder().encode(stack.env.SESSION_SIGNING_KEY!);
  const forged = await new SignJWT({ ...claims, aud: 'someone-else' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
  await expect401(await getSession(forged));
});

test('a tampered token gets 401: changed amount, or changed signature', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  const [header, payload, signature] = session.sessionToken.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  const cheaper = Buffer.from(JSON.stringify({ ...claims, amt: '0.01' })).toString('base64url');
  await expect401(await getSession(`${header}.${cheaper}.${signature}`));
  const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
  await expect401(await getSession(`${header}.${payload}.${flipped}`));
});

test('a token whose lifetime exceeds 15 minutes is refused even with a valid signature', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  const claims = claimsOf(session.sessionToken);
  const key = new TextEncoder().encode(stack.env.SESSION_SIGNING_KEY!);
  const iat = claims.iat as number;
  const long = await new SignJWT({ ...claims, exp: iat + 3600 }).setProtectedHeader({ alg: 'HS256' }).sign(key);
  await expect401(await getSession(long));
});

test('no token gets 401 with a bare Bearer challenge', async () => {
  const response = await fetch(`${stack.bffUrl}/v1/session`);
  expect(response.status).toBe(401);
  expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="svc-checkout"');
});

test('a session token is bound to its origin: another allowed shop cannot use it', async () => {
  const session = await createCatalogSession(stack.bffUrl);
  const response = await fetch(`${stack.bffUrl}/v1/session`, {
    headers: { Authorization: `Bearer ${session.sessionToken}`, Origin: otherShop },
  });
  expect(response.status).toBe(403);
  expect((await response.json()).type).toBe('urn:svc-checkout:problem:origin-not-allowed');
});
