// SINPE Móvil without a typed reference, end to end: each awaited transfer asks for an amount no
// other awaited transfer asks for (lowered by the fewest whole colones, at most
// SINPE_MAX_DISCOUNT_COLONES), and a transfer that carries no reference (left empty, an SMS
// payment) pays the one order asking for exactly its amount within that transfer's time, or none.
// Also the decline rescue: a card refused for want of funds offers SINPE Móvil for the same order.
import { expect, test } from '../support/node-test.ts';
import type { SinpeCheckoutResponse } from '../../contract/sinpe-movil.ts';
import { checkout, checkoutBody, createMerchantSession, followReturn, orderStatus, postCheckout, statusTokenOf } from './fixtures/buyer.ts';
import { ManualClock, type System } from '../support/system.ts';
import { merchantPhone, openTransfer as openBuyerTransfer, startRegisteredSinpeStack, type OpenTransfer } from './fixtures/sinpe-orders.ts';
import { eventState, merchantGet, polling, tables } from './webhooks-support.ts';

const clock = new ManualClock();
let stack: System;

test.beforeAll(async () => {
  stack = await startRegisteredSinpeStack(clock, { SINPE_MAX_DISCOUNT_COLONES: '2', RECONCILE_INTERVAL_MS: '0' });
});
test.afterAll(async () => {
  await stack?.close();
});

const openTransfer = (amount: string) => openBuyerTransfer(stack, amount);

/** The buyer's bank sends a transfer (the sandbox's bank app); every event of it processed before this returns. */
async function buyerSends(transfer: { amount: string; reference?: string; channel?: 'app' | 'sms' }) {
  const sent = await stack.sandbox.sendSinpeTransfer({ currency: 'CRC', phone: merchantPhone, ...transfer });
  for (const eventId of sent.event_ids) {
    await expect.poll(() => eventState(stack.bff, eventId), polling(`event ${eventId} processed`)).toBe('processed');
  }
  return sent;
}

const statusOf = (transfer: OpenTransfer) => orderStatus(stack.bffUrl, transfer.orderNumber, transfer.token);
const placedOn = async (paymentId: string) =>
  (await tables(stack.bff).selectFrom('bank_payments').select('order_number').where('payment_id', '=', paymentId).executeTakeFirstOrThrow()).order_number;

/** Every awaited transfer lapses and its amount's reservation ends, so the next test starts with every amount free. */
test.afterEach(async () => {
  clock.advance(10 * 60_000 + 1);
  await stack.bff.reconciler.runOnce();
  clock.advance(24 * 3_600_000);
});

test('transfers of one price ask for ₡1, ₡2 less, never the price; past the maximum a transfer asks for its reference only, never a 409; a paid one keeps its amount for the reservation', async () => {
  const first = await openTransfer('20000.00');
  const second = await openTransfer('20000.00');
  expect([first, second].map((t) => [t.sinpe.amount, t.sinpe.discount, t.sinpe.referenceOnly])).toEqual([
    ['19999.00', '1.00', undefined],
    ['19998.00', '2.00', undefined],
  ]);
  const third = await openTransfer('20000.00');
  expect(third.sinpe).toMatchObject({ amount: '20000.00', discount: '0.00', referenceOnly: true });

  // Paid, its amount still names it: a second payment of it (the buyer's own, after someone else's
  // money of that amount paid the order) must not pay the next buyer's order.
  await buyerSends({ amount: second.sinpe.amount });
  expect((await statusOf(second)).status).toBe('approved');
  expect((await openTransfer('20000.00')).sinpe).toMatchObject({ referenceOnly: true });
  clock.advance(10 * 60_000 + 24 * 3_600_000 + 1);
  await stack.bff.reconciler.runOnce();
  expect((await openTransfer('20000.00')).sinpe).toMatchObject({ amount: '19999.00', discount: '1.00' });
});

test('a transfer without a reference pays the order asking for exactly its amount; the merchant sees the amount and the discount', async () => {
  const first = await openTransfer('30000.00');
  const second = await openTransfer('30000.00');
  const sent = await buyerSends({ amount: second.sinpe.amount });
  expect(await placedOn(sent.payment_id!)).toBe(second.orderNumber);
  expect((await statusOf(second)).status).toBe('approved');
  expect((await statusOf(first)).status).toBe('pending');

  const detail = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${second.orderNumber}`);
  expect(detail.body).toMatchObject({ amount: '30000.00', discount: '2.00', paidBy: 'sinpe_movil' });
  expect(detail.body.attempts[0]).toMatchObject({ transferAmount: '29998.00', transferCurrency: 'CRC', transferDiscount: '2.00' });
  const untouched = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${first.orderNumber}`);
  expect(untouched.body.discount).toBeNull();
});

test('an SMS payment (PASE <monto> <teléfono>, no description) pays the order asking for its amount', async () => {
  const transfer = await openTransfer('12500.00');
  const sent = await buyerSends({ amount: transfer.sinpe.amount, channel: 'sms' });
  expect(sent.sms).toBe(`PASE 12499 ${merchantPhone}`);
  expect(await placedOn(sent.payment_id!)).toBe(transfer.orderNumber);
  expect((await statusOf(transfer)).status).toBe('approved');
});

test('a description that names none of our references falls back to the amount', async () => {
  const transfer = await openTransfer('8000.00');
  await buyerSends({ amount: transfer.sinpe.amount, reference: 'pago camiseta' });
  expect((await statusOf(transfer)).status).toBe('approved');
});

test('an amount no awaited transfer asks for pays nothing: the plain price, one colón below the lowest asked, or another price', async () => {
  const first = await openTransfer('9000.00');
  const second = await openTransfer('9000.00');
  const plain = await buyerSends({ amount: '9000.00', channel: 'sms' });
  expect(await placedOn(plain.payment_id!)).toBeNull();
  const oneOff = await buyerSends({ amount: '8997.00' });
  expect(await placedOn(oneOff.payment_id!)).toBeNull();
  const unknown = await buyerSends({ amount: '9100.00', channel: 'sms' });
  expect(await placedOn(unknown.payment_id!)).toBeNull();
  expect((await statusOf(first)).status).toBe('pending');
  expect((await statusOf(second)).status).toBe('pending');
  const unmatched = await merchantGet(stack.bffUrl, '/v1/merchant/bank-payments?matched=false');
  expect(unmatched.body.items.map((item: { paymentId: string }) => item.paymentId)).toEqual(expect.arrayContaining([oneOff.payment_id, unknown.payment_id]));
});

test('a transfer without a reference after the attempt\'s time pays its own lapsed order while the amount is reserved, and nothing after', async () => {
  const transfer = await openTransfer('7000.00');
  clock.advance(10 * 60_000 + 1);
  const late = await buyerSends({ amount: transfer.sinpe.amount });
  expect(await placedOn(late.payment_id!)).toBe(transfer.orderNumber);
  expect((await statusOf(transfer)).status).toBe('approved');

  const forgotten = await openTransfer('7500.00');
  clock.advance(10 * 60_000 + 24 * 3_600_000 + 1);
  const tooLate = await buyerSends({ amount: forgotten.sinpe.amount });
  expect(await placedOn(tooLate.payment_id!)).toBeNull();
  // The buyer's session has ended by now: the merchant reads the order, after the reconciler's pass.
  await stack.bff.reconciler.runOnce();
  expect((await merchantGet(stack.bffUrl, `/v1/merchant/orders/${forgotten.orderNumber}`)).body.status).toBe('expired');
});

test.describe('decline rescue', () => {
  test('a card refused for want of funds offers SINPE Móvil for the same order; paying by transfer then works', async () => {
    const session = await createMerchantSession(stack.bffUrl, { amount: '11000.00', currency: 'CRC' });
    const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
    const location = (await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: '4112613451591116' }))).headers.get('location')!;
    const declined = await orderStatus(stack.bffUrl, session.orderNumber, statusTokenOf(location));
    expect(declined).toMatchObject({ status: 'declined', reason: 'insufficient_funds', canRetry: true, alternatives: ['sinpe_movil'] });
    const transfer = await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, method: 'sinpe_movil' });
    expect(transfer.status).toBe(200);
    expect((await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken)).alternatives).toBeUndefined();
  });

  test('a mistyped card (invalid CVV) and a dollar order offer no alternative', async () => {
    for (const [amount, currency, card] of [['11000.00', 'CRC', '4523080346468525'], ['25.00', 'USD', '4112613451591116']] as const) {
      const session = await createMerchantSession(stack.bffUrl, { amount, currency });
      const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
      const location = (await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card }))).headers.get('location')!;
      const declined = await orderStatus(stack.bffUrl, session.orderNumber, statusTokenOf(location));
      expect(declined.status).toBe('declined');
      expect(declined.alternatives).toBeUndefined();
    }
  });
});
