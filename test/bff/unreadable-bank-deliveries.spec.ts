// "Nothing that decrypts is lost": a bank delivery that authenticates is answered 2xx and kept.
// Forms the bank may write (banking-webhooks.md, read tolerantly as gateway-facts.md asks) take
// effect; one our event contract cannot read is stored as an unreadable inbox event, shown to the
// merchant with its reason, counted, logged without its content, and read again after an upgrade.
import { createHash, randomUUID } from 'node:crypto';
import { expect, test } from '../support/node-test.ts';
import { bankFailureMessage } from '../../contract/bank-failure-messages.ts';
import { ManualClock, startSystem, type System } from '../support/system.ts';
import { deliver, merchantPhone, openTransfer, statusOf } from './fixtures/sinpe-orders.ts';
import { bankEvent, capturingLogger, currentSecret, deliveryBody, merchantGet, merchantPost, metricsText, polling, postBank, tables } from './webhooks-support.ts';
import { encryptDelivery } from '../../node/bank-delivery-codec.ts';

const clock = new ManualClock();
const log = capturingLogger();
let stack: System;

test.beforeAll(async () => {
  stack = await startSystem({ bank: true,  clock, logger: log.logger, env: { SINPE_MOVIL_PHONE: merchantPhone, SINPE_TRANSFER_MINUTES: '10', RECONCILE_INTERVAL_MS: '0' } });
});
test.afterAll(async () => {
  await stack?.close();
});

/** The merchant's view of the bank payment the buyer's reference names. */
async function merchantBankPayment(reference: string) {
  const page = await merchantGet(stack.bffUrl, `/v1/merchant/bank-payments?reference=${encodeURIComponent(reference)}`);
  expect(page.status).toBe(200);
  return page.body.items[0];
}

async function unreadableEvents() {
  const page = await merchantGet(stack.bffUrl, '/v1/merchant/events?source=bank&state=unreadable&limit=200');
  expect(page.status).toBe(200);
  return page.body.items as Array<{ id: string; externalId: string; type: string; state: string; lastError: string | null }>;
}

const unreadableCount = async () => Number(/^bank_events_unreadable_total (\d+)$/m.exec(await metricsText(stack.bffUrl))?.[1] ?? 0);

/** A SINPE Móvil event paying (or refusing) the open transfer `reference`. */
function transferEvent(type: 'payin.posted' | 'payment.succeeded' | 'payment.failed', reference: string, change: (e: any) => void = () => undefined) {
  return bankEvent(type, (e) => {
    e.context.payment_method_code = 'SINPE_MOVIL';
    e.payment.amount = { amount: '15000.00', currency: 'CRC' };
    if (type === 'payin.posted') e.payment.reference.client_reference = reference;
    else e.payment.client_reference = reference;
    if (type === 'payment.succeeded') Object.assign(e.payment, { fee_total: '150.00', tax_total: '19.50', net_amount: '14830.50' });
    change(e);
  });
}

test.describe('forms the bank may write take effect', () => {
  test('payment.failed with a rejection.code not in our list declines the transfer; the merchant sees the bank\'s code', async () => {
    const transfer = await openTransfer(stack, '15000.00', 'en');
    const event = transferEvent('payment.failed', transfer.reference, (e) => {
      e.rejection = { code: 'SOME_NEW_CODE', reason_code: '15303', message: 'destination phone not in the national mobile registry' };
    });
    await deliver(stack, event);
    // The buyer is told what the reason code means (§7: the phone is not registered), in their language.
    expect(await statusOf(stack, transfer)).toMatchObject({ status: 'declined', message: bankFailureMessage('phone_not_usable', 'en') });
    expect((await merchantBankPayment(transfer.reference)).failure).toEqual({
      code: 'SOME_NEW_CODE',
      reasonCode: '15303',
      // An unknown code says nothing to us: the reason code the bank sent picks the message.
      message: 'This phone number cannot be used for SINPE Móvil. Please check it or choose another payment method.',
    });
  });

  test('payment.failed with rejection.reason_code "" declines the transfer with the generic message', async () => {
    const transfer = await openTransfer(stack, '15000.00', 'es');
    await deliver(stack, transferEvent('payment.failed', transfer.reference, (e) => {
      e.rejection = { code: 'SOME_NEW_CODE', reason_code: '', message: '' };
    }));
    expect(await statusOf(stack, transfer)).toMatchObject({ status: 'declined', message: bankFailureMessage('declined', 'es') });
    expect((await merchantBankPayment(transfer.reference)).failure).toEqual({
      code: 'SOME_NEW_CODE',
      reasonCode: null,
      message: 'The bank declined this payment. Please use another account or payment method.',
    });
  });

  test('payin.posted with amount "" is stored with the amount unknown, as when it is absent', async () => {
    const empty = transferEvent('payin.posted', `EMPTY${Date.now()}`, (e) => void (e.payment.amount.amount = ''));
    const absent = transferEvent('payin.posted', `ABSENT${Date.now()}`, (e) => void delete e.payment.amount.amount);
    await deliver(stack, empty);
    await deliver(stack, absent);
    const emptyView = await merchantBankPayment(empty.payment.reference.client_reference);
    expect(emptyView).toMatchObject({ paymentId: empty.payment.payment_id, amount: null, currency: 'CRC', status: 'posted' });
    const { paymentId: _e, publicId: _p, clientReference: _c, externalReference: _x, updatedAt: _u, ...emptyRest } = emptyView;
    const { paymentId: _e2, publicId: _p2, clientReference: _c2, externalReference: _x2, updatedAt: _u2, ...absentRest } = await merchantBankPayment(absent.payment.reference.client_reference);
    expect(emptyRest).toEqual(absentRest);
  });

  test('payment.succeeded with fee_total null and tax_total "" pays the order; its net amount is unverifiable', async () => {
    const transfer = await openTransfer(stack, '15000.00');
    const event = transferEvent('payment.succeeded', transfer.reference, (e) => {
      e.payment.fee_total = null;
      e.payment.tax_total = '';
    });
    await deliver(stack, event);
    expect((await statusOf(stack, transfer)).status).toBe('approved');
    expect(await merchantBankPayment(transfer.reference)).toMatchObject({ orderNumber: transfer.orderNumber, amount: '15000.00' });
    const row = await tables(stack.bff).selectFrom('bank_payments').selectAll().where('payment_id', '=', event.payment.payment_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ fee_total: null, tax_total: null, net_amount: '14830.50', net_amount_check: 'unverifiable' });
  });

  test('payment.succeeded with succeeded_at "" pays the order, succeeded when the event occurred', async () => {
    const transfer = await openTransfer(stack, '15000.00');
    const event = transferEvent('payment.succeeded', transfer.reference, (e) => void (e.payment.succeeded_at = ''));
    await deliver(stack, event);
    expect((await statusOf(stack, transfer)).status).toBe('approved');
    const row = await tables(stack.bff).selectFrom('bank_payments').select('succeeded_at').where('payment_id', '=', event.payment.payment_id).executeTakeFirstOrThrow();
    expect(row.succeeded_at).toBe(event.event.occurred_at);
  });
});

test.describe('a delivery our contract cannot read', () => {
  const payer = 'Plaintext Payer Name 7c2e';

  test('is answered 2xx, listed to the merchant with its reason, counted, logged without content, and stored once', async () => {
    const event = bankEvent('payin.posted', (e) => {
      e.payment.public_id = 'abc';
      e.payment.origin_client_name = payer;
    });
    const countBefore = await unreadableCount();
    expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
    // The bank's retry: encrypted again (a new nonce), the same event.
    expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
    const listed = (await unreadableEvents()).filter((item) => item.externalId === event.event.event_id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ type: 'payin.posted', state: 'unreadable' });
    expect(listed[0]!.lastError).toContain('payment.public_id');
    expect(await unreadableCount()).toBe(countBefore + 2);
    expect(log.text()).toContain('stored as unreadable');
    expect(log.text()).not.toContain(payer);
    // Kept as the bank wrote it, so that a later build can read it.
    const row = await tables(stack.bff).selectFrom('events').select('payload').where('external_id', '=', event.event.event_id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.payload)).toEqual(event);
    // Never claimed: an unreadable event is not retried until it is read again.
    expect(await tables(stack.bff).selectFrom('bank_payments').select('payment_id').where('payment_id', '=', event.payment.payment_id).executeTakeFirst()).toBeUndefined();
  });

  test('without `payment` it is kept too, its reason naming the field', async () => {
    const event = bankEvent('payment.failed', (e) => void delete e.payment);
    expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
    const listed = (await unreadableEvents()).find((item) => item.externalId === event.event.event_id);
    expect(listed?.lastError).toMatch(/^payment\b/);
  });

  test('without a readable event_id it is stored once per content (by a hash of the plaintext)', async () => {
    const event = bankEvent('payment.reversed', (e) => void delete e.event.event_id);
    const plaintext = JSON.stringify(event);
    const body = async () => JSON.stringify({ data: await encryptDelivery(plaintext, currentSecret) });
    expect((await postBank(stack.bffUrl, await body())).status).toBe(200);
    expect((await postBank(stack.bffUrl, await body())).status).toBe(200);
    const externalId = `sha256:${createHash('sha256').update(plaintext).digest('hex')}`;
    expect((await unreadableEvents()).filter((item) => item.externalId === externalId)).toHaveLength(1);
  });

  test('a decrypted body that is not a JSON object stays the generic 400', async () => {
    const response = await postBank(stack.bffUrl, JSON.stringify({ data: await encryptDelivery('[1,2]', currentSecret) }));
    expect(response.status).toBe(400);
  });
});

test.describe('read again after an upgrade', () => {
  /** A delivery an older build could not read, stored as it stored it: its plaintext, unreadable. */
  async function storedByAnOlderBuild(event: any, reason: string): Promise<string> {
    const id = randomUUID();
    await tables(stack.bff)
      .insertInto('events')
      .values({
        id,
        source: 'bank',
        external_id: event.event.event_id,
        type: event.event.event_type,
        payload: JSON.stringify(event),
        state: 'unreadable',
        attempts: 0,
        last_error: reason,
        next_attempt_at: null,
        received_at: clock.now().toISOString(),
        processed_at: null,
        lease_owner: null,
        lease_expires_at: null,
      })
      .execute();
    return id;
  }

  const stateOf = async (id: string) => (await tables(stack.bff).selectFrom('events').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

  test('the worker reads stored unreadable events when it starts: one that now reads pays its order, once', async () => {
    const transfer = await openTransfer(stack, '15000.00');
    const event = transferEvent('payment.succeeded', transfer.reference, (e) => void (e.payment.fee_total = null));
    const id = await storedByAnOlderBuild(event, 'payment.fee_total: Invalid input: expected string, received null');
    const stillUnreadable = await storedByAnOlderBuild(bankEvent('payin.posted', (e) => void (e.payment.public_id = 'abc')), 'payment.public_id: expected an int64');
    await stack.restartBff();
    await expect.poll(() => stateOf(id), polling('the upgraded event processed')).toBe('processed');
    expect((await statusOf(stack, transfer)).status).toBe('approved');
    expect(await stateOf(stillUnreadable)).toBe('unreadable');
    const approvals = await tables(stack.bff).selectFrom('order_status_history').select('to_status').where('order_number', '=', transfer.orderNumber).where('to_status', '=', 'approved').execute();
    expect(approvals).toHaveLength(1);
  });

  test('the merchant asks for them to be read again: those that now read are processed, exactly once', async () => {
    const transfer = await openTransfer(stack, '15000.00', 'en');
    const event = transferEvent('payment.failed', transfer.reference, (e) => {
      e.rejection = { code: 'SOME_NEW_CODE', reason_code: '21', message: 'insufficient funds' };
    });
    const id = await storedByAnOlderBuild(event, 'rejection.code: Invalid option');
    const stays = await storedByAnOlderBuild(bankEvent('payin.posted', (e) => void (e.payment.public_id = 'abc')), 'an older build\'s reason');
    const first = await merchantPost(stack.bffUrl, '/v1/merchant/events/reprocess-unreadable', {});
    expect(first.status).toBe(200);
    expect(first.body.readable).toBeGreaterThanOrEqual(1);
    expect(first.body.stillUnreadable).toBeGreaterThanOrEqual(1);
    await expect.poll(() => stateOf(id), polling('the upgraded event processed')).toBe('processed');
    // One that still does not read stays, with the reason this build gives.
    expect((await unreadableEvents()).find((item) => item.id === stays)?.lastError).toContain('payment.public_id');
    expect(await statusOf(stack, transfer)).toMatchObject({ status: 'declined', message: bankFailureMessage('declined', 'en') });
    const again = await merchantPost(stack.bffUrl, '/v1/merchant/events/reprocess-unreadable', {});
    expect(again.body.readable).toBe(0);
    expect((await merchantBankPayment(transfer.reference)).failure.code).toBe('SOME_NEW_CODE');
    expect((await unreadableEvents()).map((item) => item.id)).not.toContain(id);
  });
});
