// Crash recovery of merchant webhooks: the BFF as a real child process, killed with SIGKILL after a
// change committed its outbound event and before the event was delivered (or while it was being
// POSTed). Restarted on the same database, the event reaches the merchant's receiver once.
import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/node-test.ts';
import { outboxDb, type OutboxDb } from '../../bff/outbox/outbox-tables.ts';
import { killHard } from './fixtures/bff-process.ts';
import { startSystem, type ProcessSystem } from '../support/system.ts';
import { eventsOf, startWebhookReceiver, type WebhookReceiver } from './fixtures/webhook-receiver.ts';
import { bankEvent, currentSecret, deliveryBody, polling, postBank } from './webhooks-support.ts';

let rig: ProcessSystem;
let db: OutboxDb;
const receivers: WebhookReceiver[] = [];

test.beforeAll(async () => {
  rig = await startSystem({
    mode: 'process',
    env: {
      BANK_SECRET_REF: currentSecret,
      MERCHANT_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
      MERCHANT_WEBHOOK_POLL_MS: '50',
      MERCHANT_WEBHOOK_TIMEOUT_MS: '1000',
      MERCHANT_WEBHOOK_LEASE_MS: '1500',
      MERCHANT_WEBHOOK_RETRY_SCHEDULE: '50ms,50ms,50ms',
    },
  });
  db = outboxDb(rig.store);
});

test.afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  await rig?.close();
});

async function receiver(answer?: Parameters<typeof startWebhookReceiver>[0]): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(answer);
  receivers.push(started);
  return started;
}

const outboundEventOf = (paymentId: string) =>
  db.selectFrom('outbound_events').selectAll().where('type', '=', 'bank.payment.succeeded').execute().then((rows) => rows.find((row) => JSON.parse(row.body).data.paymentId === paymentId));

/** A later event that reached the receiver: what came before it has been sent. */
async function sentinel(url: string, hooks: WebhookReceiver): Promise<void> {
  const event = bankEvent('payment.succeeded');
  expect((await postBank(url, await deliveryBody(event))).status).toBe(200);
  await hooks.waitFor((received) => eventsOf(received, 'bank.payment.succeeded', (data) => data.paymentId === event.payment.payment_id).length === 1, 'the sentinel');
}

test('killed after the change committed and before delivery: delivered once after restart', async () => {
  const hooks = await receiver();
  // The delivery worker is held back, as if the process died the instant after the change.
  const first = await rig.spawn({ MERCHANT_WEBHOOK_URL: hooks.url, MERCHANT_WEBHOOK_WORKER_DELAY_MS: '600000' });
  const event = bankEvent('payment.succeeded');
  expect((await postBank(first.url, await deliveryBody(event))).status).toBe(200);
  await expect.poll(() => outboundEventOf(event.payment.payment_id), polling('the outbound event')).toMatchObject({ dispatched_at: null });
  const written = await outboundEventOf(event.payment.payment_id);
  await killHard(first.child);
  expect(hooks.received).toHaveLength(0);

  const second = await rig.spawn({ MERCHANT_WEBHOOK_URL: hooks.url, MERCHANT_WEBHOOK_WORKER_DELAY_MS: '0' });
  await hooks.waitFor((received) => received.length >= 1, 'the delivery after restart');
  await sentinel(second.url, hooks);
  expect(hooks.countOf(written!.id)).toBe(1);
  await killHard(second.child);
});

test('killed mid-POST (lease held): the lease lapses and the next instance delivers it, same webhook-id', async () => {
  // The first POST never gets an answer: the process dies waiting for it.
  const hooks = await receiver((n) => (n === 1 ? 'hang' : 200));
  const first = await rig.spawn({ MERCHANT_WEBHOOK_URL: hooks.url, MERCHANT_WEBHOOK_TIMEOUT_MS: '600000', MERCHANT_WEBHOOK_LEASE_MS: '1500000' });
  const event = bankEvent('payment.succeeded');
  expect((await postBank(first.url, await deliveryBody(event))).status).toBe(200);
  await hooks.waitFor((received) => received.length === 1, 'the first POST');
  const webhookId = String(hooks.received[0]!.headers['webhook-id']);
  await killHard(first.child);
  // The killed worker's lease would hold for 25 minutes: let it lapse as time would.
  await db.updateTable('webhook_deliveries').set({ lease_expires_at: new Date(Date.now() - 1).toISOString() }).where('event_id', '=', webhookId).execute();

  const second = await rig.spawn({ MERCHANT_WEBHOOK_URL: hooks.url });
  await hooks.waitFor((received) => received.length >= 2, 'the redelivery');
  await sentinel(second.url, hooks);
  expect(hooks.countOf(webhookId)).toBe(2);
  // The worker records the 2xx after the receiver has answered it, and delivers the sentinel beside
  // it: the row says delivered once that write commits (on a busy machine, after the sentinel came).
  const delivery = () => db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', webhookId).executeTakeFirstOrThrow();
  await expect.poll(delivery).toMatchObject({ state: 'delivered', attempts: 1, lease_owner: null });
  await killHard(second.child);
});
