// SINPE Móvil end to end through the BFF: the buyer opens a transfer (phone, amount, reference,
// expiry); the sandbox bank delivers its encrypted events; the matcher settles the order from them,
// once, whatever their order; the status answer says what happened in the buyer's language.
import { expect, test } from '../support/node-test.ts';
import { bankFailureMessage } from '../../contract/bank-failure-messages.ts';
import type { SinpeCheckoutResponse } from '../../contract/sinpe-movil.ts';
import { statusHistory } from '../../bff/store/orders.ts';
import { outboxDb } from '../../bff/outbox/outbox-tables.ts';
import { approvingCard, checkout, checkoutBody, createMerchantSession, decliningCard, followReturn, orderStatus, postCheckout } from './fixtures/buyer.ts';
import { ManualClock, type System } from '../support/system.ts';
import { openTransfer as openBuyerTransfer, startRegisteredSinpeStack, type OpenTransfer } from './fixtures/sinpe-orders.ts';
import { bankEvent, deliveryBody, eventState, merchantGet, merchantPost, polling, postBank, tables } from './webhooks-support.ts';

const merchantPhone = '88887777';
const clock = new ManualClock();
let stack: System;

test.beforeAll(async () => {
  stack = await startRegisteredSinpeStack(clock);
});
test.afterAll(async () => {
  await stack?.close();
});

const openTransfer = (amount = '15000.00', locale = 'es-CR') => openBuyerTransfer(stack, amount, locale);

/** The buyer's bank app sends the transfer: the sandbox bank emits the event to the BFF. */
async function bankSends(fields: { event_type: 'payin.posted' | 'payment.succeeded' | 'payment.failed' | 'payment.reversed'; client_reference?: string; amount?: string; reason_code?: string; payment_id?: string }) {
  const trigger = await stack.sandbox.triggerBankEvent({ currency: 'CRC', ...fields });
  await processed(trigger.event.event.event_id);
  return trigger;
}

async function processed(eventId: string) {
  await expect.poll(() => eventState(stack.bff, eventId), polling(`event ${eventId} processed`)).toBe('processed');
}

/** A payin.posted that names no amount (§6.2: optional), then its payment.succeeded that does. */
async function postedInTwoSteps(reference: string, amount: string): Promise<string> {
  const paymentId = crypto.randomUUID();
  const posted = bankEvent('payin.posted', (e) => {
    e.payment.payment_id = paymentId;
    e.payment.amount = { currency: 'CRC' };
    e.context.payment_method_code = 'SINPE_MOVIL';
    e.payment.reference.client_reference = reference;
  });
  const succeeded = bankEvent('payment.succeeded', (e) => {
    e.payment.payment_id = paymentId;
    e.payment.amount = { amount, currency: 'CRC' };
    e.context.payment_method_code = 'SINPE_MOVIL';
    e.payment.client_reference = reference;
  });
  for (const event of [posted, succeeded]) {
    expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
    await processed(event.event.event_id);
  }
  return paymentId;
}

const statusOf = (transfer: Pick<OpenTransfer, 'orderNumber' | 'token'>) => orderStatus(stack.bffUrl, transfer.orderNumber, transfer.token);
const bankPayment = (paymentId: string) => tables(stack.bff).selectFrom('bank_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
const moves = async (orderNumber: string) => (await statusHistory(stack.bff.store.db, orderNumber)).map((entry) => `${entry.from_status}→${entry.to_status}`);

test.describe('opening a transfer', () => {
  test('a CRC order gets the phone, the exact amount (below the price), a short reference and an expiry; a repeat gets the same', async () => {
    const transfer = await openTransfer('15250.00');
    expect(transfer.sinpe).toMatchObject({ phone: merchantPhone, amount: '15249.00', discount: '1.00', currency: 'CRC' });
    expect(transfer.sinpe.reference).toMatch(/^[34679ACDEFHJKMNPRTWXY]{6}$/);
    expect(Date.parse(transfer.sinpe.expiresAt) - clock.now().getTime()).toBe(10 * 60_000);
    const again = await postCheckout(stack.bffUrl, transfer.token, { ...checkoutBody, method: 'sinpe_movil' });
    expect(((await again.json()) as SinpeCheckoutResponse).sinpeMovil).toEqual(transfer.sinpe);
    expect(await statusOf(transfer)).toMatchObject({ status: 'pending', final: false, attempts: 1, canRetry: false });
  });

  test('a card page is refused while the transfer is awaited, with a problem naming method', async () => {
    const transfer = await openTransfer();
    const card = await postCheckout(stack.bffUrl, transfer.token, checkoutBody);
    expect(card.status).toBe(400);
    expect(card.headers.get('content-type')).toContain('application/problem+json');
    expect((await card.json()).errors[0].path).toBe('method');
  });

  test('another currency is refused with a problem naming method, and nothing is opened', async () => {
    const session = await createMerchantSession(stack.bffUrl, { amount: '25.00', currency: 'USD' });
    const response = await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, method: 'sinpe_movil' });
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0]).toMatchObject({ path: 'method', code: 'method_unavailable' });
    expect((await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken)).status).toBe('created');
  });
});

test.describe('settled by the bank', () => {
  test('a payin.posted naming the reference, as a buyer types it, approves the order', async () => {
    const transfer = await openTransfer();
    const typed = `${transfer.sinpe.reference.slice(0, 3).toLowerCase()}-${transfer.sinpe.reference.slice(3)}`;
    const trigger = await bankSends({ event_type: 'payin.posted', client_reference: typed, amount: '15000.00' });
    expect(await statusOf(transfer)).toMatchObject({ status: 'approved', final: true });
    expect(await bankPayment(trigger.payment_id)).toMatchObject({ order_number: transfer.orderNumber, attempt_number: 1 });
  });

  test('the merchant hears of it in the same transactions: order.approved, and bank.payment.posted naming the order it settled', async () => {
    const transfer = await openTransfer();
    const trigger = await bankSends({ event_type: 'payin.posted', client_reference: transfer.sinpe.reference, amount: '15000.00' });
    const events = await outboxDb(stack.bff.store).selectFrom('outbound_events').select(['type', 'body']).where('type', 'in', ['order.approved', 'bank.payment.posted']).execute();
    const data = (type: string) => events.filter((row) => row.type === type).map((row) => JSON.parse(row.body).data);
    expect(data('order.approved').filter((order) => order.orderNumber === transfer.orderNumber)).toHaveLength(1);
    expect(data('bank.payment.posted').filter((payment) => payment.paymentId === trigger.payment_id)).toEqual([
      expect.objectContaining({ orderNumber: transfer.orderNumber, amount: '15000.00', currency: 'CRC', clientReference: transfer.sinpe.reference }),
    ]);
  });

  test('duplicated and reordered events settle the order once: reversal first, then the posting, then its confirmation twice', async () => {
    const transfer = await openTransfer();
    const paymentId = crypto.randomUUID();
    const at = (second: number) => new Date(clock.now().getTime() + second * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const shape = (e: any, second: number) => {
      e.payment.payment_id = paymentId;
      e.payment.amount = { amount: '15000.00', currency: 'CRC' };
      e.context.payment_method_code = 'SINPE_MOVIL';
      e.event.occurred_at = at(second);
    };
    const posted = bankEvent('payin.posted', (e) => {
      shape(e, 1);
      e.payment.reference.client_reference = transfer.sinpe.reference;
    });
    const succeeded = bankEvent('payment.succeeded', (e) => {
      shape(e, 2);
      e.payment.client_reference = transfer.sinpe.reference;
      e.payment.fee_total = '150.00';
      e.payment.tax_total = '19.50';
      e.payment.net_amount = '14830.50';
    });
    const reversed = bankEvent('payment.reversed', (e) => {
      shape(e, 3);
      e.payment.client_reference = transfer.sinpe.reference;
    });
    for (const event of [reversed, posted, succeeded, succeeded, posted]) {
      expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
      await processed(event.event.event_id);
    }
    expect((await statusOf(transfer)).status).toBe('reversed');
    expect(await moves(transfer.orderNumber)).toEqual(['null→created', 'created→pending', 'pending→approved', 'approved→reversed']);
  });

  test('a transfer of another amount naming the reference is kept unmatched; the order still awaits its transfer', async () => {
    const transfer = await openTransfer('15000.00');
    const wrong = await bankSends({ event_type: 'payin.posted', client_reference: transfer.sinpe.reference, amount: '1500.00' });
    expect(await bankPayment(wrong.payment_id)).toMatchObject({ order_number: null });
    expect(await statusOf(transfer)).toMatchObject({ status: 'pending' });
  });

  test('a transfer linked before its amount was known, then known to be of another amount, sends the order to review', async () => {
    const transfer = await openTransfer('15000.00');
    const paymentId = await postedInTwoSteps(transfer.sinpe.reference, '1500.00');
    expect(await bankPayment(paymentId)).toMatchObject({ order_number: transfer.orderNumber });
    expect(await statusOf(transfer)).toMatchObject({ status: 'review' });
    expect((await statusHistory(stack.bff.store.db, transfer.orderNumber)).at(-1)?.detail).toContain(`(1500.00 CRC) for a transfer of ${transfer.sinpe.amount} CRC (order of 15000.00 CRC)`);
  });

  test('a transfer naming no reference of ours, of an amount no awaited transfer asks for, is kept unmatched and changes no order', async () => {
    const transfer = await openTransfer();
    const trigger = await bankSends({ event_type: 'payin.posted', client_reference: 'NOT-OURS-42', amount: '15654.00' });
    expect(await bankPayment(trigger.payment_id)).toMatchObject({ order_number: null, status: 'posted' });
    expect((await statusOf(transfer)).status).toBe('pending');
  });

  test('payment.failed with reason 21 declines with the catalog message in the buyer\'s language; a new transfer may be opened', async () => {
    const transfer = await openTransfer('15000.00', 'pt-BR');
    await bankSends({ event_type: 'payment.failed', client_reference: transfer.sinpe.reference, amount: transfer.sinpe.amount, reason_code: '21' });
    const status = await statusOf(transfer);
    expect(status).toMatchObject({ status: 'declined', final: false, canRetry: true, message: bankFailureMessage('declined', 'pt-BR') });
    expect(status.message).not.toMatch(/fund|saldo/i);
    const next = await postCheckout(stack.bffUrl, transfer.token, { ...checkoutBody, method: 'sinpe_movil' });
    const retry = ((await next.json()) as SinpeCheckoutResponse).sinpeMovil;
    expect(retry.reference).not.toBe(transfer.sinpe.reference);
    expect(await statusOf(transfer)).toMatchObject({ status: 'pending', attempts: 2 });
  });

  test('a transfer sent again after the bank refused the first one, with the same reference, pays the order', async () => {
    const transfer = await openTransfer();
    await bankSends({ event_type: 'payment.failed', client_reference: transfer.sinpe.reference, amount: transfer.sinpe.amount, reason_code: '76' });
    expect((await statusOf(transfer)).status).toBe('declined');
    const second = await bankSends({ event_type: 'payin.posted', client_reference: transfer.sinpe.reference, amount: '15000.00' });
    expect((await statusOf(transfer)).status).toBe('approved');
    expect(await bankPayment(second.payment_id)).toMatchObject({ order_number: transfer.orderNumber });
  });

  test('the bank\'s own rejection.code is kept (reason 29 sent as ACCOUNT_NOT_FOUND), and its category picks the message', async () => {
    const transfer = await openTransfer('15000.00', 'en');
    const event = bankEvent('payment.failed', (e) => {
      e.payment.client_reference = transfer.sinpe.reference;
      e.payment.amount = { amount: transfer.sinpe.amount, currency: 'CRC' };
      e.context.payment_method_code = 'SINPE_MOVIL';
      e.rejection = { code: 'ACCOUNT_NOT_FOUND', reason_code: '29', message: 'account not registered in the rail' };
      e.provider = { ...e.provider, provider_status_code: '29', provider_status_desc: 'account not registered in the rail', provider_status_semantic: 'ACCOUNT_NOT_FOUND' };
    });
    await postBank(stack.bffUrl, await deliveryBody(event));
    await processed(event.event.event_id);
    expect(await bankPayment(event.payment.payment_id)).toMatchObject({ failure_code: 'ACCOUNT_NOT_FOUND', failure_reason_code: '29' });
    expect(await statusOf(transfer)).toMatchObject({ status: 'declined', message: bankFailureMessage('declined', 'en') });
  });

  test('a reversal after the approval reverses the order', async () => {
    const transfer = await openTransfer();
    const posted = await bankSends({ event_type: 'payin.posted', client_reference: transfer.sinpe.reference, amount: '15000.00' });
    expect((await statusOf(transfer)).status).toBe('approved');
    await bankSends({ event_type: 'payment.reversed', payment_id: posted.payment_id });
    clock.advance(1_001); // past the second a final answer is kept (final-status-views.ts)
    expect(await statusOf(transfer)).toMatchObject({ status: 'reversed', final: true });
  });

  test('a transfer not received in time expires the attempt; a new one may be opened, and a late transfer still pays', async () => {
    const transfer = await openTransfer('15000.00', 'es');
    clock.advance(10 * 60_000 + 1);
    expect(await statusOf(transfer)).toMatchObject({ status: 'expired', final: false, canRetry: true, message: bankFailureMessage('expired', 'es'), bankFailure: 'expired' });
    await bankSends({ event_type: 'payin.posted', client_reference: transfer.sinpe.reference, amount: '15000.00' });
    expect(await statusOf(transfer)).toMatchObject({ status: 'approved' });
  });

  test('a transfer paid late, after the card that replaced it was declined, pays the order: the merchant is shown the transfer, not the declined card', async () => {
    const transfer = await openTransfer();
    clock.advance(10 * 60_000 + 1);
    expect((await statusOf(transfer)).status).toBe('expired');
    const card = await postCheckout(stack.bffUrl, transfer.token, checkoutBody);
    const redirect = await stack.sandbox.payHostedPage(((await card.json()) as { redirectUrl: string }).redirectUrl, { card: decliningCard });
    await followReturn(redirect);
    expect(await statusOf(transfer)).toMatchObject({ status: 'declined', attempts: 2 });
    await bankSends({ event_type: 'payin.posted', client_reference: transfer.sinpe.reference, amount: transfer.sinpe.amount });
    expect(await statusOf(transfer)).toMatchObject({ status: 'approved' });
    const detail = (await merchantGet(stack.bffUrl, `/v1/merchant/orders/${transfer.orderNumber}`)).body;
    // The order shows the attempt that paid it: a transfer, with no gateway transaction; the declined card keeps its own.
    expect(detail).toMatchObject({ status: 'approved', paidBy: 'sinpe_movil', gatewayOrderId: null, auth: null, message: null, paid: { amount: transfer.sinpe.amount } });
    expect(detail.attempts).toMatchObject([{ number: 1, outcome: 'approved', gatewayOrderId: null }, { number: 2, outcome: 'declined', gatewayOrderId: redirect.searchParams.get('tpt') }]);
  });

  test('after a transfer lapsed the buyer may pay by card instead: the next attempt is a hosted page', async () => {
    const transfer = await openTransfer();
    clock.advance(10 * 60_000 + 1);
    expect((await statusOf(transfer)).status).toBe('expired');
    const card = await postCheckout(stack.bffUrl, transfer.token, checkoutBody);
    expect(card.status).toBe(200);
    expect((await card.json()).redirectUrl).toContain('/hosted/');
    expect(await statusOf(transfer)).toMatchObject({ status: 'pending', attempts: 2 });
  });

  test('a lapsed transfer nobody polls is expired by the reconciler\'s pass, and its reference is free again', async () => {
    const transfer = await openTransfer();
    clock.advance(10 * 60_000 + 1);
    await stack.bff.reconciler.runOnce();
    const history = await statusHistory(stack.bff.store.db, transfer.orderNumber);
    expect(history.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'expired', source: 'sinpe' });
    const attempt = await stack.bff.store.db.selectFrom('payment_attempts').selectAll().where('order_number', '=', transfer.orderNumber).executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ outcome: 'expired', sinpe_reference: transfer.sinpe.reference });
  });
});

test.describe('through the gateway\'s hosted page', () => {
  test('a verified code=Pending redirect keeps the order pending (never declined); the bank\'s transfer then approves it', async () => {
    const session = await createMerchantSession(stack.bffUrl, { amount: '15000.00', currency: 'CRC' });
    const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
    const redirect = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard, sinpeMovil: true });
    expect(redirect.searchParams.get('code')).toBe('Pending');
    const back = await followReturn(redirect);
    expect(back.status).toBe(303);
    const transfer = { orderNumber: session.orderNumber, token: session.sessionToken };
    expect(await statusOf(transfer)).toMatchObject({ status: 'pending', final: false });
    await stack.sandbox.sendSinpeTransfer({ reference: session.orderNumber, amount: '15000.00', currency: 'CRC' });
    await expect.poll(async () => (await statusOf(transfer)).status, polling('the order approved by the bank')).toBe('approved');
  });
});

test.describe('the sandbox\'s bank app', () => {
  test('a posted transfer approves the order; a failed one with a wallet reason declines it with the phone message', async () => {
    const paid = await openTransfer();
    await stack.sandbox.sendSinpeTransfer({ reference: paid.sinpe.reference, amount: paid.sinpe.amount, currency: 'CRC', phone: merchantPhone });
    await expect.poll(async () => (await statusOf(paid)).status, polling('approved')).toBe('approved');
    const refused = await openTransfer('15000.00', 'es');
    await stack.sandbox.sendSinpeTransfer({ reference: refused.sinpe.reference, amount: '15000.00', currency: 'CRC', outcome: 'failed', reasonCode: '15301' });
    await expect.poll(async () => (await statusOf(refused)).status, polling('declined')).toBe('declined');
    const status = await statusOf(refused);
    expect(status.message).toBe(bankFailureMessage('phone_not_usable', 'es'));
    // The category beside the words: what the widget's svc-declined tells the merchant's analytics.
    expect(status.bankFailure).toBe('phone_not_usable');
  });
});

test.describe('the merchant', () => {
  test('an unmatched payment is listed, found by its reference, and attached to a pending order, which is approved once', async () => {
    // Sent before any transfer of its amount was awaited: nothing to match it by.
    const stray = await bankSends({ event_type: 'payin.posted', client_reference: 'pedido de Ana', amount: '15432.00' });
    const transfer = await openTransfer('15432.00');
    const unmatched = await merchantGet(stack.bffUrl, '/v1/merchant/bank-payments?matched=false&reference=pedido%20de%20Ana');
    expect(unmatched.status).toBe(200);
    expect(unmatched.body.items).toEqual([
      expect.objectContaining({ paymentId: stray.payment_id, method: 'SINPE_MOVIL', status: 'posted', amount: '15432.00', currency: 'CRC', clientReference: 'pedido de Ana', orderNumber: null, failure: null }),
    ]);
    expect(Object.keys(unmatched.body.items[0]).sort()).toEqual(
      // A payin.posted alone: when it arrived and who sent it; no fee, tax or net until payment.succeeded says them (absent, never 0).
      ['amount', 'clientReference', 'currency', 'externalReference', 'failure', 'method', 'orderNumber', 'payerName', 'paymentId', 'publicId', 'receivedAt', 'status', 'updatedAt'].sort(),
    );

    const attached = await merchantPost(stack.bffUrl, `/v1/merchant/bank-payments/${stray.payment_id}/attach`, { orderNumber: transfer.orderNumber });
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({ orderStatus: 'approved', bankPayment: { orderNumber: transfer.orderNumber } });
    expect((await statusOf(transfer)).status).toBe('approved');
    const history = await statusHistory(stack.bff.store.db, transfer.orderNumber);
    expect(history.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'approved', source: 'merchant' });
    expect(history.at(-1)?.detail).toContain('attached by the merchant');
    // The typed action says a bank payment paid it (the text is for people): no card refund, paid by SINPE Móvil.
    expect(history.at(-1)?.action).toBe('bank-payment');
    const detail = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${transfer.orderNumber}`);
    expect(detail.body).toMatchObject({ paidBy: 'sinpe_movil', actions: { refund: { allowed: false } } });

    const again = await merchantPost(stack.bffUrl, `/v1/merchant/bank-payments/${stray.payment_id}/attach`, { orderNumber: transfer.orderNumber });
    expect(again.status).toBe(409);
    expect((await merchantGet(stack.bffUrl, `/v1/merchant/bank-payments?matched=true&reference=${encodeURIComponent('pedido de Ana')}`)).body.items).toHaveLength(1);
  });

  test('a payment the merchant attached and the bank then reversed reverses the order', async () => {
    const stray = await bankSends({ event_type: 'payin.posted', client_reference: 'pago de Luis', amount: '15543.00' });
    const transfer = await openTransfer('15543.00');
    expect((await merchantPost(stack.bffUrl, `/v1/merchant/bank-payments/${stray.payment_id}/attach`, { orderNumber: transfer.orderNumber })).status).toBe(200);
    await bankSends({ event_type: 'payment.reversed', client_reference: 'pago de Luis', amount: '15000.00', payment_id: stray.payment_id });
    expect((await statusOf(transfer)).status).toBe('reversed');
    expect(await moves(transfer.orderNumber)).toEqual(['null→created', 'created→pending', 'pending→approved', 'approved→reversed']);
  });

  test('attach is refused for an order not in review or pending, a failed payment, or an unknown one; an order in review takes it', async () => {
    const paid = await openTransfer();
    await bankSends({ event_type: 'payin.posted', client_reference: paid.sinpe.reference, amount: '15000.00' });
    const stray = await bankSends({ event_type: 'payin.posted', client_reference: 'sin referencia', amount: '15765.00' });
    const toPaid = await merchantPost(stack.bffUrl, `/v1/merchant/bank-payments/${stray.payment_id}/attach`, { orderNumber: paid.orderNumber });
    expect(toPaid.status).toBe(409);
    expect(toPaid.body.detail).toContain('approved');
    const failed = await bankSends({ event_type: 'payment.failed', client_reference: 'otra', reason_code: '21' });
    const review = await openTransfer('15765.00');
    await postedInTwoSteps(review.sinpe.reference, '100.00');
    expect((await statusOf(review)).status).toBe('review');
    expect((await merchantPost(stack.bffUrl, `/v1/merchant/bank-payments/${failed.payment_id}/attach`, { orderNumber: review.orderNumber })).status).toBe(409);
    expect((await merchantPost(stack.bffUrl, `/v1/merchant/bank-payments/${crypto.randomUUID()}/attach`, { orderNumber: review.orderNumber })).status).toBe(404);
    const bad = await merchantPost(stack.bffUrl, `/v1/merchant/bank-payments/${stray.payment_id}/attach`, { order: review.orderNumber });
    expect(bad.status).toBe(400);
    expect((await merchantPost(stack.bffUrl, `/v1/merchant/bank-payments/${stray.payment_id}/attach`, { orderNumber: review.orderNumber })).body.orderStatus).toBe('approved');
  });

  test('the order detail shows its SINPE attempts and the bank payments that settled it', async () => {
    const transfer = await openTransfer();
    const posted = await bankSends({ event_type: 'payin.posted', client_reference: transfer.sinpe.reference, amount: '15000.00' });
    const detail = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${transfer.orderNumber}`);
    expect(detail.body.attempts).toEqual([expect.objectContaining({ number: 1, method: 'sinpe_movil', outcome: 'approved', sinpeReference: transfer.sinpe.reference, expiresAt: transfer.sinpe.expiresAt })]);
    expect(detail.body.bankPayments).toEqual([expect.objectContaining({ paymentId: posted.payment_id, orderNumber: transfer.orderNumber })]);
  });

  test('the list pages by cursor, filters by status, and names a bad filter', async () => {
    await bankSends({ event_type: 'payment.failed', client_reference: 'uno', reason_code: '15303' });
    await bankSends({ event_type: 'payment.failed', client_reference: 'dos', reason_code: '15303' });
    const uno = await merchantGet(stack.bffUrl, '/v1/merchant/bank-payments?reference=uno');
    expect(uno.body.items).toEqual([expect.objectContaining({ status: 'failed', failure: expect.objectContaining({ code: 'WALLET_PHONE_NOT_REGISTERED_BCCR', reasonCode: '15303' }) })]);
    const first = await merchantGet(stack.bffUrl, '/v1/merchant/bank-payments?status=failed&limit=1');
    expect(first.body.items).toHaveLength(1);
    const second = await merchantGet(stack.bffUrl, `/v1/merchant/bank-payments?status=failed&limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.items[0].paymentId).not.toBe(first.body.items[0].paymentId);
    const bad = await merchantGet(stack.bffUrl, '/v1/merchant/bank-payments?matched=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('matched');
  });
});
