// Attacks on the buyer path, over real HTTP against the real sandbox: forged and
// replayed redirects, amount tampering, open redirects through returnUrl, JWT attacks (signed with
// the real key where that makes the attack stronger), CORS from a foreign origin, oversized bodies.
import { request as httpRequest } from 'node:http';
import { SignJWT, base64url } from 'jose';
import { expect, test } from '../support/node-test.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import {
  approvingCard,
  checkout,
  checkoutBody,
  createCatalogSession,
  createMerchantSession,
  followReturn,
  postCheckout,
  statusTokenOf,
} from '../bff/fixtures/buyer.ts';
import { merchantSecret, shopOrigin, startSystem, type System } from '../support/system.ts';
import { expectProblem } from './support/buyer-journey.ts';

let stack: System;
// Up to five minutes a test in whichever project runs this file (`npm test` runs it in one project with the bff suites).
test.describe.configure({ timeout: 300_000 });
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening' });
});
test.afterAll(async () => {
  await stack?.close();
});

const orderOf = (orderNumber: string) => findOrder(stack.bff.store.db, orderNumber);
const statusOf = (orderNumber: string, token: string) =>
  fetch(`${stack.bffUrl}/v1/orders/${encodeURIComponent(orderNumber)}`, { headers: { Authorization: `Bearer ${token}` } });

/** An order paid and returned for real: its genuine redirect query and status token. */
async function paidOrder(capture = true) {
  const session = await createMerchantSession(stack.bffUrl, { capture });
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  const back = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  const returned = await followReturn(back);
  expect(returned.status).toBe(303);
  return { session, back, statusToken: statusTokenOf(returned.headers.get('Location')!) };
}

test.describe('forged and replayed redirects', () => {
  test('the one-request freeze: a forged "approved" redirect naming an open order changes nothing and gets no token', async () => {
    const session = await createMerchantSession(stack.bffUrl);
    const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
    const historyBefore = await statusHistory(stack.bff.store.db, session.orderNumber);
    const forged = new URL(`${stack.bffUrl}/v1/return`);
    forged.search = new URLSearchParams({ order: session.orderNumber, code: '1', tpt: '1', auth: '000000', OrderHash: '0'.repeat(64) }).toString();
    const answer = await followReturn(forged);
    expect(answer.status).toBe(303);
    expect(new URL(answer.headers.get('Location')!).hash).toBe('');
    expect(await statusHistory(stack.bff.store.db, session.orderNumber)).toEqual(historyBefore);
    // Still payable, by the buyer, on the page they hold.
    await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard }));
    expect((await orderOf(session.orderNumber))?.status).toBe('approved');
  });

  test('code=1 with a forged OrderHash never approves a cancelled payment, and never parks it in review', async () => {
    const session = await createMerchantSession(stack.bffUrl);
    const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
    // The buyer cancels, then edits the redirect to say "approved".
    const cancelled = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard, cancel: true });
    const forged = new URL(cancelled);
    forged.searchParams.set('code', '1');
    forged.searchParams.set('auth', '123456');
    forged.searchParams.set('OrderHash', 'f'.repeat(64));
    forged.searchParams.delete('cancel');
    expect((await followReturn(forged)).status).toBe(303);
    const order = await orderOf(session.orderNumber);
    // Consult's record of the cancel decides: code 8, a cancel, and the buyer may try again.
    expect(order?.status).toBe('cancelled');
    expect((await stack.sandbox.truth(session.orderNumber))?.status).toBe('cancelled');
    expect((await postCheckout(stack.bffUrl, session.sessionToken)).status).toBe(200);
  });

  test('a genuine approved redirect replayed onto another order (mismatched OrderHash) does not approve that order', async () => {
    const paid = await paidOrder();
    const victim = await createMerchantSession(stack.bffUrl, { amount: '999.00' });
    const { redirectUrl } = await checkout(stack.bffUrl, victim.sessionToken);
    const victimCancel = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard, cancel: true });
    // Order A's code, auth, tpt and valid OrderHash, with order B's number and returnData.
    const replay = new URL(paid.back);
    replay.searchParams.set('order', victim.orderNumber);
    replay.searchParams.set('returnData', victimCancel.searchParams.get('returnData')!);
    const answer = await followReturn(replay);
    expect(answer.status).toBe(303);
    expect(new URL(answer.headers.get('Location')!).hash).toBe('');
    const victimOrder = await orderOf(victim.orderNumber);
    expect(victimOrder?.status).toBe('cancelled');
    expect((await stack.sandbox.truth(victim.orderNumber))?.status).toBe('cancelled');
  });

  test('the same redirect replayed on its own order changes nothing', async () => {
    const paid = await paidOrder();
    const before = await statusHistory(stack.bff.store.db, paid.session.orderNumber);
    for (let i = 0; i < 3; i++) expect((await followReturn(paid.back)).status).toBe(303);
    expect(await statusHistory(stack.bff.store.db, paid.session.orderNumber)).toEqual(before);
    expect((await orderOf(paid.session.orderNumber))?.status).toBe('approved');
  });
});

test.describe('tampering with what the browser sends', () => {
  test('the checkout body cannot change the amount: extra money fields are refused or ignored; the gateway is asked for the session amount', async () => {
    const session = await createMerchantSession(stack.bffUrl, { amount: '150.00' });
    for (const extra of [{ amount: '0.01' }, { currency: 'CRC' }, { order: { amount: '0.01' } }]) {
      const response = await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, ...extra });
      expect(response.status).toBe(400);
      await expectProblem(response);
    }
    // Unknown fields inside an address are dropped by the address schema: harmless, as the amount
    // only ever comes from the order the session was signed for.
    const billingWithAmount = { ...checkoutBody, billing: { ...checkoutBody.billing, amount: '0.01', currency: 'CRC' } };
    await checkout(stack.bffUrl, session.sessionToken, billingWithAmount);
    const truth = await stack.sandbox.truth(session.orderNumber);
    expect(truth?.attempts.map((attempt) => [attempt.amount, attempt.currency])).toEqual([['150.00', 'USD']]);
  });

  test('a catalog session prices from the catalog, whatever price the browser claims', async () => {
    const response = await fetch(`${stack.bffUrl}/v1/sessions`, {
      method: 'POST',
      headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 2, price: '0.01', amount: '0.01' }], amount: '0.01' }),
    });
    if (response.status === 201) {
      const honest = await createCatalogSession(stack.bffUrl, [{ sku: 'CR-COFFEE-500', quantity: 2 }]);
      expect(((await response.json()) as { order: { amount: string } }).order.amount).toBe(honest.order.amount);
    } else {
      expect(response.status).toBe(400);
      await expectProblem(response);
    }
  });

  test('returnUrl off the allowlist is refused: no open redirect through the merchant or the catalog session', async () => {
    const evil = [
      'https://evil.example/steal',
      'http://shop.example.test.evil.example/',
      'http://shop.example.test@evil.example/',
      '//evil.example/x',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://evil.example\\@shop.example.test/',
      'https://shop.example.test/', // https is another origin than the allowed http one
    ];
    for (const returnUrl of evil) {
      const merchant = await fetch(`${stack.bffUrl}/v1/merchant/checkout-sessions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount: '25.00', currency: 'USD', returnUrl }),
      });
      expect(merchant.status, returnUrl).toBe(400);
      await expectProblem(merchant);
      const catalog = await fetch(`${stack.bffUrl}/v1/sessions`, {
        method: 'POST',
        headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }], returnUrl }),
      });
      expect(catalog.status, returnUrl).toBe(400);
    }
  });

  test('the return always sends the buyer to the allowlisted returnUrl, never to a URL from the query', async () => {
    const paid = await paidOrder();
    const poisoned = new URL(paid.back);
    poisoned.searchParams.set('returnUrl', 'https://evil.example/');
    poisoned.searchParams.set('redirect', 'https://evil.example/');
    const answer = await followReturn(poisoned);
    expect(new URL(answer.headers.get('Location')!).origin).toBe(shopOrigin);
  });
});

test.describe('JWT attacks', () => {
  const key = () => new TextEncoder().encode(stack.env.SESSION_SIGNING_KEY!);
  const now = () => Math.floor(Date.now() / 1000);

  async function forge(header: Record<string, unknown>, claims: Record<string, unknown>, alg = 'HS256'): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ ...header, alg } as { alg: string }).sign(key());
  }

  test('alg none, algorithm confusion (HS384/HS512 with our key, an EdDSA key of the attacker), expired, wrong aud or iss: all 401', async () => {
    const session = await createMerchantSession(stack.bffUrl);
    const valid = { sub: session.orderNumber, amt: '25.00', cur: 'USD', origin: shopOrigin, jti: 'x', iat: now(), exp: now() + 600 };
    const unsigned = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(
      JSON.stringify({ ...valid, iss: 'svc-checkout', aud: 'svc-checkout-session' }),
    )}.`;
    const { generateKeyPair } = await import('jose');
    const attacker = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const edToken = await new SignJWT({ ...valid, iss: 'svc-checkout', aud: 'svc-checkout-session' }).setProtectedHeader({ alg: 'EdDSA' }).sign(attacker.privateKey);
    const tokens: Record<string, string> = {
      none: unsigned,
      hs384: await forge({}, { ...valid, iss: 'svc-checkout', aud: 'svc-checkout-session' }, 'HS384'),
      hs512: await forge({}, { ...valid, iss: 'svc-checkout', aud: 'svc-checkout-session' }, 'HS512'),
      eddsa: edToken,
      expired: await forge({}, { ...valid, iss: 'svc-checkout', aud: 'svc-checkout-session', iat: now() - 1200, exp: now() - 600 }),
      wrongAud: await forge({}, { ...valid, iss: 'svc-checkout', aud: 'another-service' }),
      wrongIss: await forge({}, { ...valid, iss: 'someone-else', aud: 'svc-checkout-session' }),
      noIss: await forge({}, { ...valid, aud: 'svc-checkout-session' }),
      longLived: await forge({}, { ...valid, iss: 'svc-checkout', aud: 'svc-checkout-session', exp: now() + 86_400 }),
    };
    for (const [name, token] of Object.entries(tokens)) {
      const checkoutAnswer = await postCheckout(stack.bffUrl, token);
      expect(checkoutAnswer.status, name).toBe(401);
      expect(checkoutAnswer.headers.get('WWW-Authenticate'), name).toContain('Bearer');
      await expectProblem(checkoutAnswer);
      expect((await statusOf(session.orderNumber, token)).status, name).toBe(401);
    }
    expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(0);
  });

  test('a session token or a status token for another order opens nothing of this one', async () => {
    const mine = await paidOrder();
    const other = await createMerchantSession(stack.bffUrl);
    for (const token of [other.sessionToken, mine.statusToken]) {
      const target = token === other.sessionToken ? mine.session.orderNumber : other.orderNumber;
      const answer = await statusOf(target, token);
      expect(answer.status).toBe(403);
      await expectProblem(answer);
    }
    // A status token is not a session: it cannot check out anything.
    expect((await postCheckout(stack.bffUrl, mine.statusToken)).status).toBe(401);
    // A session token whose amount claim no longer matches its order is not ours (re-signed with the real key).
    const tampered = await forge({}, {
      sub: other.orderNumber, amt: '0.01', cur: 'USD', origin: shopOrigin, jti: 'y', iat: now(), exp: now() + 600, iss: 'svc-checkout', aud: 'svc-checkout-session',
    });
    expect((await postCheckout(stack.bffUrl, tampered)).status).toBe(401);
    expect(await stack.sandbox.calls('processPayment', other.orderNumber)).toBe(0);
  });
});

test.describe('origins and sizes', () => {
  test('a foreign origin gets no CORS grant on any browser or merchant endpoint, and its requests are refused', async () => {
    const session = await createCatalogSession(stack.bffUrl);
    for (const path of ['/v1/sessions', '/v1/session', '/v1/checkout', `/v1/orders/${session.order.orderNumber}`, '/v1/merchant/orders']) {
      const preflight = await fetch(stack.bffUrl + path, {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
      });
      expect(preflight.headers.get('Access-Control-Allow-Origin'), path).toBeNull();
      expect(preflight.status, path).toBeLessThan(500);
    }
    const foreign = await fetch(`${stack.bffUrl}/v1/sessions`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }] }),
    });
    expect(foreign.status).toBe(403);
    // Only the refusal is readable by the refused page (no credentials), so the widget can name it.
    expect(foreign.headers.get('Access-Control-Allow-Origin')).toBe('https://evil.example');
    expect(foreign.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    await expectProblem(foreign);
    const stolenToken = await postCheckout(stack.bffUrl, session.sessionToken).then(() =>
      fetch(`${stack.bffUrl}/v1/checkout`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.sessionToken}`, Origin: 'https://evil.example', 'Content-Type': 'application/json' },
        body: JSON.stringify(checkoutBody),
      }),
    );
    expect(stolenToken.status).toBe(403);
  });

  test('oversized bodies get 413 problem+json on every POST endpoint, with or without a Content-Length', async () => {
    const limit = stack.bff.config.BODY_LIMIT_BYTES;
    const big = JSON.stringify({ pad: 'x'.repeat(limit + 1) });
    const session = await createMerchantSession(stack.bffUrl);
    const paths = ['/v1/sessions', '/v1/merchant/checkout-sessions', '/v1/checkout', '/v1/webhooks/links', '/v1/webhooks/banking', '/v1/merchant/payment-links', `/v1/merchant/orders/${session.orderNumber}/refund`];
    for (const path of paths) {
      const answer = await fetch(stack.bffUrl + path, {
        method: 'POST',
        headers: { Origin: shopOrigin, Authorization: `Bearer ${path.includes('merchant') ? merchantSecret : session.sessionToken}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'k1' },
        body: big,
      });
      expect(answer.status, path).toBe(413);
      await expectProblem(answer);
    }
    // Chunked, no Content-Length: the limit holds while streaming (10 MB offered, refused early).
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${stack.bffUrl}/v1/webhooks/banking`);
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'EPIPE' || (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 160) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
  });
});
