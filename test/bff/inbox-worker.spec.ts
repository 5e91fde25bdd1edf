// The inbox worker: retries with backoff, dead letter with the error after N failures,
// a lapsed lease is taken over, and two instances on one database process each event once.
import { expect, test } from '../support/node-test.ts';
import { retryDelayMs } from '../../bff/intake/inbox/inbox.ts';
import { ManualClock, startSystem, type System } from '../support/system.ts';
import { orderHashV2 } from '../../contract/order-hash.ts';
import { linkOrderHashEmail } from '../../bff/intake/links/link-confirmation.ts';
import { sandboxDefaults } from '../../sandbox/defaults.ts';
import { afterWorkerPasses, bankEvent, deliveryBody, linkWebhook, merchantGet, merchantPost, metricsText, polling, postBank, postLinkWebhook, tables } from './webhooks-support.ts';

test('the retry delay doubles from the base and stops at the cap', () => {
  const policy = { maxAttempts: 10, baseDelayMs: 1000, maxDelayMs: 5000 };
  expect([1, 2, 3, 4, 5].map((failures) => retryDelayMs(policy, failures))).toEqual([1000, 2000, 4000, 5000, 5000]);
});

test.describe('with a clock the test moves', () => {
  let stack: System;
  const clock = new ManualClock(Date.parse('2026-11-21T12:00:00.000Z'));

  test.beforeAll(async () => {
    stack = await startSystem({ bank: true,  clock, env: { INBOX_MAX_ATTEMPTS: '3', INBOX_RETRY_BASE_MS: '60000', INBOX_RETRY_MAX_MS: '600000' } });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  const row = (externalId: string) => tables(stack.bff).selectFrom('events').selectAll().where('external_id', '=', externalId).executeTakeFirstOrThrow();

  test('an event that keeps failing is retried after growing delays, then dead with its last error', async () => {
    // A link of ours reported paid, with an orderHash that verifies, by a payment the gateway does
    // not show: every consult finds nothing.
    const link = await merchantPost(stack.bffUrl, '/v1/merchant/payment-links', { amount: '15000.00', currency: 'CRC' });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const { apiKey, apiUser, apiPassword } = sandboxDefaults.merchant;
    const orderNumber = `LNK${link.body.id}-1`;
    const orderHash = await orderHashV2({ tpt: '1000001', apiKey, apiUser, apiPassword, orderNumber, amount: '15000.00', currency: 'CRC', responseCode: '1', auth: '123456', email: linkOrderHashEmail });
    const body = linkWebhook({ svcLinkId: Number(link.body.id), svcOrderId: 1_000_001, orderNumber, orderHash });
    expect((await postLinkWebhook(stack.bffUrl, body)).status).toBe(200);
    const externalId = `${link.body.id}:1000001`;

    await expect.poll(async () => (await row(externalId)).attempts, polling('first failure')).toBe(1);
    const first = await row(externalId);
    expect(first.state).toBe('failed');
    expect(first.next_attempt_at).toBe(new Date(clock.now().getTime() + 60_000).toISOString());
    expect(first.last_error).toMatch(/no payment/i);

    // Not due yet: several worker passes go by and the event is left alone.
    await afterWorkerPasses(stack.bffUrl, 3);
    expect((await row(externalId)).attempts).toBe(1);

    clock.advance(60_000);
    await expect.poll(async () => (await row(externalId)).attempts, polling('second failure')).toBe(2);
    const second = await row(externalId);
    expect(second.state).toBe('failed');
    expect(second.next_attempt_at).toBe(new Date(clock.now().getTime() + 120_000).toISOString());

    clock.advance(120_000);
    await expect.poll(async () => (await row(externalId)).attempts, polling('third failure')).toBe(3);
    const dead = await row(externalId);
    expect(dead.state).toBe('dead');
    expect(dead.next_attempt_at).toBeNull();
    expect(dead.last_error).toMatch(/no payment/i);

    // Dead stays dead: time passing does not bring it back.
    clock.advance(3_600_000);
    await afterWorkerPasses(stack.bffUrl, 3);
    expect((await row(externalId)).attempts).toBe(3);

    const listed = await merchantGet(stack.bffUrl, '/v1/merchant/events?state=dead');
    expect(listed.body.items).toEqual([expect.objectContaining({ externalId, state: 'dead', attempts: 3, lastError: expect.stringMatching(/no payment/i) })]);
    expect(await metricsText(stack.bffUrl)).toMatch(/inbox_events_total\{source="links",outcome="dead"\} 1/);
  });

  test('a lease held by a worker that died is taken over once it lapses', async () => {
    const event = bankEvent('payin.posted');
    const worker = stack.bff.worker;
    await worker.stop();
    expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
    // As if another process had claimed it and then been killed: its lease runs 60 s more.
    await tables(stack.bff)
      .updateTable('events')
      .set({ lease_owner: 'worker-killed', lease_expires_at: new Date(clock.now().getTime() + 60_000).toISOString() })
      .where('external_id', '=', event.event.event_id)
      .execute();
    expect(await worker.drain()).toBe(0);
    expect((await row(event.event.event_id)).state).toBe('received');
    clock.advance(60_001);
    expect(await worker.drain()).toBe(1);
    expect(await row(event.event.event_id)).toMatchObject({ state: 'processed', lease_owner: null });
  });
});

test('two BFF instances on one database: every event processed exactly once', async () => {
  const stack = await startSystem({ bank: true });
  try {
    const other = await stack.startAnotherBff();
    const events = Array.from({ length: 30 }, (_, index) => bankEvent(index % 2 ? 'payment.succeeded' : 'payin.posted'));
    // Every event goes to both instances, as a load balancer and a bank retry might arrange.
    const responses = await Promise.all(
      events.flatMap((event) => [stack.bffUrl, other.url].map(async (url) => postBank(url, await deliveryBody(event)))),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const ids = events.map((event) => event.event.event_id);
    const processedRows = () => tables(stack.bff).selectFrom('events').select('state').where('external_id', 'in', ids).where('state', '=', 'processed').execute();
    await expect.poll(async () => (await processedRows()).length, polling('all 30 processed')).toBe(30);
    const processedBy = async (url: string) => Number(/inbox_events_total\{source="bank",outcome="processed"\} (\d+)/.exec(await metricsText(url))?.[1] ?? 0);
    expect((await processedBy(stack.bffUrl)) + (await processedBy(other.url))).toBe(30);
    const payments = await tables(stack.bff).selectFrom('bank_payments').select('payment_id').execute();
    expect(payments).toHaveLength(30);
  } finally {
    await stack.close();
  }
});
