// Secrets never reach a log line; a bad setting stops the start with the variable's name.
import { Writable } from 'node:stream';
import { expect, test } from '../support/node-test.ts';
import { ConfigError, loadConfig, loadListenAddress } from '../../bff/config.ts';
import { createLogger } from '../../bff/lib/observability/logger.ts';
import { approvingCard, checkout, createMerchantSession, followReturn } from './fixtures/buyer.ts';
import { startSystem } from '../support/system.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines };
}

test('the logger redacts passwords, keys, tokens, secret_ref, authorization and card data', () => {
  const { stream, lines } = capture();
  const logger = createLogger('info', stream);
  logger.info(
    {
      password: 'p4ss',
      apiKey: 'k3y',
      request: { key: 'k3y-body', headers: { authorization: 'Bearer abc.def' }, body: { cardNumber: '4012000000020071', cvv: '123' } },
      bank: { secret_ref: 'shh-secret' },
      session: { sessionToken: 'eyJhbGciOi', access_token: 'gw-token' },
      orderNumber: 'ORD-1',
    },
    'something happened',
  );
  const text = lines.join('');
  for (const secret of ['p4ss', 'k3y', 'abc.def', '4012000000020071', 'shh-secret', 'eyJhbGciOi', 'gw-token', '"123"']) {
    expect(text).not.toContain(secret);
  }
  expect(text).toContain('ORD-1');
  expect(text).toContain('[redacted]');
});

test('a whole checkout with failures logged at debug leaks no credential into the log', async () => {
  const { stream, lines } = capture();
  const stack = await startSystem({ mode: 'listening',  logger: createLogger('debug', stream) });
  try {
    await stack.sandbox.injectFault({ operation: 'consult', kind: 'malformedJson', count: 3 });
    const session = await createMerchantSession(stack.bffUrl);
    const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
    await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard }));
    const text = lines.join('');
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [stack.env.GATEWAY_API_PASSWORD!, stack.env.GATEWAY_API_KEY!, stack.env.MERCHANT_SECRET!, stack.env.SESSION_SIGNING_KEY!, session.sessionToken, approvingCard]) {
      expect(text).not.toContain(secret);
    }
  } finally {
    await stack.close();
  }
});

const minimal = {
  GATEWAY_BASE_URL: 'http://127.0.0.1:4010',
  GATEWAY_API_USER: 'user',
  GATEWAY_API_PASSWORD: 'password',
  GATEWAY_API_KEY: 'key',
  MERCHANT_SECRET: 'a-merchant-secret-of-some-length',
};

test('configuration: defaults apply and the signing key is generated outside production', () => {
  const config = loadConfig(minimal);
  expect(config.DATABASE_URL).toBe('file:./data/svc-checkout.sqlite');
  expect(config.BFF_PORT).toBe(8787);
  expect(config.PUBLIC_BFF_URL).toBe('http://127.0.0.1:8787');
  expect(config.STATUS_CONSULT_INTERVAL_MS).toBe(2000);
  expect(config.signingKeyGenerated).toBe(true);
  expect(config.SESSION_SIGNING_KEY.length).toBeGreaterThanOrEqual(32);
  expect(loadConfig({ ...minimal, ALLOWED_ORIGINS: 'http://a.test, https://b.test/' }).ALLOWED_ORIGINS).toEqual(['http://a.test', 'https://b.test']);
});

test('configuration: the real gateway\'s settings default to the spec\'s brand, a 30 s payment and the gateway\'s own host', () => {
  const config = loadConfig(minimal);
  expect(config.GATEWAY_BRAND).toBe('svc');
  expect(config.GATEWAY_TIMEOUT_MS).toBe(30_000);
  expect(config.GATEWAY_READ_TIMEOUT_MS).toBe(10_000);
  expect(loadConfig({ ...minimal, GATEWAY_TIMEOUT_MS: '500' }).GATEWAY_READ_TIMEOUT_MS).toBe(500);
  expect(loadConfig({ ...minimal, GATEWAY_TIMEOUT_MS: '500', GATEWAY_READ_TIMEOUT_MS: '2000' }).GATEWAY_READ_TIMEOUT_MS).toBe(2000);
  expect(config.GATEWAY_HOSTED_PAGE_HOSTS).toEqual(['127.0.0.1:4010']);
  const tilopay = loadConfig({ ...minimal, GATEWAY_BASE_URL: 'https://app.tilopay.com', GATEWAY_BRAND: 'tilopay', GATEWAY_HOSTED_PAGE_HOSTS: 'app.tilopay.com, Securepayment.Tilopay.com' });
  expect(tilopay.GATEWAY_BRAND).toBe('tilopay');
  expect(tilopay.GATEWAY_HOSTED_PAGE_HOSTS).toEqual(['app.tilopay.com', 'securepayment.tilopay.com']);
  expect(loadConfig({ ...minimal, GATEWAY_BASE_URL: 'https://app.tilopay.com/api' }).GATEWAY_HOSTED_PAGE_HOSTS).toEqual(['app.tilopay.com']);
});

test('configuration: each bad value throws an error naming its variable', () => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ GATEWAY_BASE_URL: 'not a url' }, 'GATEWAY_BASE_URL'],
    [{ GATEWAY_API_KEY: '' }, 'GATEWAY_API_KEY'],
    [{ MERCHANT_SECRET: 'short' }, 'MERCHANT_SECRET'],
    [{ ALLOWED_ORIGINS: 'http://ok.test,ftp://nope' }, 'ALLOWED_ORIGINS'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ BFF_PORT: '70000' }, 'BFF_PORT'],
    [{ SESSION_SIGNING_KEY: 'too-short' }, 'SESSION_SIGNING_KEY'],
    [{ STATUS_CONSULT_INTERVAL_MS: '-1' }, 'STATUS_CONSULT_INTERVAL_MS'],
    [{ SESSION_TTL_SECONDS: '3600' }, 'SESSION_TTL_SECONDS'],
    [{ NODE_ENV: 'production' }, 'SESSION_SIGNING_KEY'],
    [{ GATEWAY_BRAND: 'Tilo Pay' }, 'GATEWAY_BRAND'],
    [{ GATEWAY_BRAND: 'id_x' }, 'GATEWAY_BRAND'],
    [{ GATEWAY_HOSTED_PAGE_HOSTS: 'https://pay.test/' }, 'GATEWAY_HOSTED_PAGE_HOSTS'],
    [{ GATEWAY_TIMEOUT_MS: '0' }, 'GATEWAY_TIMEOUT_MS'],
  ];
  for (const [change, variable] of cases) {
    let error: unknown;
    try {
      loadConfig({ ...minimal, ...change });
    } catch (caught) {
      error = caught;
    }
    expect(error, variable).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`${variable}:`);
  }
});

test('configuration is frozen: no setting can change after the app is built', () => {
  const config = loadConfig({ ...minimal, ALLOWED_ORIGINS: 'http://a.test' });
  expect(Object.isFrozen(config)).toBe(true);
  expect(() => Object.assign(config, { PUBLIC_BFF_URL: 'http://elsewhere.test' })).toThrow(TypeError);
  expect(() => (config.ALLOWED_ORIGINS as string[]).push('http://evil.test')).toThrow(TypeError);
  expect(config.PUBLIC_BFF_URL).toBe('http://127.0.0.1:8787');
  expect(config.ALLOWED_ORIGINS).toEqual(['http://a.test']);
});

test('configuration: the default PUBLIC_BFF_URL is the port already bound; a set one wins', () => {
  expect(loadConfig({ ...minimal, BFF_PORT: '0' }, { boundPort: 43117 }).PUBLIC_BFF_URL).toBe('http://127.0.0.1:43117');
  expect(loadConfig({ ...minimal, PUBLIC_BFF_URL: 'https://pay.shop.test/' }, { boundPort: 43117 }).PUBLIC_BFF_URL).toBe('https://pay.shop.test');
  expect(loadListenAddress({ BFF_PORT: '0', BFF_HOST: '0.0.0.0' })).toEqual({ BFF_HOST: '0.0.0.0', BFF_PORT: 0 });
  expect(() => loadListenAddress({ BFF_PORT: '70000' })).toThrow(/BFF_PORT:/);
});

test('a BFF started on port 0 sends the gateway a redirect to the port it got, and documents that URL', async () => {
  const stack = await startSystem({ mode: 'listening' });
  try {
    expect(stack.bff.url).not.toBe('http://127.0.0.1:0');
    expect(stack.bff.config.PUBLIC_BFF_URL).toBe(stack.bff.url);
    const openApi = (await (await fetch(`${stack.bffUrl}/v1/openapi.json`)).json()) as { servers: { url: string }[] };
    expect(openApi.servers.map((server) => server.url)).toContain(stack.bff.url);
    const session = await createMerchantSession(stack.bffUrl);
    const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
    const returned = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
    expect(`${returned.origin}${returned.pathname}`).toBe(`${stack.bff.url}/v1/return`);
  } finally {
    await stack.close();
  }
});
