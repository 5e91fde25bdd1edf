// Three BFF processes on one PostgreSQL database. The test plays the load balancer and
// sends each request to the instance it chooses; what one instance did, the others must respect,
// because uniqueness and work sharing live in the database.
import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/node-test.ts';
import { sql } from 'kysely';
import { webhookDb, type WebhookDb } from '../../bff/store/webhook-tables.ts';
import { approvingCard, checkoutBody, createMerchantSession, followReturn, orderStatus, postCheckout, statusTokenOf } from '../bff/fixtures/buyer.ts';
import type { SinpeCheckoutResponse } from '../../contract/sinpe-movil.ts';
import { merchantSecret } from '../support/system.ts';
import { bankEvent, deliveryBody, postBank } from '../bff/webhooks-support.ts';
import { clusterPolling, counterValue, metricsOf, spread, startCluster, type Cluster } from './fixtures/cluster.ts';

/** Longer than the whole file takes: every consult a poll causes falls in the order's first interval. */
const consultIntervalMs = 120_000;

let cluster: Cluster;
let db: WebhookDb;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster({
    instances: 3,
    env: {
      STATUS_CONSULT_INTERVAL_MS: String(consultIntervalMs),
      // The stale-order reconciler also consults open orders on its own timer; off here so
      // every consult the sandbox counts is one a poll caused.
      RECONCILE_INTERVAL_MS: '0',
      SINPE_MOVIL_PHONE: '88887777',
      // Every buyer here is 127.0.0.1: each transfer keeps an amount of its own.
      SINPE_AMOUNTS_PER_CLIENT: '1000',
    },
  });
  db = webhookDb(cluster.store);
});

test.afterAll(async () => {
  await cluster?.close();
});

test.afterEach(async () => {
  await cluster.sandbox.clearFaults();
});

/** The sum over all instances of one counter sample. */
async function clusterCounter(sample: string): Promise<number> {
  const texts = await Promise.all(cluster.urls.map(metricsOf));
  return texts.reduce((sum, text) => sum + counterValue(text, sample), 0);
}

async function perInstanceCounter(sample: string): Promise<number[]> {
  return (await Promise.all(cluster.urls.map(metricsOf))).map((text) => counterValue(text, sample));
}

test('all instances started together on the empty database; each migration ran once', async () => {
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(cluster.store.db);
  const names = applied.rows.map((row) => row.name);
  expect(names.length).toBeGreaterThan(0);
  expect(new Set(names).size).toBe(names.length);
  for (const url of cluster.urls) {
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: true } });
  }
});

test('the same bank delivery posted to all three at once gives one inbox row, processed once', async () => {
  const stored = 'webhook_deliveries_total{source="bank",outcome="stored"}';
  const duplicate = 'webhook_deliveries_total{source="bank",outcome="duplicate"}';
  const processed = 'inbox_events_total{source="bank",outcome="processed"}';
  const before = { stored: await clusterCounter(stored), duplicate: await clusterCounter(duplicate), processed: await clusterCounter(processed) };
  const events = Array.from({ length: 8 }, () => bankEvent('payment.succeeded'));

  const answers = await Promise.all(
    events.map(async (event) => {
      const body = await deliveryBody(event);
      return Promise.all(cluster.urls.map(async (url) => (await postBank(url, body)).status));
    }),
  );
  // Every copy is acknowledged: the bank must not keep redelivering to whichever instance it hit.
  expect(answers.flat()).toEqual(Array(events.length * cluster.urls.length).fill(200));

  const ids = events.map((event) => event.event.event_id as string);
  const bankRows = () => db.selectFrom('events').selectAll().where('source', '=', 'bank').where('external_id', 'in', ids).execute();
  await expect
    .poll(async () => (await bankRows()).filter((row) => row.state === 'processed').length, clusterPolling('every bank event processed'))
    .toBe(ids.length);
  const rows = await bankRows();
  expect(rows.map((row) => row.external_id).sort()).toEqual([...ids].sort());
  expect(rows.every((row) => row.attempts === 0)).toBe(true);
  const payments = await db.selectFrom('bank_payments').select(['payment_id', 'last_event_id']).where('last_event_id', 'in', ids).execute();
  expect(payments).toHaveLength(events.length);

  expect((await clusterCounter(stored)) - before.stored).toBe(events.length);
  expect((await clusterCounter(duplicate)) - before.duplicate).toBe(events.length * (cluster.urls.length - 1));
  expect((await clusterCounter(processed)) - before.processed).toBe(events.length);
});

test('the same checkout submitted to two instances gives one processPayment and one hosted page', async () => {
  // A slow gateway keeps the winner's call open while the other instance's requests arrive.
  await cluster.sandbox.injectFault({ operation: 'processPayment', kind: 'latency', latencyMs: 300 });
  const sessions = await spread(cluster.urls, 4, (url) => createMerchantSession(url));
  await cluster.sandbox.resetCalls();

  await Promise.all(
    sessions.map(async (session) => {
      // Four submissions each to instances 1 and 2 (a double click, a retry, a second tab).
      const answers = await Promise.all([1, 2, 1, 2, 1, 2, 1, 2].map((instance) => postCheckout(cluster.urls[instance]!, session.sessionToken)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{ redirectUrl: string; orderNumber: string }>;
      expect(new Set(bodies.map((body) => body.redirectUrl)).size).toBe(1);
      expect(bodies.every((body) => body.orderNumber === session.orderNumber)).toBe(true);
      expect(await cluster.sandbox.calls('processPayment', session.orderNumber)).toBe(1);
    }),
  );
  expect(await cluster.sandbox.calls('processPayment')).toBe(sessions.length);
});

test('one capture sent with one Idempotency-Key to all three instances reaches the gateway once', async () => {
  const session = await createMerchantSession(cluster.urls[0]!, { amount: '40.00', currency: 'USD', capture: false });
  const { redirectUrl } = (await (await postCheckout(cluster.urls[1]!, session.sessionToken)).json()) as { redirectUrl: string };
  expect((await followReturn(await cluster.sandbox.payHostedPage(redirectUrl, { card: approvingCard }))).status).toBe(303);
  await cluster.sandbox.injectFault({ operation: 'processModification', kind: 'latency', latencyMs: 300 });
  await cluster.sandbox.resetCalls();

  const key = randomUUID();
  const answers = await Promise.all(
    cluster.urls.map((url) =>
      fetch(`${url}/v1/merchant/orders/${session.orderNumber}/capture`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify({}),
      }),
    ),
  );
  // One instance runs it; the others see the key in progress (409, retry) or replay its answer.
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
  expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
  expect(await cluster.sandbox.calls('processModification', session.orderNumber)).toBe(1);

  // A retry of the same key, at any instance, replays the one result.
  const retried = await fetch(`${cluster.urls[2]}/v1/merchant/orders/${session.orderNumber}/capture`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify({}),
  });
  expect(retried.status).toBe(200);
  expect(retried.headers.get('Idempotent-Replayed')).toBe('true');
  expect(await cluster.sandbox.calls('processModification', session.orderNumber)).toBe(1);
});

test('the inbox workers of all instances share the work, and none processes an event twice', async () => {
  // An unlimited link created through instance 0: the gateway reports every payment to instance 0.
  const created = await fetch(`${cluster.urls[0]}/v1/merchant/payment-links`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({ amount: '2500', currency: 'CRC', description: 'Shared work' }),
  });
  expect(created.status).toBe(201);
  const link = (await created.json()) as { id: string; url: string };
  // Each confirmation consults slowly, so a worker spends a while on every event.
  await cluster.sandbox.injectFault({ operation: 'consult', kind: 'latency', latencyMs: 100 });
  await cluster.sandbox.resetCalls();
  const processed = 'inbox_events_total{source="links",outcome="processed"}';
  const before = await perInstanceCounter(processed);

  // More payments than one worker claims in a pass (20), all at once: while instance 0 works
  // through its batch, one slow lookup after another, the rest wait for whoever polls first.
  const payments = 30;
  await Promise.all(Array.from({ length: payments }, () => cluster.sandbox.payLink(link.url, approvingCard)));

  const linkRows = () => db.selectFrom('events').selectAll().where('source', '=', 'links').where('external_id', 'like', `${link.id}:%`).execute();
  await expect
    .poll(async () => (await linkRows()).filter((row) => row.state === 'processed').length, clusterPolling('every link payment processed'))
    .toBe(payments);
  const rows = await linkRows();
  expect(rows.every((row) => row.attempts === 0 && row.lease_owner === null)).toBe(true);
  const confirmed = await db.selectFrom('link_payments').selectAll().where('link_id', '=', link.id).execute();
  expect(confirmed).toHaveLength(payments);
  expect(confirmed.every((payment) => payment.status === 'paid')).toBe(true);

  // Two workers holding one event at once would both have consulted: one consult per event (the
  // link's lookups are shared by its reports, so they say nothing about this).
  expect(await cluster.sandbox.calls('consult')).toBe(payments);
  const after = await perInstanceCounter(processed);
  const byInstance = after.map((count, index) => count - before[index]!);
  expect(byInstance.reduce((sum, count) => sum + count, 0)).toBe(payments);
  // Instances 1 and 2 received none of the deliveries, yet took part in processing them.
  expect(byInstance[1]! + byInstance[2]!).toBeGreaterThan(0);
});

test('status polling through all instances: at most one consult per order per interval, whichever instance asks', async () => {
  const session = await createMerchantSession(cluster.urls[0]!);
  const checkoutAnswer = await postCheckout(cluster.urls[1]!, session.sessionToken);
  expect(checkoutAnswer.status).toBe(200);
  const { redirectUrl } = (await checkoutAnswer.json()) as { redirectUrl: string };
  await cluster.sandbox.resetCalls();

  // Three waves of 30 concurrent polls spread over the three instances, all inside one interval.
  for (let wave = 0; wave < 3; wave++) {
    const answers = await spread(cluster.urls, 30, (url) => orderStatus(url, session.orderNumber, session.sessionToken));
    expect(answers.every((answer) => answer.status === 'pending' && answer.final === false)).toBe(true);
  }
  expect(await cluster.sandbox.calls('consult', session.orderNumber)).toBe(1);

  // The buyer pays and comes back through instance 2, which confirms with its own consult.
  const gatewayRedirect = await cluster.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  const returned = await followReturn(gatewayRedirect.toString().replace(new URL(gatewayRedirect).origin, new URL(cluster.urls[2]!).origin));
  expect(returned.status).toBe(303);
  const statusToken = statusTokenOf(returned.headers.get('Location')!);
  const consultsAfterReturn = await cluster.sandbox.calls('consult', session.orderNumber);

  // Every instance now answers the final status from the shared store, with no consult at all.
  const answers = await spread(cluster.urls, 30, (url) => orderStatus(url, session.orderNumber, statusToken));
  expect(answers.every((answer) => answer.status === 'approved' && answer.final)).toBe(true);
  expect(await cluster.sandbox.calls('consult', session.orderNumber)).toBe(consultsAfterReturn);
});

test('SINPE Móvil transfers of one price opened at once on all three instances never share an amount', async () => {
  const sessions = await spread(cluster.urls, 12, (url) => createMerchantSession(url, { amount: '27000.00', currency: 'CRC' }));
  const answers = await spread(cluster.urls, sessions.length, async (url, index) => {
    const response = await postCheckout(url, sessions[index]!.sessionToken, { ...checkoutBody, method: 'sinpe_movil' });
    expect(response.status).toBe(200);
    return ((await response.json()) as SinpeCheckoutResponse).sinpeMovil;
  });
  const amounts = answers.map((answer) => answer.amount).sort().reverse();
  // From one colón below the price, never a plain price nor a multiple of ₡5 (a cash price).
  const askable = Array.from({ length: 14 }, (_, i) => 26999 - i).filter((amount) => amount % 5 !== 0);
  expect(amounts).toEqual(askable.map((amount) => `${amount}.00`));
});
