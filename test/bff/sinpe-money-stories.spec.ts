// Where buyers meet on one SINPE Móvil number: many buyers at one price, the merchant's own payouts,
// late money, strangers' transfers and the merchant's hand, each story driven from outside (bank
// deliveries encrypted like the bank's, checkouts from the buyers' addresses). Each of these paid
// or declined the wrong order before: the merchant's payout approved a buyer's unpaid order; a late
// transfer paid the next buyer's; a stranger's "PASE" of the plain price paid the first buyer's; one
// client held every amount of a price; a stranger's failure declined a buyer's transfer; an attach
// ignored the bank's failures; an SMS could not send the céntimos the transfer asked for.
import { expect, test } from '../support/node-test.ts';
import { randomUUID } from 'node:crypto';
import type { SinpeCheckoutResponse } from '../../contract/sinpe-movil.ts';
import { statusHistory } from '../../bff/store/orders.ts';
import { checkoutBody, createMerchantSession, orderStatus } from './fixtures/buyer.ts';
import { orderEventTypesOf } from './fixtures/outbox.ts';
import { deliver as deliverTo, placedOn as placedOnIn, statusOf as statusIn, type OpenTransfer } from './fixtures/sinpe-orders.ts';
import { ManualClock, shopOrigin, startSystem, type System } from '../support/system.ts';
import { bankEvent, merchantGet, merchantPost, metricsText } from './webhooks-support.ts';

const clock = new ManualClock();
const transferMinutes = 10;
let stack: System;

test.beforeAll(async () => {
  stack = await startSystem({ bank: true, 
    clock,
    env: {
      SINPE_MOVIL_PHONE: '88887777',
      SINPE_TRANSFER_MINUTES: String(transferMinutes),
      SINPE_MAX_DISCOUNT_COLONES: '4',
      SINPE_AMOUNTS_PER_CLIENT: '2',
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: '10000',
      RECONCILE_INTERVAL_MS: '0',
    },
  });
});
test.afterAll(() => stack?.close());

let nextPrice = 10_000;
/** A price no other test of this file uses, so each story has its amounts to itself. */
function freshPrice(cents = '00'): string {
  nextPrice += 1_000;
  return `${nextPrice}.${cents}`;
}

let nextClient = 1;
const newClient = () => `203.0.113.${nextClient++}`;

/** A buyer at `client` opens a transfer for an order of `amount` colones. */
async function openTransfer(amount: string, client = newClient()): Promise<OpenTransfer & { statusToken: string }> {
  const session = await createMerchantSession(stack.bffUrl, { amount, currency: 'CRC' });
  const response = await fetch(`${stack.bffUrl}/v1/checkout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.sessionToken}`, Origin: shopOrigin, 'Content-Type': 'application/json', 'X-Forwarded-For': client },
    body: JSON.stringify({ ...checkoutBody, method: 'sinpe_movil' }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const body = (await response.json()) as SinpeCheckoutResponse;
  return { orderNumber: body.orderNumber, token: session.sessionToken, reference: body.sinpeMovil.reference, sinpe: body.sinpeMovil, statusToken: body.statusToken! };
}

const deliver = (event: unknown) => deliverTo(stack, event);
const statusOf = (order: OpenTransfer) => statusIn(stack, order);
const placedOn = (paymentId: string) => placedOnIn(stack, paymentId);

/** Inbound money on the merchant's number, as the bank's payin.posted; `reference` undefined: none written (an SMS "PASE"). */
async function moneyIn(amount: string, reference?: string): Promise<string> {
  const event = bankEvent('payin.posted', (e) => {
    e.payment.amount = { amount, currency: 'CRC' };
    e.payment.reference.client_reference = reference ?? '';
  });
  await deliver(event);
  return event.payment.payment_id;
}

/** A payment.succeeded with no fee and no tax: §6.4's PAYIN and PAYOUT nets are then equal, so it says no direction. */
function feelessSucceeded(amount: string, reference = '', paymentId: string = randomUUID()) {
  return bankEvent('payment.succeeded', (e) => {
    e.payment.payment_id = paymentId;
    e.payment.amount = { amount, currency: 'CRC' };
    e.payment.client_reference = reference;
    e.payment.fee_total = '0.00';
    e.payment.tax_total = '0.00';
    e.payment.net_amount = amount;
  });
}

/** Every open transfer lapses: the clock passes the window and the reconciler's pass expires them. */
async function transfersLapse() {
  clock.advance(transferMinutes * 60_000 + 1);
  await stack.bff.reconciler.runOnce();
}

test('a transfer paid after the buyer\'s session ended is followed with the status token the checkout gave', async () => {
  const buyer = await openTransfer(freshPrice());
  // Past the session's 15 minutes (the window here is 10; a shop may set 30): the session is gone.
  clock.advance(20 * 60_000);
  await moneyIn(buyer.sinpe.amount, buyer.reference);
  expect((await orderStatus(stack.bffUrl, buyer.orderNumber, buyer.token).catch((error: Error) => error.message))).toMatch(/401/);
  expect((await orderStatus(stack.bffUrl, buyer.orderNumber, buyer.statusToken)).status).toBe('approved');
});

test('the merchant\'s own payout of a buyer\'s exact amount pays nothing; the buyer\'s transfer still does', async () => {
  const buyer = await openTransfer(freshPrice());
  const payout = feelessSucceeded(buyer.sinpe.amount);
  await deliver(payout);
  expect(await placedOn(payout.payment.payment_id)).toBeNull();
  expect((await statusOf(buyer)).status).toBe('pending');

  // A payout with a fee (net = amount + fee + tax) is outbound whatever reference it carries.
  const withFee = bankEvent('payment.succeeded', (e) => {
    e.payment.amount = { amount: buyer.sinpe.amount, currency: 'CRC' };
    e.payment.client_reference = buyer.reference;
    e.payment.fee_total = '100.00';
    e.payment.tax_total = '13.00';
    e.payment.net_amount = (Number(buyer.sinpe.amount) + 113).toFixed(2);
  });
  await deliver(withFee);
  expect(await placedOn(withFee.payment.payment_id)).toBeNull();
  expect((await statusOf(buyer)).status).toBe('pending');

  const paid = await moneyIn(buyer.sinpe.amount);
  expect(await placedOn(paid)).toBe(buyer.orderNumber);
  expect((await statusOf(buyer)).status).toBe('approved');
});

test('a feeless payment.succeeded pays an order only with its payin.posted, or with the reference', async () => {
  const byPosting = await openTransfer(freshPrice());
  const paymentId = randomUUID();
  await deliver(feelessSucceeded(byPosting.sinpe.amount, '', paymentId));
  expect((await statusOf(byPosting)).status).toBe('pending');
  await deliver(
    bankEvent('payin.posted', (e) => {
      e.payment.payment_id = paymentId;
      e.payment.amount = { amount: byPosting.sinpe.amount, currency: 'CRC' };
      e.payment.reference.client_reference = '';
    }),
  );
  expect(await placedOn(paymentId)).toBe(byPosting.orderNumber);
  expect((await statusOf(byPosting)).status).toBe('approved');

  const byReference = await openTransfer(freshPrice());
  const named = feelessSucceeded(byReference.sinpe.amount, byReference.reference);
  await deliver(named);
  expect(await placedOn(named.payment.payment_id)).toBe(byReference.orderNumber);
  expect((await statusOf(byReference)).status).toBe('approved');
});

test('a late transfer without a reference pays its own lapsed order, never the next buyer\'s at that price', async () => {
  const price = freshPrice();
  const first = await openTransfer(price);
  await transfersLapse();
  expect((await statusOf(first)).status).toBe('expired');

  const next = await openTransfer(price);
  expect(next.sinpe.amount).not.toBe(first.sinpe.amount);

  const late = await moneyIn(first.sinpe.amount);
  expect(await placedOn(late)).toBe(first.orderNumber);
  expect((await statusOf(first)).status).toBe('approved');
  expect((await statusOf(next)).status).toBe('pending');

  const own = await moneyIn(next.sinpe.amount);
  expect(await placedOn(own)).toBe(next.orderNumber);
  expect((await statusOf(next)).status).toBe('approved');
});

test('a lapsed transfer\'s amount stays reserved for SINPE_AMOUNT_RESERVE_HOURS, then is asked again', async () => {
  const price = freshPrice();
  const first = await openTransfer(price);
  await transfersLapse();
  clock.advance(24 * 3_600_000 - transferMinutes * 60_000);
  expect((await openTransfer(price)).sinpe.amount).not.toBe(first.sinpe.amount);
  await transfersLapse();
  clock.advance(24 * 3_600_000);
  expect((await openTransfer(price)).sinpe.amount).toBe(first.sinpe.amount);
});

test('no buyer is asked the plain price: a stranger\'s "PASE" of the price pays nobody\'s order', async () => {
  const price = freshPrice();
  const buyer = await openTransfer(price);
  expect(buyer.sinpe.amount).not.toBe(price);
  expect(Number(buyer.sinpe.discount)).toBeGreaterThanOrEqual(1);

  const stranger = await moneyIn(price);
  expect(await placedOn(stranger)).toBeNull();
  expect((await statusOf(buyer)).status).toBe('pending');

  const own = await moneyIn(buyer.sinpe.amount, buyer.reference);
  expect(await placedOn(own)).toBe(buyer.orderNumber);
  expect((await statusOf(buyer)).status).toBe('approved');
});

test('no buyer is asked another order\'s price, nor a multiple of ₡5 (a cash price); money of such a price pays nobody by its amount', async () => {
  const cheaper = `${Number(freshPrice()) + 1}.00`; // ₡…001: itself no multiple of ₡5
  const other = await openTransfer(cheaper);
  // ₡3 above it, at most ₡4 below: ₡1 and ₡2 below; ₡3 below is the other order's price, ₡4 below a multiple of ₡5.
  const dearer = `${Number(cheaper) + 3}.00`;
  const opened = [await openTransfer(dearer), await openTransfer(dearer), await openTransfer(dearer)];
  expect(opened.map((t) => [t.sinpe.amount, t.sinpe.referenceOnly])).toEqual([
    [`${Number(dearer) - 1}.00`, undefined],
    [`${Number(dearer) - 2}.00`, undefined],
    [dearer, true],
  ]);
  const priced = await moneyIn(cheaper);
  expect(await placedOn(priced)).toBeNull();
  expect((await statusOf(other)).status).toBe('pending');
});

test('a retry after the transfer lapsed asks for the amount the order already holds, and money of it pays that order', async () => {
  const price = freshPrice();
  const client = newClient();
  const first = await openTransfer(price, client);
  await transfersLapse();
  const retry = await fetch(`${stack.bffUrl}/v1/checkout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${first.token}`, Origin: shopOrigin, 'Content-Type': 'application/json', 'X-Forwarded-For': client },
    body: JSON.stringify({ ...checkoutBody, method: 'sinpe_movil' }),
  });
  const again = ((await retry.json()) as SinpeCheckoutResponse).sinpeMovil;
  expect(again.reference).not.toBe(first.reference);
  expect(again.amount).toBe(first.sinpe.amount);
  const paid = await moneyIn(first.sinpe.amount);
  expect(await placedOn(paid)).toBe(first.orderNumber);
  expect((await statusOf(first)).status).toBe('approved');
});

test('a payment naming the attempt after money without a reference settled it reaches the order, in review', async () => {
  const buyer = await openTransfer(freshPrice());
  const anonymous = await moneyIn(buyer.sinpe.amount);
  expect(await placedOn(anonymous)).toBe(buyer.orderNumber);
  expect((await statusOf(buyer)).status).toBe('approved');

  const named = await moneyIn(buyer.sinpe.amount, buyer.reference);
  expect(await placedOn(named)).toBe(buyer.orderNumber);
  const history = await statusHistory(stack.bff.store.db, buyer.orderNumber);
  expect(history.at(-1)).toMatchObject({ from_status: 'approved', to_status: 'review', source: 'bank' });
  expect(history.at(-1)!.detail).toContain('already settled');
});

test('one client cannot hold a price\'s amounts: past its share and past the pool, transfers ask for the reference, never 409', async () => {
  const price = freshPrice();
  const client = newClient();
  const held = [await openTransfer(price, client), await openTransfer(price, client)];
  expect(held.map((t) => t.sinpe.referenceOnly)).toEqual([undefined, undefined]);
  const beyondShare = await openTransfer(price, client);
  expect(beyondShare.sinpe).toMatchObject({ amount: price, discount: '0.00', referenceOnly: true });

  // Other buyers still get amounts of their own until the price's four are taken.
  const others = [await openTransfer(price), await openTransfer(price)];
  expect(new Set([...held, ...others].map((t) => t.sinpe.amount)).size).toBe(4);
  const poolEmpty = await openTransfer(price);
  expect(poolEmpty.sinpe).toMatchObject({ referenceOnly: true });

  // Money of the plain price without a reference names neither reference-only transfer.
  const anonymous = await moneyIn(price);
  expect(await placedOn(anonymous)).toBeNull();
  const named = await moneyIn(price, poolEmpty.reference);
  expect(await placedOn(named)).toBe(poolEmpty.orderNumber);
  expect((await statusOf(poolEmpty)).status).toBe('approved');

  const metrics = await metricsText(stack.bffUrl);
  expect(metrics).toMatch(/^sinpe_reference_only_transfers_total\{reason="client_share"\} [1-9]/m);
  expect(metrics).toMatch(/^sinpe_reference_only_transfers_total\{reason="amounts_taken"\} [1-9]/m);
});

test('a failure declines only the transfer it names by reference and amount', async () => {
  const victim = await openTransfer(freshPrice());
  const failed = (amount: string, reference?: string) =>
    bankEvent('payment.failed', (e) => {
      e.payment.amount = { amount, currency: 'CRC' };
      if (reference === undefined) delete e.payment.client_reference;
      else e.payment.client_reference = reference;
    });
  await deliver(failed('1.00', victim.reference));
  await deliver(failed(victim.sinpe.amount));
  expect((await statusOf(victim)).status).toBe('pending');
  expect(await orderEventTypesOf(stack as never, victim.orderNumber)).not.toContain('order.declined');

  await deliver(failed(victim.sinpe.amount, victim.reference));
  expect((await statusOf(victim)).status).toBe('declined');
});

test('a payment the bank failed cannot be attached; a failure after an attach sends the order to review', async () => {
  const order = await openTransfer(freshPrice());
  const failedPaymentId = await moneyIn('777.00');
  await deliver(
    bankEvent('payment.failed', (e) => {
      e.payment.payment_id = failedPaymentId;
      e.payment.amount = { amount: '777.00', currency: 'CRC' };
      e.payment.client_reference = '';
      e.payment.error = { domain: 'platform_posting', platform: { code: 'POSTING_FAILED', message: 'posting failed' } };
      e.rejection = null;
    }),
  );
  const refused = await merchantPost(stack.bffUrl, `/v1/merchant/bank-payments/${failedPaymentId}/attach`, { orderNumber: order.orderNumber, acceptAmount: true });
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('payment-failed');
  expect((await statusOf(order)).status).toBe('pending');

  const attachedPayment = await moneyIn('5000.00', 'sin referencia');
  const other = await openTransfer(freshPrice());
  const attached = await merchantPost(stack.bffUrl, `/v1/merchant/bank-payments/${attachedPayment}/attach`, { orderNumber: other.orderNumber, acceptAmount: true });
  expect(attached.status).toBe(200);
  await deliver(
    bankEvent('payment.failed', (e) => {
      e.payment.payment_id = attachedPayment;
      e.payment.amount = { amount: '5000.00', currency: 'CRC' };
      e.payment.error = { domain: 'platform_posting', platform: { code: 'POSTING_FAILED', message: 'posting failed' } };
      e.rejection = null;
    }),
  );
  expect((await statusHistory(stack.bff.store.db, other.orderNumber)).at(-1)).toMatchObject({ from_status: 'approved', to_status: 'review', source: 'bank' });
  expect(await orderEventTypesOf(stack as never, other.orderNumber)).toContain('order.review');
});

test('a transfer asks for whole colones, and the reference is found anywhere in a packed description', async () => {
  const price = freshPrice('50');
  const buyer = await openTransfer(price);
  expect(buyer.sinpe.amount).toMatch(/^\d+\.00$/);
  const below = Number(price) - Number(buyer.sinpe.amount);
  expect(below).toBeGreaterThan(0);
  expect(below).toBeLessThanOrEqual(4);
  expect(buyer.sinpe.discount).toBe(below.toFixed(2));

  const paid = await moneyIn(buyer.sinpe.amount, `01-2345-6789 | RAUL_PEREZ | 0 | ${buyer.reference.toLowerCase()}`);
  expect(await placedOn(paid)).toBe(buyer.orderNumber);
  expect((await statusOf(buyer)).status).toBe('approved');
  // The receipt says what was paid: the buyer's status answer and the merchant order alike.
  const receipt = { amount: buyer.sinpe.amount, currency: 'CRC', discount: buyer.sinpe.discount };
  expect((await statusOf(buyer)).paid).toEqual(receipt);
  const detail = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${buyer.orderNumber}`);
  expect(detail.body).toMatchObject({ amount: price, paidBy: 'sinpe_movil', discount: buyer.sinpe.discount, paid: receipt });
});
