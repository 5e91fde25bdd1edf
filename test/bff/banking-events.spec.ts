// End to end for the four bank events: the BFF registers its own destination with the
// sandbox bank at start (BANK_REGISTER_DESTINATION=1, as under npm start); the sandbox emitter
// encrypts and delivers; the worker applies each event to bank_payments.
import { expect, test } from '../support/node-test.ts';
import { platformFailureShopperMessage } from '../../bff/intake/inbox/bank-payment-handler.ts';
import { shopperSafeMessage } from '../../contract/bank/reason-codes.ts';
import { bankDestinationCount, bankEvent, deliveryBody, eventState, merchantGet, metricsText, polling, postBank, tables } from './webhooks-support.ts';
import { type System, startSystem } from '../support/system.ts';

let stack: System;

test.beforeAll(async () => {
  stack = await startSystem({ bank: true,  env: { BANK_REGISTER_DESTINATION: '1' } });
  // Registration runs in the background right after start; wait until the bank lists it.
  await expect.poll(() => bankDestinationCount(stack.sandboxUrl), polling('the BFF to register its destination')).toBeGreaterThan(0);
});
test.afterAll(async () => {
  await stack?.close();
});

const paymentRow = (paymentId: string) => tables(stack.bff).selectFrom('bank_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();

async function processed(eventId: string): Promise<void> {
  await expect.poll(() => eventState(stack.bff, eventId), polling(`event ${eventId} processed`)).toBe('processed');
}

test('the BFF registered its receiver on a feature that emits all four events, with no manual step', async () => {
  const { destinations } = (await (await fetch(`${stack.sandboxUrl}/_sandbox/bank/destinations`)).json()) as { destinations: Array<Record<string, unknown>> };
  expect(destinations).toHaveLength(1);
  expect(destinations[0]).toMatchObject({ webhook_url: `${stack.bffUrl}/v1/webhooks/banking`, scope_kind: 'TENANT', destination_kind: 'EXTERNAL_WEBHOOK', is_enabled: true });
  const features = await merchantGet(stack.bffUrl, '/v1/merchant/banking/features');
  const feature = features.body.items.find((item: { id: string }) => item.id === destinations[0]?.feature_id);
  expect(feature.event_types).toEqual(expect.arrayContaining(['payin.posted', 'payment.succeeded', 'payment.failed', 'payment.reversed']));
});

test('payin.posted: delivered by the sandbox, the payment is posted and known to be inbound', async () => {
  const trigger = await stack.sandbox.triggerBankEvent({ event_type: 'payin.posted', amount: '25000.00', currency: 'CRC' });
  expect(trigger.deliveries).not.toBe('pending');
  expect((trigger.deliveries as Array<{ delivered: boolean }>).every((delivery) => delivery.delivered)).toBe(true);
  await processed(trigger.event.event.event_id);
  expect(await paymentRow(trigger.payment_id)).toMatchObject({ status: 'posted', direction: 'PAYIN', amount: '25000.00', currency: 'CRC', has_reversal: 0 });
});

test('payment.succeeded then payment.reversed: fees, tax and net exact, the §6.4 rule holds, the reversal keeps the status', async () => {
  const succeeded = await stack.sandbox.triggerBankEvent({ event_type: 'payment.succeeded', amount: '10000.55', currency: 'CRC' });
  await processed(succeeded.event.event.event_id);
  const payment = succeeded.event.payment as Record<string, string>;
  const row = await paymentRow(succeeded.payment_id);
  expect(row).toMatchObject({
    status: 'confirmed',
    amount: '10000.55',
    fee_total: payment.fee_total,
    tax_total: payment.tax_total,
    net_amount: payment.net_amount,
    net_amount_check: 'ok',
    direction: 'PAYIN',
  });
  // Exact decimal arithmetic: 10000.55 − fee − tax, in céntimos.
  const cents = (value: string) => BigInt(value.replace('.', ''));
  expect(cents(row!.net_amount!)).toBe(cents('10000.55') - cents(row!.fee_total!) - cents(row!.tax_total!));

  const reversed = await stack.sandbox.triggerBankEvent({ event_type: 'payment.reversed', payment_id: succeeded.payment_id });
  await processed(reversed.event.event.event_id);
  expect(await paymentRow(succeeded.payment_id)).toMatchObject({ status: 'confirmed', has_reversal: 1, net_amount: payment.net_amount });
  expect((await paymentRow(succeeded.payment_id))?.reversed_at).toBeTruthy();
});

test('a PAYOUT succeeded fits the PAYOUT rule (amount + fee + tax) and is recognized as such', async () => {
  const trigger = await stack.sandbox.triggerBankEvent({ event_type: 'payment.succeeded', direction: 'PAYOUT', amount: '150.00', currency: 'USD' });
  await processed(trigger.event.event.event_id);
  expect(await paymentRow(trigger.payment_id)).toMatchObject({ direction: 'PAYOUT', net_amount_check: 'ok' });
});

test('payment.failed: the reason code maps (§6.5) to a message safe for the shopper', async () => {
  const insufficient = await stack.sandbox.triggerBankEvent({ event_type: 'payment.failed', reason_code: '21' });
  const wallet = await stack.sandbox.triggerBankEvent({ event_type: 'payment.failed', reason_code: '15303' });
  await processed(insufficient.event.event.event_id);
  await processed(wallet.event.event.event_id);
  const insufficientRow = await paymentRow(insufficient.payment_id);
  // 21 (insufficient funds) has no semantic of its own: SINPE_REJECTED, and the shopper is not told why.
  expect(insufficientRow).toMatchObject({ status: 'failed', failure_code: 'SINPE_REJECTED', failure_reason_code: '21', shopper_message: shopperSafeMessage('SINPE_REJECTED') });
  expect(insufficientRow?.shopper_message).not.toMatch(/fund/i);
  expect(await paymentRow(wallet.payment_id)).toMatchObject({ failure_code: 'WALLET_PHONE_NOT_REGISTERED_BCCR', shopper_message: shopperSafeMessage('WALLET_PHONE_NOT_REGISTERED_BCCR') });
});

test('payment.failed without a provider rejection gets the platform message', async () => {
  const event = bankEvent('payment.failed', (e) => {
    e.rejection = null;
    e.payment.error = { domain: 'platform_posting', platform: { code: 'POSTING_FAILED' } };
    e.provider = { ...e.provider, provider_status_code: null, provider_status_desc: null, provider_status_semantic: null };
  });
  expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
  await processed(event.event.event_id);
  expect(await paymentRow(event.payment.payment_id)).toMatchObject({ failure_code: 'POSTING_FAILED', failure_domain: 'platform_posting', shopper_message: platformFailureShopperMessage });
});

test('a payment.succeeded whose net_amount breaks §6.4 is processed but flagged, counted and not silently accepted', async () => {
  const event = bankEvent('payment.succeeded', (e) => {
    e.payment.amount = { amount: '1000.00', currency: 'CRC' };
    e.payment.fee_total = '10.00';
    e.payment.tax_total = '1.30';
    e.payment.net_amount = '990.00'; // PAYIN says 988.70, PAYOUT 1011.30
  });
  expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
  await processed(event.event.event_id);
  expect(await paymentRow(event.payment.payment_id)).toMatchObject({ net_amount: '990.00', net_amount_check: 'mismatch', expected_net_amount: '988.70' });
  expect(await metricsText(stack.bffUrl)).toMatch(/bank_net_amount_mismatches_total [1-9]/);
});

test('an older event arriving after a newer one does not roll the status back', async () => {
  const paymentId = crypto.randomUUID();
  const newer = bankEvent('payment.failed', (e) => {
    e.payment.payment_id = paymentId;
    e.event.occurred_at = '2026-11-21T10:00:05Z';
  });
  const older = bankEvent('payment.succeeded', (e) => {
    e.payment.payment_id = paymentId;
    e.event.occurred_at = '2026-11-21T10:00:00Z';
  });
  await postBank(stack.bffUrl, await deliveryBody(newer));
  await processed(newer.event.event_id);
  await postBank(stack.bffUrl, await deliveryBody(older));
  await processed(older.event.event_id);
  const row = await paymentRow(paymentId);
  expect(row?.status).toBe('failed');
  expect(row?.last_event_id).toBe(newer.event.event_id);
  expect(row?.fee_total).toBe(older.payment.fee_total);
});

test('GET /v1/merchant/events lists bank events with their state, filtered and paged', async () => {
  const all = await merchantGet(stack.bffUrl, '/v1/merchant/events?source=bank&state=processed&limit=200');
  expect(all.status).toBe(200);
  expect(all.body.items.length).toBeGreaterThanOrEqual(8);
  expect(all.body.items.every((item: { source: string; state: string }) => item.source === 'bank' && item.state === 'processed')).toBe(true);
  const failedOnly = await merchantGet(stack.bffUrl, '/v1/merchant/events?type=payment.failed');
  expect(failedOnly.body.items.length).toBeGreaterThanOrEqual(3);
  expect(failedOnly.body.items.every((item: { type: string }) => item.type === 'payment.failed')).toBe(true);
  expect(failedOnly.body.items[0].summary.paymentStatus).toBe('failed');

  const firstPage = await merchantGet(stack.bffUrl, '/v1/merchant/events?limit=2');
  expect(firstPage.body.items).toHaveLength(2);
  const secondPage = await merchantGet(stack.bffUrl, `/v1/merchant/events?limit=2&cursor=${firstPage.body.nextCursor}`);
  expect(secondPage.body.items).toHaveLength(2);
  const ids = [...firstPage.body.items, ...secondPage.body.items].map((item: { id: string }) => item.id);
  expect(new Set(ids).size).toBe(4);

  const future = await merchantGet(stack.bffUrl, '/v1/merchant/events?since=2999-01-01T00:00:00Z');
  expect(future.body.items).toEqual([]);
  expect((await merchantGet(stack.bffUrl, '/v1/merchant/events?state=lost')).status).toBe(400);
  expect((await fetch(`${stack.bffUrl}/v1/merchant/events`)).status).toBe(401);
});
