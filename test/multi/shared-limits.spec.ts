// The per-address limit and the consult interval hold across instances: three BFF processes on one
// PostgreSQL behind a round-robin balancer (the test) count together, so the configured figure is
// what the shop and the gateway see, not three times it.
import { expect, test } from '../support/node-test.ts';
import { checkoutBody, createMerchantSession, orderStatus } from '../bff/fixtures/buyer.ts';
import { shopOrigin } from '../support/system.ts';
import { spread, startCluster, type Cluster } from './fixtures/cluster.ts';

const perAddressLimit = 12;
/** Longer than the file takes: every poll falls inside each order's first interval. */
const consultIntervalMs = 120_000;

const limitsEnv = {
  RATE_LIMIT_PER_MINUTE: String(perAddressLimit),
  // The balancer (this test) says who the client is, so each test can be its own address.
  TRUST_PROXY: 'true',
  STATUS_CONSULT_INTERVAL_MS: String(consultIntervalMs),
  // The reconciler consults open orders on its own timer; off so every consult counted is a poll's.
  RECONCILE_INTERVAL_MS: '0',
};

let cluster: Cluster;

test.describe.configure({ timeout: 120_000 });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster({ instances: 3, env: limitsEnv });
});

test.afterAll(async () => {
  await cluster?.close();
});

function createCatalogSessionFrom(url: string, clientAddress: string): Promise<Response> {
  return fetch(`${url}/v1/sessions`, {
    method: 'POST',
    headers: { Origin: shopOrigin, 'Content-Type': 'application/json', 'X-Forwarded-For': clientAddress },
    body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }] }),
  });
}

test('one address sending sessions round-robin through three instances gets the configured limit, not three times it', async () => {
  // In rounds of one request per instance, each round's three at once: which instance answers
  // first within a round is the machine's choice, but by the round after the limit every instance
  // has hits to refuse.
  const answers: Array<{ url: string; status: number; retryAfter: string | null }> = [];
  for (let round = 0; round < perAddressLimit; round++) {
    answers.push(
      ...(await spread(cluster.urls, cluster.urls.length, async (url) => {
        const response = await createCatalogSessionFrom(url, '203.0.113.7');
        return { url, status: response.status, retryAfter: response.headers.get('Retry-After') };
      })),
    );
  }
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(perAddressLimit);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(refused).toHaveLength(perAddressLimit * 2);
  expect(refused.every((answer) => Number(answer.retryAfter) >= 1 && Number(answer.retryAfter) <= 60)).toBe(true);
  // Every instance refused some: each one saw the hits the others counted.
  expect(new Set(refused.map((answer) => answer.url)).size).toBe(cluster.urls.length);

  // Another address is counted on its own.
  expect((await createCatalogSessionFrom(cluster.urls[1]!, '203.0.113.8')).status).toBe(201);
});

test('fifty open orders polled through three instances: one consult per order per interval', async () => {
  const orders = await Promise.all(
    Array.from({ length: 50 }, async (_, index) => {
      const url = cluster.urls[index % cluster.urls.length]!;
      const session = await createMerchantSession(url);
      const answer = await fetch(`${url}/v1/checkout`, {
        method: 'POST',
        // Its own buyer address each: fifty checkouts from one address would meet the limit above.
        headers: { Authorization: `Bearer ${session.sessionToken}`, Origin: shopOrigin, 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${index + 1}` },
        body: JSON.stringify(checkoutBody),
      });
      expect(answer.status).toBe(200);
      return session;
    }),
  );
  await cluster.sandbox.resetCalls();

  // Three waves; in each, every order is polled once through every instance at the same time.
  for (let wave = 0; wave < 3; wave++) {
    const answers = await Promise.all(orders.flatMap((order) => cluster.urls.map((url) => orderStatus(url, order.orderNumber, order.sessionToken))));
    expect(answers.every((answer) => answer.status === 'pending' && answer.final === false)).toBe(true);
  }
  const perOrder = await Promise.all(orders.map((order) => cluster.sandbox.calls('consult', order.orderNumber)));
  expect(perOrder).toEqual(Array(orders.length).fill(1));
  expect(await cluster.sandbox.calls('consult')).toBe(orders.length);
});
