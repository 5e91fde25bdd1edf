// Rotating MERCHANT_SECRET (`current,previous`) ends by dropping the previous key; the merchant API
// says which key a call used and when each was last used (GET /v1/merchant/whoami and the
// merchant_secret_last_used_seconds gauge), so the operator knows when nothing uses the old one.
import { expect, test } from '@playwright/test';
import { ManualClock, merchantSecret, metricsHeaders, startStack, type Stack } from './fixtures/stack.ts';
import { merchant } from './merchant-fixture.ts';

const previousSecret = 'previous-merchant-secret-0123456789';
const readSecret = 'dashboard-read-only-key-0123456789';

let stack: Stack;
let clock: ManualClock;
test.beforeEach(async () => {
  clock = new ManualClock(Date.parse('2026-12-05T12:00:00Z'));
  stack = await startStack({ clock, env: { MERCHANT_SECRET: `${merchantSecret},${previousSecret}`, MERCHANT_READ_SECRET: readSecret } });
});
test.afterEach(async () => stack.close());

async function lastUsedGauge(): Promise<Record<string, number>> {
  const text = await (await fetch(`${stack.bffUrl}/metrics`, { headers: metricsHeaders })).text();
  const values: Record<string, number> = {};
  for (const match of text.matchAll(/^merchant_secret_last_used_seconds\{key="(\w+)"\} (\S+)$/gm)) values[match[1]!] = Number(match[2]);
  return values;
}

test('whoami names the key the call used and when each key was last used', async () => {
  const first = await merchant(stack, 'GET', '/v1/merchant/whoami');
  expect(first.status).toBe(200);
  expect(first.body).toEqual({
    key: 'current',
    keys: { current: { lastUsedAt: '2026-12-05T12:00:00.000Z' }, previous: { lastUsedAt: null }, read: { lastUsedAt: null } },
  });

  clock.advance(60_000);
  // A write with the previous key, then the read key a minute later: each is recorded apart.
  expect((await merchant(stack, 'GET', '/v1/merchant/orders', undefined, { secret: previousSecret })).status).toBe(200);
  clock.advance(60_000);
  const asRead = await merchant(stack, 'GET', '/v1/merchant/whoami', undefined, { secret: readSecret });
  expect(asRead.body).toEqual({
    key: 'read',
    keys: {
      current: { lastUsedAt: '2026-12-05T12:00:00.000Z' },
      previous: { lastUsedAt: '2026-12-05T12:01:00.000Z' },
      read: { lastUsedAt: '2026-12-05T12:02:00.000Z' },
    },
  });
  const asPrevious = await merchant(stack, 'GET', '/v1/merchant/whoami', undefined, { secret: previousSecret });
  expect(asPrevious.body.key).toBe('previous');

  expect(await lastUsedGauge()).toEqual({
    current: Date.parse('2026-12-05T12:00:00Z') / 1000,
    previous: Date.parse('2026-12-05T12:02:00Z') / 1000,
    read: Date.parse('2026-12-05T12:02:00Z') / 1000,
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
  stack = await startStack({ clock });
  const answer = await merchant(stack, 'GET', '/v1/merchant/whoami');
  expect(answer.body).toEqual({ key: 'current', keys: { current: { lastUsedAt: '2026-12-05T12:00:00.000Z' }, previous: null, read: null } });
});
