// Merchant keys and dates: MERCHANT_SECRET=current,previous both open the API while a rotation
// runs, and the API says which key a call used and when each was last used (whoami and
// merchant_secret_last_used_seconds), so the operator knows when nothing uses the previous one;
// MERCHANT_READ_SECRET reads and never writes (403 problem+json); BUSINESS_TIME_ZONE makes a bare
// day in a merchant filter that zone's day. The rules as tables, then the API on real parts.
import { expect, test } from '../support/node-test.ts';
import { ConfigError, loadConfig } from '../../bff/config.ts';
import { merchantAccessOf } from '../../bff/http/auth/merchant.ts';
import { endOfDayIn, filterBound, isKnownTimeZone, startOfDayIn } from '../../bff/lib/business-day.ts';
import { wellFormedTraceparent } from '../../bff/http/correlation.ts';
import { sandboxGatewayEnv } from '../../sandbox/defaults.ts';
import { ManualClock, merchantSecret, metricsHeaders, shopOrigin, startSystem, type System } from '../support/system.ts';
import { merchant } from './merchant-fixture.ts';

const previousSecret = 'previous-merchant-secret-0123456789';
const readSecret = 'dashboard-read-only-key-0123456789';

test('a day in a time zone: its first instant and the first of the next, daylight saving included', () => {
  const cases: Array<[string, string, string, string]> = [
    ['2026-11-26', 'America/Costa_Rica', '2026-11-26T06:00:00.000Z', '2026-11-27T06:00:00.000Z'],
    ['2026-11-26', 'UTC', '2026-11-26T00:00:00.000Z', '2026-11-27T00:00:00.000Z'],
    ['2026-12-31', 'Asia/Tokyo', '2026-12-30T15:00:00.000Z', '2026-12-31T15:00:00.000Z'],
    // New York springs forward on 2026-03-08 (a 23-hour day) and falls back on 2026-11-01 (25 hours).
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', 'America/New_York', '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z'],
    ['2028-02-29', 'America/Costa_Rica', '2028-02-29T06:00:00.000Z', '2028-03-01T06:00:00.000Z'],
  ];
  for (const [day, zone, start, end] of cases) {
    expect(startOfDayIn(day, zone)?.toISOString(), `${day} ${zone}`).toBe(start);
    expect(endOfDayIn(day, zone)?.toISOString(), `${day} ${zone}`).toBe(end);
  }
  for (const impossible of ['2026-02-30', '2026-13-01', '2026-1-01']) expect(startOfDayIn(impossible, 'UTC'), impossible).toBeUndefined();
  // A date-time is itself, whatever the zone.
  expect(filterBound('2026-11-26T10:00:00Z', 'to', 'America/Costa_Rica')?.toISOString()).toBe('2026-11-26T10:00:00.000Z');
  expect(isKnownTimeZone('America/Costa_Rica')).toBe(true);
  expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
});

test('which access a bearer token grants', () => {
  const secrets = { full: [merchantSecret, previousSecret], read: [readSecret] };
  const cases: Array<[string | undefined, ReturnType<typeof merchantAccessOf>]> = [
    [merchantSecret, 'full'],
    [previousSecret, 'full'],
    [readSecret, 'read'],
    ['someone-elses-secret-0123456789', 'none'],
    [`${merchantSecret}x`, 'none'],
    ['', 'none'],
    [undefined, 'none'],
  ];
  for (const [given, access] of cases) expect(merchantAccessOf(given, secrets), String(given)).toBe(access);
  expect(merchantAccessOf(readSecret, { full: [readSecret], read: [readSecret] })).toBe('full');
});

test('traceparent: only a well-formed W3C value is kept', () => {
  expect(wellFormedTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
  for (const bad of [undefined, '', 'garbage', '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01', '00-00000000000000000000000000000000-00f067aa0ba902b7-01', '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01', 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01']) {
    expect(wellFormedTraceparent(bad), String(bad)).toBeUndefined();
  }
});

const minimal = { ...sandboxGatewayEnv('http://127.0.0.1:4010'), MERCHANT_SECRET: merchantSecret };

test('configuration: the keys and the business time zone, and each bad value naming its variable', () => {
  const config = loadConfig({ ...minimal, MERCHANT_SECRET: `${merchantSecret}, ${previousSecret}`, MERCHANT_READ_SECRET: readSecret });
  expect(config.MERCHANT_SECRET).toEqual([merchantSecret, previousSecret]);
  expect(config.MERCHANT_READ_SECRET).toEqual([readSecret]);
  expect(config.BUSINESS_TIME_ZONE).toBe('America/Costa_Rica');
  expect(loadConfig({ ...minimal, BUSINESS_TIME_ZONE: 'Europe/Madrid' }).BUSINESS_TIME_ZONE).toBe('Europe/Madrid');
  const cases: Array<[Record<string, string>, string]> = [
    [{ MERCHANT_SECRET: `${merchantSecret},short` }, 'MERCHANT_SECRET'],
    [{ MERCHANT_SECRET: `${merchantSecret},${previousSecret},${readSecret}` }, 'MERCHANT_SECRET'],
    [{ MERCHANT_READ_SECRET: 'short' }, 'MERCHANT_READ_SECRET'],
    [{ BUSINESS_TIME_ZONE: 'Mars/Olympus_Mons' }, 'BUSINESS_TIME_ZONE'],
    [{ NODE_ENV: 'production', SESSION_SIGNING_KEY: 'k'.repeat(40), MERCHANT_READ_SECRET: 'dev-merchant-secret-change-me' }, 'MERCHANT_READ_SECRET'],
  ];
  for (const [change, variable] of cases) {
    expect(() => loadConfig({ ...minimal, ...change }), variable).toThrow(ConfigError);
    expect(() => loadConfig({ ...minimal, ...change }), variable).toThrow(`${variable}:`);
  }
});

test.describe('on the API', () => {
  let stack: System;
  let clock: ManualClock;
  test.beforeEach(async () => {
    // 04:30 UTC on the 26th is 22:30 on the 25th in Costa Rica.
    clock = new ManualClock(Date.parse('2026-11-26T04:30:00Z'));
    stack = await startSystem({ mode: 'listening',  clock, env: { MERCHANT_SECRET: `${merchantSecret},${previousSecret}`, MERCHANT_READ_SECRET: readSecret } });
  });
  test.afterEach(async () => stack.close());

  const session = (secret: string) =>
    merchant(stack, 'POST', '/v1/merchant/checkout-sessions', { amount: '10.00', currency: 'USD', returnUrl: `${shopOrigin}/thanks` }, { secret });

  test('both rotation secrets write; the read key reads every list and is refused every write with a 403', async () => {
    expect((await session(merchantSecret)).status).toBe(201);
    const created = await session(previousSecret);
    expect(created.status).toBe(201);
    for (const path of ['/v1/merchant/orders', `/v1/merchant/orders/${created.body.orderNumber}`, '/v1/merchant/webhook-events', '/v1/merchant/events', '/v1/merchant/webhook-deliveries']) {
      expect((await merchant(stack, 'GET', path, undefined, { secret: readSecret })).status, path).toBe(200);
    }
    for (const [method, path] of [
      ['POST', '/v1/merchant/checkout-sessions'],
      ['POST', `/v1/merchant/orders/${created.body.orderNumber}/capture`],
      ['POST', '/v1/merchant/webhook-endpoints'],
      ['DELETE', '/v1/merchant/payment-links/1'],
    ] as const) {
      const refused = await merchant(stack, method, path, method === 'POST' ? {} : undefined, { secret: readSecret });
      expect(refused.status, path).toBe(403);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(refused.body.detail).toContain('read-only');
    }
    const stranger = await merchant(stack, 'GET', '/v1/merchant/orders', undefined, { secret: 'not-our-secret-0123456789' });
    expect(stranger.status).toBe(401);
  });

  test('createdFrom and createdTo as bare days are Costa Rica’s days', async () => {
    const created = await session(merchantSecret);
    const { orderNumber } = created.body;
    const listed = async (query: string) =>
      ((await merchant(stack, 'GET', `/v1/merchant/orders?includeAbandoned=true&${query}`)).body.items as Array<{ orderNumber: string }>).map((item) => item.orderNumber);
    expect(await listed('createdFrom=2026-11-25&createdTo=2026-11-25')).toEqual([orderNumber]);
    expect(await listed('createdFrom=2026-11-26')).toEqual([]);
    expect(await listed('createdTo=2026-11-24')).toEqual([]);
    // A date-time is an instant, whatever the zone.
    expect(await listed('createdFrom=2026-11-26T04:00:00Z&createdTo=2026-11-26T05:00:00Z')).toEqual([orderNumber]);
    // The inbound log takes bare days too; an impossible day is a 400 naming the field.
    expect((await merchant(stack, 'GET', '/v1/merchant/events?since=2026-11-25&until=2026-11-25')).status).toBe(200);
    for (const [query, field] of [['createdFrom=2026-11-31', 'createdFrom'], ['since=2026-02-30', 'since']] as const) {
      const refused = await merchant(stack, 'GET', query.startsWith('since') ? `/v1/merchant/events?${query}` : `/v1/merchant/orders?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.errors.map((error: { path: string }) => error.path), query).toContain(field);
    }
  });

  async function lastUsedGauge(): Promise<Record<string, number>> {
    const text = await (await fetch(`${stack.bffUrl}/metrics`, { headers: metricsHeaders })).text();
    const values: Record<string, number> = {};
    for (const match of text.matchAll(/^merchant_secret_last_used_seconds\{key="(\w+)"\} (\S+)$/gm)) values[match[1]!] = Number(match[2]);
    return values;
  }

  test('whoami names the key the call used and when each key was last used; so does the gauge', async () => {
    const first = await merchant(stack, 'GET', '/v1/merchant/whoami');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      key: 'current',
      keys: { current: { lastUsedAt: '2026-11-26T04:30:00.000Z' }, previous: { lastUsedAt: null }, read: { lastUsedAt: null } },
    });

    clock.advance(60_000);
    // The previous key, then the read key a minute later: each is recorded apart.
    expect((await merchant(stack, 'GET', '/v1/merchant/orders', undefined, { secret: previousSecret })).status).toBe(200);
    clock.advance(60_000);
    const asRead = await merchant(stack, 'GET', '/v1/merchant/whoami', undefined, { secret: readSecret });
    expect(asRead.body).toEqual({
      key: 'read',
      keys: {
        current: { lastUsedAt: '2026-11-26T04:30:00.000Z' },
        previous: { lastUsedAt: '2026-11-26T04:31:00.000Z' },
        read: { lastUsedAt: '2026-11-26T04:32:00.000Z' },
      },
    });
    const asPrevious = await merchant(stack, 'GET', '/v1/merchant/whoami', undefined, { secret: previousSecret });
    expect(asPrevious.body.key).toBe('previous');

    expect(await lastUsedGauge()).toEqual({
      current: Date.parse('2026-11-26T04:30:00Z') / 1000,
      previous: Date.parse('2026-11-26T04:32:00Z') / 1000,
      read: Date.parse('2026-11-26T04:32:00Z') / 1000,
    });
  });

  test('a refused secret is not a use of any key', async () => {
    expect((await merchant(stack, 'GET', '/v1/merchant/whoami', undefined, { secret: 'someone-elses-secret-0123456789' })).status).toBe(401);
    expect(await lastUsedGauge()).toEqual({});
    const answer = await merchant(stack, 'GET', '/v1/merchant/whoami');
    expect(answer.body.keys.previous).toEqual({ lastUsedAt: null });
  });

  test('with a single merchant secret and no read key, whoami says there is no previous or read key', async () => {
    await stack.close();
    stack = await startSystem({ mode: 'listening',  clock });
    const answer = await merchant(stack, 'GET', '/v1/merchant/whoami');
    expect(answer.body).toEqual({ key: 'current', keys: { current: { lastUsedAt: '2026-11-26T04:30:00.000Z' }, previous: null, read: null } });
  });
});
