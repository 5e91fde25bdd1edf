// Bank deliveries and answers that banking-webhooks.md allows and the BFF once refused or misread:
// each is delivered to a whole BFF in this process the way the bank may write it. Every test here
// failed on the code before it, with the merchant or the buyer seeing what its name says.
import { expect, test } from '../support/node-test.ts';
import type { SinpeCheckoutResponse } from '../../contract/sinpe-movil.ts';
import { encryptDelivery } from '../../node/bank-delivery-codec.ts';
import { outboxDb } from '../../bff/outbox/outbox-tables.ts';
import { statusHistory } from '../../bff/store/orders.ts';
import { approvingCard, checkout, checkoutBody, createMerchantSession, followReturn, orderStatus, postCheckout } from './fixtures/buyer.ts';
import { type UpstreamRewrite, ManualClock, startSystem, type System } from '../support/system.ts';
import { bankEvent, currentSecret, eventState, merchantGet, polling, postBank, tables } from './webhooks-support.ts';

const merchantPhone = '88887777';
const clock = new ManualClock();
let stack: System;

/** Per bank API path, how this test's bank writes its success answers. */
const writes = new Map<string, (body: any) => unknown>();
const rewrite: UpstreamRewrite = async (request, answer) => {
  const path = new URL(request.url).pathname.replace(/^.*\/api\/public\/v1\//, '');
  const change = [...writes].find(([prefix]) => path.startsWith(prefix))?.[1];
  if (!change || !answer.ok) return answer;
  return Response.json(change(await answer.json()), { status: answer.status });
};

test.beforeAll(async () => {
  stack = await startSystem({ bank: true,  clock, rewrite, env: { SINPE_MOVIL_PHONE: merchantPhone, SINPE_TRANSFER_MINUTES: '10', RECONCILE_INTERVAL_MS: '0' } });
});
test.afterAll(async () => {
  await stack?.close();
});
test.afterEach(() => {
  writes.clear();
});

interface OpenTransfer {
  orderNumber: string;
  token: string;
  reference: string;
  sinpe: SinpeCheckoutResponse['sinpeMovil'];
}

async function openTransfer(amount = '15000.00'): Promise<OpenTransfer> {
  const session = await createMerchantSession(stack.bffUrl, { amount, currency: 'CRC' });
  const response = await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, method: 'sinpe_movil' });
  expect(response.status).toBe(200);
  const body = (await response.json()) as SinpeCheckoutResponse;
  return { orderNumber: body.orderNumber, token: session.sessionToken, reference: body.sinpeMovil.reference, sinpe: body.sinpeMovil };
}

type EventType = 'payin.posted' | 'payment.succeeded' | 'payment.failed' | 'payment.reversed';

/** Each transfer's rail reference (payment.external_reference): one per payment, as the rail gives. */
const railReferences = new Map<string, string>();
const railReferenceOf = (paymentId: string) => railReferences.get(paymentId) ?? railReferences.set(paymentId, `FT${String(railReferences.size + 1).padStart(14, '0')}${Date.now() % 1000}`).get(paymentId)!;

/** One event of the transfer `paymentId`, `second` seconds from now, for `reference` (undefined: none). */
function transferEvent(type: EventType, paymentId: string, second: number, reference: string | undefined, change: (e: any) => void = () => undefined): any {
  return bankEvent(type, (e) => {
    e.payment.payment_id = paymentId;
    e.payment.amount = { amount: '15000.00', currency: 'CRC' };
    e.context.payment_method_code = 'SINPE_MOVIL';
    e.event.occurred_at = new Date(clock.now().getTime() + second * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    // §6.3 nests the references under payment.reference; §6.4-§6.6 put them on payment itself.
    const references = type === 'payin.posted' ? e.payment.reference : e.payment;
    references.external_reference = railReferenceOf(paymentId);
    if (reference === undefined) delete references.client_reference;
    else references.client_reference = reference;
    if (type === 'payment.succeeded') Object.assign(e.payment, { fee_total: '150.00', tax_total: '19.50', net_amount: '14830.50' });
    change(e);
  });
}

/** Delivers `text` (the event's JSON, as written) encrypted like the bank; `data` may be rewrapped. */
async function deliver(text: string, wrap: (data: string) => string = (data) => data): Promise<Response> {
  return postBank(stack.bffUrl, JSON.stringify({ data: wrap(await encryptDelivery(text, currentSecret)) }));
}

async function processed(eventId: string) {
  await expect.poll(() => eventState(stack.bff, eventId), polling(`event ${eventId} processed`)).toBe('processed');
}

async function deliverAll(events: any[]) {
  for (const event of events) {
    expect((await deliver(JSON.stringify(event))).status).toBe(200);
    await processed(event.event.event_id);
  }
}

const statusOf = (transfer: OpenTransfer) => orderStatus(stack.bffUrl, transfer.orderNumber, transfer.token);
const moves = async (orderNumber: string) => (await statusHistory(stack.bff.store.db, orderNumber)).map((entry) => `${entry.from_status}→${entry.to_status}`);
const outboundTypes = async (orderNumber: string) =>
  (await outboxDb(stack.bff.store).selectFrom('outbound_events').select(['type', 'body']).execute())
    .filter((row) => row.body.includes(orderNumber))
    .map((row) => row.type);

test('payment.succeeded then payment.failed (posting failed) takes an approved order to review, and the merchant hears of it', async () => {
  const transfer = await openTransfer();
  const paymentId = crypto.randomUUID();
  await deliverAll([transferEvent('payment.succeeded', paymentId, 1, transfer.reference)]);
  expect((await statusOf(transfer)).status).toBe('approved');
  const failed = transferEvent('payment.failed', paymentId, 2, transfer.reference, (e) => {
    e.payment.error = { domain: 'platform_posting', platform: { code: 'POSTING_FAILED' } };
    e.rejection = null;
  });
  await deliverAll([failed]);
  // A final order's answer is kept for a second (FinalStatusViews): ask after it.
  clock.advance(1_001);
  expect((await statusOf(transfer)).status).toBe('review');
  expect(await moves(transfer.orderNumber)).toEqual(['null→created', 'created→pending', 'pending→approved', 'approved→review']);
  expect(await outboundTypes(transfer.orderNumber)).toEqual(expect.arrayContaining(['order.approved', 'order.review']));
});

test('the same two events the other way round end in review too', async () => {
  const transfer = await openTransfer();
  const paymentId = crypto.randomUUID();
  const failed = transferEvent('payment.failed', paymentId, 2, transfer.reference, (e) => {
    e.payment.error = { domain: 'platform_posting', platform: { code: 'POSTING_FAILED' } };
    e.rejection = null;
  });
  await deliverAll([failed, transferEvent('payment.succeeded', paymentId, 1, transfer.reference)]);
  expect((await statusOf(transfer)).status).toBe('review');
});

test('payin.posted without payment.amount.amount decides nothing; the event that carries the amount approves the order', async () => {
  const transfer = await openTransfer();
  const paymentId = crypto.randomUUID();
  await deliverAll([transferEvent('payin.posted', paymentId, 1, transfer.reference, (e) => (e.payment.amount = { currency: 'CRC' }))]);
  expect((await statusOf(transfer)).status).toBe('pending');
  await deliverAll([transferEvent('payment.succeeded', paymentId, 2, transfer.reference)]);
  expect((await statusOf(transfer)).status).toBe('approved');
});

test('money that arrived without an amount and never got one sends the lapsed transfer to review, not expired', async () => {
  const transfer = await openTransfer();
  await deliverAll([transferEvent('payin.posted', crypto.randomUUID(), 1, transfer.reference, (e) => (e.payment.amount = {}))]);
  clock.advance(11 * 60_000);
  await stack.bff.reconciler.runOnce();
  expect((await statusOf(transfer)).status).toBe('review');
});

test('payment.failed with a rejection and every provider field null is stored and declines the transfer', async () => {
  const transfer = await openTransfer();
  const failed = transferEvent('payment.failed', crypto.randomUUID(), 1, transfer.reference, (e) => {
    e.provider = { correlation_id: null, occurred_at: null, provider_status_code: null, provider_status_desc: null, provider_status_semantic: null };
  });
  expect(failed.rejection).toBeTruthy();
  await deliverAll([failed]);
  expect((await statusOf(transfer)).status).toBe('declined');
});

test('payment.failed without client_reference (§6.5: optional) is stored, and declines no transfer by its amount alone', async () => {
  const transfer = await openTransfer('15123.00');
  const failed = transferEvent('payment.failed', crypto.randomUUID(), 1, undefined, (e) => (e.payment.amount = { amount: transfer.sinpe.amount, currency: 'CRC' }));
  await deliverAll([failed]);
  expect(await tables(stack.bff).selectFrom('bank_payments').select(['status', 'order_number']).where('payment_id', '=', failed.payment.payment_id).executeTakeFirst()).toEqual({ status: 'failed', order_number: null });
  expect((await statusOf(transfer)).status).toBe('pending');
});

test('timestamps with milliseconds and MIME base64 with line breaks are taken', async () => {
  const transfer = await openTransfer();
  const event = transferEvent('payin.posted', crypto.randomUUID(), 1, transfer.reference, (e) => {
    e.event.occurred_at = e.event.occurred_at.replace('Z', '.123Z');
    e.payment.posted_at = e.payment.posted_at.replace('Z', '.5Z');
  });
  const response = await deliver(JSON.stringify(event), (data) => data.replace(/.{76}(?=.)/g, (line) => `${line}\r\n`));
  expect(response.status).toBe(200);
  await processed(event.event.event_id);
  expect((await statusOf(transfer)).status).toBe('approved');
});

test('a late transfer for an order already paid by card stays an unmatched bank payment, and the order keeps its card payment', async () => {
  const transfer = await openTransfer('25.00');
  clock.advance(11 * 60_000);
  await stack.bff.reconciler.runOnce();
  const { redirectUrl } = await checkout(stack.bffUrl, transfer.token);
  expect((await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard }))).status).toBe(303);
  expect((await statusOf(transfer)).status).toBe('approved');

  const late = transferEvent('payin.posted', crypto.randomUUID(), 1, transfer.reference, (e) => (e.payment.amount = { amount: '25.00', currency: 'CRC' }));
  await deliverAll([late]);
  expect((await statusOf(transfer)).status).toBe('approved');
  const unmatched = await merchantGet(stack.bffUrl, '/v1/merchant/bank-payments?matched=false');
  expect(unmatched.body.items.map((item: { paymentId: string }) => item.paymentId)).toContain(late.payment.payment_id);
});

test('a bank API answer with its payload under an envelope key is read the same', async () => {
  const plain = await merchantGet(stack.bffUrl, '/v1/merchant/banking/features');
  expect(plain.body.items.length).toBeGreaterThan(0);
  writes.set('webhook/features', ({ response_code, correlation_id, ...payload }) => ({ response_code, correlation_id, data: payload }));
  const enveloped = await merchantGet(stack.bffUrl, '/v1/merchant/banking/features');
  expect(enveloped.status).toBe(200);
  expect(enveloped.body.items).toEqual(plain.body.items);
  writes.set('webhook/event-contracts', ({ response_code, correlation_id, ...payload }) => ({ response_code, correlation_id, result: payload }));
  const contract = await merchantGet(stack.bffUrl, '/v1/merchant/banking/event-contracts/payin.posted');
  expect(contract.status).toBe(200);
  expect(contract.body).toMatchObject({ event_type: 'payin.posted' });
});
