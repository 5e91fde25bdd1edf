// The per-address limits, tried by a client that owns many addresses or many spellings of one: every
// address of an IPv6 /64 (what one customer line gets), an IPv4 address written IPv4-mapped or with
// a port (a proxy that appends one). Each must count as the one client it is.
import { expect, test } from '../support/node-test.ts';
import { addressKey } from '../../bff/http/client-ip.ts';
import { startSystem, shopOrigin, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack?.close();
});

const sameClient: Array<[string, string]> = [
  ['203.0.113.7', '203.0.113.7'],
  [' 203.0.113.7 ', '203.0.113.7'],
  ['203.0.113.7:5555', '203.0.113.7'],
  ['::ffff:203.0.113.7', '203.0.113.7'],
  ['::FFFF:cb00:7107', '203.0.113.7'],
  ['[::ffff:203.0.113.7]:443', '203.0.113.7'],
  ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
  ['2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
  ['[2001:db8:1:2::3]:4711', '2001:db8:1:2::/64'],
  ['[2001:db8:1:2::4]', '2001:db8:1:2::/64'],
  ['fe80::1%eth0', 'fe80::/64'],
  ['::1', '::/64'],
];

for (const [raw, key] of sameClient) {
  test(`the limit key of ${JSON.stringify(raw)} is ${key}`, () => {
    expect(addressKey(raw)).toBe(key);
  });
}

// Anything a client can write that is not an address must not buy a bucket of its own.
const notAddresses = ['unknown', 'not-an-address:80', '_hidden', 'evil.example', '999.1.1.1', '', 'fe80::1%', '1.2.3'];
for (const raw of notAddresses) {
  test(`${JSON.stringify(raw)} is no limit key`, () => {
    expect(addressKey(raw)).toBeUndefined();
  });
}

test('neighbouring /64s and neighbouring IPv4 addresses stay apart', () => {
  expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  expect(addressKey('203.0.113.8')).not.toBe(addressKey('203.0.113.7'));
});

const fourOfOneSlash64 = ['2001:db8:1:2::1', '2001:db8:1:2::2', '[2001:db8:1:2::3]:4711', '2001:db8:1:2:ffff:1:2:3'];
const fourSpellingsOfOneIPv4 = ['203.0.113.7', '203.0.113.7:5555', '::ffff:203.0.113.7', '[::ffff:203.0.113.7]:443'];

/** Behind one trusted proxy (nginx), which writes the client's address as X-Forwarded-For's last entry. */
const behindProxy = { TRUST_PROXY: 'true', TRUSTED_PROXY_COUNT: '1' };

test('session creation: four addresses of one /64, or four spellings of one IPv4 address, share a limit of 3', async () => {
  const bff = await stack.startAnotherBff({ ...behindProxy, RATE_LIMIT_PER_MINUTE: '3' });
  const createSession = (client: string) =>
    fetch(`${bff.url}/v1/sessions`, {
      method: 'POST',
      headers: { Origin: shopOrigin, 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.9, ${client}` },
      body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }] }),
    }).then((response) => response.status);
  for (const clients of [fourOfOneSlash64, fourSpellingsOfOneIPv4]) {
    const statuses: number[] = [];
    for (const client of clients) statuses.push(await createSession(client));
    expect(statuses, clients.join(' ')).toEqual([201, 201, 201, 429]);
  }
  // The next /64 is another customer.
  expect(await createSession('2001:db8:1:3::1')).toBe(201);
});

test('gateway-bound buyer requests: four addresses of one /64, or four spellings of one IPv4 address, share a limit of 3', async () => {
  const bff = await stack.startAnotherBff({ ...behindProxy, UPSTREAM_RATE_LIMIT_PER_MINUTE: '3' });
  let n = 0;
  const linkReturn = async (client: string) => {
    n += 1;
    const response = await fetch(`${bff.url}/v1/links/return?code=1&svcLinkId=${900 + n}&orderNumber=LNK-${n}&svcOrderId=${5_000 + n}`, {
      redirect: 'manual',
      headers: { 'X-Forwarded-For': client },
    });
    await response.text();
    return response.status;
  };
  for (const clients of [fourOfOneSlash64, fourSpellingsOfOneIPv4]) {
    const statuses: number[] = [];
    for (const client of clients) statuses.push(await linkReturn(client));
    expect(statuses.slice(0, 3), clients.join(' ')).not.toContain(429);
    expect(statuses[3], clients.join(' ')).toBe(429);
  }
  expect(await linkReturn('2001:db8:1:3::1')).not.toBe(429);
});

const createSessionBehind = (bff: { url: string }, forwardedFor: string) =>
  fetch(`${bff.url}/v1/sessions`, {
    method: 'POST',
    headers: { Origin: shopOrigin, 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }] }),
  }).then((response) => response.status);

test('four different non-address X-Forwarded-For values count as the proxy itself: the 4th is 429', async () => {
  const bff = await stack.startAnotherBff({ ...behindProxy, RATE_LIMIT_PER_MINUTE: '3' });
  const statuses: number[] = [];
  for (const junk of ['unknown', '_hidden', 'not-an-address:80', 'evil.example']) statuses.push(await createSessionBehind(bff, junk));
  expect(statuses).toEqual([201, 201, 201, 429]);
  // A real client behind the same proxy has its own limit.
  expect(await createSessionBehind(bff, '203.0.113.50')).toBe(201);
});

test('with two trusted proxies, a shorter chain never picks its client-written entry: the 4th is 429', async () => {
  const bff = await stack.startAnotherBff({ TRUST_PROXY: 'true', TRUSTED_PROXY_COUNT: '2', RATE_LIMIT_PER_MINUTE: '3' });
  const statuses: number[] = [];
  // One entry where two proxies of ours would have written two: it cannot be told from one the client wrote.
  for (let i = 1; i <= 4; i++) statuses.push(await createSessionBehind(bff, `198.51.100.${i}`));
  expect(statuses).toEqual([201, 201, 201, 429]);
  // A full chain still names its client.
  expect(await createSessionBehind(bff, '203.0.113.60, 10.0.0.2')).toBe(201);
});
