// Crash recovery: the BFF runs as a real child process and is killed with SIGKILL
// (kill -9) after it acknowledged a delivery, before (or while) processing it. Restarted on the
// same database, it processes the event exactly once.
import { expect, test } from '../support/node-test.ts';
import { webhookDb, type WebhookDb } from '../../bff/store/webhook-tables.ts';
import { killHard } from './fixtures/bff-process.ts';
import { recordOwnLink } from '../../bff/intake/links/link-screen.ts';
import { startSystem, type ProcessSystem } from '../support/system.ts';
import { afterWorkerPasses, bankEvent, createGatewayLink, currentSecret, deliveryBody, linkWebhook, metricsText, polling, postBank } from './webhooks-support.ts';

let rig: ProcessSystem;
let db: WebhookDb;

test.beforeAll(async () => {
  rig = await startSystem({
    mode: 'process',
    env: {
      BANK_SECRET_REF: currentSecret,
      INBOX_LEASE_MS: '1500',
      GATEWAY_TIMEOUT_MS: '60000',
    },
  });
  db = webhookDb(rig.store);
});

test.afterAll(async () => {
  await rig?.close();
});

const eventRow = (externalId: string) => db.selectFrom('events').selectAll().where('external_id', '=', externalId).executeTakeFirst();

test('killed after the 2xx and before processing: processed exactly once after restart', async () => {
  // The worker is held back, as if the process died in the instant after acknowledging.
  const first = await rig.spawn({ INBOX_WORKER_DELAY_MS: '600000' });
  const event = bankEvent('payment.succeeded');
  const body = await deliveryBody(event);
  expect((await postBank(first.url, body)).status).toBe(200);
  expect((await eventRow(event.event.event_id))?.state).toBe('received');
  await killHard(first.child);

  const second = await rig.spawn({ INBOX_WORKER_DELAY_MS: '0' });
  expect(second.url).toBe(first.url);
  await expect.poll(async () => (await eventRow(event.event.event_id))?.state, polling('processed after restart')).toBe('processed');
  const processed = await eventRow(event.event.event_id);
  expect(processed?.attempts).toBe(0);
  const payments = await db.selectFrom('bank_payments').selectAll().where('payment_id', '=', event.payment.payment_id).execute();
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({ status: 'confirmed', net_amount: event.payment.net_amount, last_event_id: event.event.event_id });

  // The bank, never having heard back, redelivers: acknowledged, not processed again.
  expect((await postBank(second.url, await deliveryBody(event))).status).toBe(200);
  await afterWorkerPasses(second.url);
  expect((await eventRow(event.event.event_id))?.processed_at).toBe(processed?.processed_at);
  expect(await metricsText(second.url)).toMatch(/inbox_events_total\{source="bank",outcome="processed"\} 1\n/);
  await killHard(second.child);
});

test('killed while processing (lease held): the lease lapses and the event is processed exactly once', async () => {
  const control = rig.sandbox;
  const { bffUrl } = rig;
  const link = await createGatewayLink(rig.sandboxUrl, { amount: '5000.00', currency: 'CRC', type: 1, webhook_url: `${bffUrl}/v1/webhooks/links` });
  // Made at the gateway directly (a webhook only), recorded as ours as the merchant API would.
  await recordOwnLink(db, { id: String(link.id), amount: '5000.00', currency: 'CRC', now: new Date() });

  const first = await rig.spawn({ INBOX_WORKER_DELAY_MS: '0' });
  // The worker's first lookup never answers: the process is mid-event when it dies.
  await control.injectFault({ operation: 'getLinkPaymentById', kind: 'hang', count: 1 });
  await control.payLink(link.url, '4012000000020071');
  // Killed only once its lookup is in flight at the gateway (the claim alone could be too early).
  await expect.poll(() => control.calls('getLinkPaymentById'), polling('the worker to be inside its lookup')).toBe(1);
  const leased = await db.selectFrom('events').selectAll().where('source', '=', 'links').where('external_id', 'like', `${link.id}:%`).executeTakeFirst();
  expect(leased?.lease_owner).toBeTruthy();
  expect(leased?.state).toBe('received');
  await killHard(first.child);

  const second = await rig.spawn({ INBOX_WORKER_DELAY_MS: '0' });
  await expect.poll(async () => (await eventRow(leased!.external_id))?.state, polling('processed after the lease lapsed')).toBe('processed');
  const processed = await eventRow(leased!.external_id);
  expect(processed?.lease_owner).toBeNull();
  const payments = await db.selectFrom('link_payments').selectAll().where('link_id', '=', String(link.id)).execute();
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({ status: 'paid', first_source: 'webhook' });
  // A late copy of the same report changes nothing.
  const [svcLinkId, svcOrderId] = leased!.external_id.split(':');
  const late = await fetch(`${second.url}/v1/webhooks/links`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(linkWebhook({ svcLinkId: Number(svcLinkId), svcOrderId: Number(svcOrderId), orderNumber: payments[0]!.order_number })),
  });
  expect(late.status).toBe(200);
  expect(await db.selectFrom('events').select('id').where('external_id', '=', leased!.external_id).execute()).toHaveLength(1);
  await killHard(second.child);
});
