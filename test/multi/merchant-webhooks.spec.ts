// Merchant webhooks from three BFF processes on one PostgreSQL database and one receiver: every
// instance's delivery worker races for the same outbox, and each event still arrives once (by its
// webhook-id), because dispatch and delivery claims are decided by the database.
import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/node-test.ts';
import { Webhook } from 'standardwebhooks';
import { eventsOf, startWebhookReceiver, type WebhookReceiver } from '../bff/fixtures/webhook-receiver.ts';
import { bankEvent, deliveryBody, postBank } from '../bff/webhooks-support.ts';
import { clusterPolling, spread, startCluster, type Cluster } from './fixtures/cluster.ts';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
let cluster: Cluster;
let hooks: WebhookReceiver;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  hooks = await startWebhookReceiver();
  cluster = await startCluster({
    instances: 3,
    env: { MERCHANT_WEBHOOK_URL: hooks.url, MERCHANT_WEBHOOK_SECRET: secret, MERCHANT_WEBHOOK_POLL_MS: '20', RECONCILE_INTERVAL_MS: '0' },
  });
});

test.afterAll(async () => {
  await cluster?.close();
  await hooks?.close();
});

test('three instances, one receiver: each event is received once by webhook-id, and verifies', async () => {
  const events = Array.from({ length: 30 }, () => bankEvent('payment.succeeded'));
  const answers = await spread(cluster.urls, events.length, async (url, index) => (await postBank(url, await deliveryBody(events[index]))).status);
  expect(answers.every((status) => status === 200)).toBe(true);

  await hooks.waitFor((received) => eventsOf(received, 'bank.payment.succeeded').length >= events.length, 'every event');
  // A last event through each instance after the rest: any second copy would have come by now.
  const sentinels = cluster.urls.map(() => bankEvent('payin.posted'));
  await spread(cluster.urls, sentinels.length, async (url, index) => postBank(url, await deliveryBody(sentinels[index])));
  await hooks.waitFor((received) => eventsOf(received, 'bank.payment.posted').length >= sentinels.length, 'the sentinels');
  // And all deliveries settled in the database (none in flight at any instance).
  await expect
    .poll(
      async () =>
        Number(
          ((await cluster.store.db.selectFrom('webhook_deliveries' as never).select((eb: any) => eb.fn.countAll().as('count')).where('state' as never, '!=', 'delivered' as never).executeTakeFirst()) as any)
            .count,
        ),
      clusterPolling('every delivery to be delivered'),
    )
    .toBe(0);

  const ids = hooks.received.map((request) => String(request.headers['webhook-id']));
  expect(new Set(ids).size).toBe(ids.length);
  const paymentIds = eventsOf(hooks.received, 'bank.payment.succeeded').map((request) => request.json.data.paymentId);
  expect(paymentIds.sort()).toEqual(events.map((event) => event.payment.payment_id).sort());
  for (const request of hooks.received) new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
});
