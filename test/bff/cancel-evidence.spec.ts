// A cancel on the hosted page, as the real service reports it: consult records code 8 and the
// buyer comes back with `wp_cancel=yes` (the sandbox's spec profile: `cancel=1`). The record
// decides the order's status; the unsigned flag only picks the words the returning buyer reads
// while consult does not say yet.
import { expect, test } from '../support/node-test.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import { approvingCard, checkout, checkoutBody, createMerchantSession, decliningCard, followReturn, orderStatus } from './fixtures/buyer.ts';
import { startSystem, ManualClock, merchantSecret, type System } from '../support/system.ts';
import { orderEventTypesOf } from './fixtures/outbox.ts';
import type { MerchantOrderDetail } from '../../contract/merchant-api.ts';

/** Past the stack's STATUS_CONSULT_INTERVAL_MS: the next status poll asks consult again. */
const pastConsultInterval = 2001;
const clock = new ManualClock();
let stack: System;
/** While true, consult answers that it has no record yet (the gateway is behind its own page). */
let consultBehind = false;
const emptyConsult = () => Response.json({ type: '200', message: 'No transactions found.', response: [] });

test.beforeAll(async () => {
  stack = await startSystem({
    clock,
    env: { SANDBOX_PROFILE: 'tilopay', GATEWAY_BRAND: 'tilopay' },
    rewrite: (request, answer) => (consultBehind && new URL(request.url).pathname === '/api/v1/consult' ? emptyConsult() : answer),
  });
});
test.afterAll(async () => {
  await stack?.close();
});
test.afterEach(() => {
  consultBehind = false;
});

async function merchantOrder(orderNumber: string): Promise<MerchantOrderDetail> {
  const response = await fetch(`${stack.bffUrl}/v1/merchant/orders/${orderNumber}`, { headers: { Authorization: `Bearer ${merchantSecret}` } });
  return (await response.json()) as MerchantOrderDetail;
}

/** A session whose checkout speaks `locale`, its hosted page, and the gateway's redirect after `pay`. */
async function returnFromPage(pay: { card: string; cancel?: boolean }, locale = 'es-CR') {
  const session = await createMerchantSession(stack.bffUrl, { amount: '15000.00', currency: 'CRC' });
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken, { ...checkoutBody, locale });
  const redirect = await stack.sandbox.payHostedPage(redirectUrl, pay);
  return { session, redirect };
}

test('the real hosted page\'s cancel: the redirect says wp_cancel=yes and consult records code 8', async () => {
  const { redirect } = await returnFromPage({ card: approvingCard, cancel: true });
  expect(redirect.searchParams.get('wp_cancel')).toBe('yes');
  expect(redirect.searchParams.get('code')).toBe('8');
  expect(redirect.searchParams.has('cancel')).toBe(false);
});

for (const [locale, words] of [
  ['es-CR', 'Canceló el pago. No se cobró nada'],
  ['en', 'You cancelled the payment. No money was taken'],
  ['pt-BR', 'Você cancelou o pagamento. Nada foi cobrado'],
] as const) {
  test(`a cancel is recorded cancelled from consult's record, and the buyer reads it in ${locale}`, async () => {
    const { session, redirect } = await returnFromPage({ card: approvingCard, cancel: true }, locale);
    expect((await followReturn(redirect)).status).toBe(303);
    const status = await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken);
    expect(status).toMatchObject({ status: 'cancelled', canRetry: true, reason: 'cancelled' });
    expect(status.message).toContain(words);
    const history = await statusHistory(stack.bff.store.db, session.orderNumber);
    expect(history.at(-1)).toMatchObject({ to_status: 'cancelled', detail: 'buyer cancelled (gateway code 8)' });
  });
}

test('the merchant sees a cancel, not a decline: the order, its attempt and its event', async () => {
  const { session, redirect } = await returnFromPage({ card: approvingCard, cancel: true });
  await followReturn(redirect);
  const detail = await merchantOrder(session.orderNumber);
  expect(detail.status).toBe('cancelled');
  expect(detail.attempts.map((attempt) => attempt.outcome)).toEqual(['cancelled']);
  expect(await orderEventTypesOf(stack, session.orderNumber)).not.toContain('order.declined');
});

test('wp_cancel=yes appended to a genuine decline decides nothing: declined, and the buyer reads the decline', async () => {
  const { session, redirect } = await returnFromPage({ card: decliningCard });
  const tampered = new URL(redirect);
  tampered.searchParams.set('wp_cancel', 'yes');
  expect((await followReturn(tampered)).status).toBe(303);
  const status = await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken);
  expect(status.status).toBe('declined');
  expect(status.reason).not.toBe('cancelled');
  expect((await findOrder(stack.bff.store.db, session.orderNumber))?.status).toBe('declined');
});

test('consult not saying yet: the flag on the buyer\'s own redirect picks the words, never the status; consult then decides', async () => {
  const { session, redirect } = await returnFromPage({ card: approvingCard, cancel: true });
  // The buyer's own redirect (its returnData), without a hash that verifies: the code is unsigned too.
  const unsigned = new URL(redirect);
  unsigned.searchParams.delete('OrderHash');
  consultBehind = true;
  expect((await followReturn(unsigned)).status).toBe(303);
  const waiting = await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken);
  expect(waiting).toMatchObject({ status: 'pending', reason: 'cancelled' });
  expect(waiting.message).toContain('Canceló el pago');
  expect((await merchantOrder(session.orderNumber)).status).toBe('pending');

  consultBehind = false;
  clock.advance(pastConsultInterval);
  const settled = await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken);
  expect(settled).toMatchObject({ status: 'cancelled', reason: 'cancelled' });
});

test('a stranger\'s cancel flag (no returnData, no hash) changes no words', async () => {
  const { session, redirect } = await returnFromPage({ card: approvingCard, cancel: true });
  consultBehind = true;
  const strangers = new URL(`${redirect.origin}${redirect.pathname}`);
  strangers.search = new URLSearchParams({ order: session.orderNumber, code: '8', wp_cancel: 'yes' }).toString();
  expect((await followReturn(strangers)).status).toBe(303);
  const status = await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken);
  expect(status.status).toBe('pending');
  expect(status.message).toBeUndefined();
});

test('a verified redirect with code 8 that consult does not list yet is a cancel: the code is signed, the flag is not needed', async () => {
  const { session, redirect } = await returnFromPage({ card: approvingCard, cancel: true });
  const withoutFlag = new URL(redirect);
  withoutFlag.searchParams.delete('wp_cancel');
  consultBehind = true;
  expect((await followReturn(withoutFlag)).status).toBe(303);
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.at(-1)).toMatchObject({ to_status: 'cancelled', detail: 'verified redirect, gateway code 8' });
});
