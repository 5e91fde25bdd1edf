// The buyer's and the merchant's journeys against the sandbox answering as the real Tilopay does
// (SANDBOX_PROFILE=tilopay) with the BFF set for it (GATEWAY_BRAND=tilopay): the brand's field
// names, prefixed order numbers in consult, the card on the redirect only, `wp_cancel=yes` and code 8.
import { expect, test } from '../support/node-test.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import { attemptsOf } from '../../bff/store/attempts.ts';
import { approvingCard, checkout, createMerchantSession, decliningCard, followReturn, orderStatus, statusTokenOf } from './fixtures/buyer.ts';
import { merchant, paidOrder } from './merchant-fixture.ts';
import { merchantPost, polling, tables } from './webhooks-support.ts';
import { type System, startSystem } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ bank: true,  env: { SANDBOX_PROFILE: 'tilopay', GATEWAY_BRAND: 'tilopay' } });
});
test.afterAll(async () => {
  await stack?.close();
});

async function payAndReturn(sessionToken: string, orderNumber: string, pay: { card: string; cancel?: boolean }) {
  const { redirectUrl } = await checkout(stack.bffUrl, sessionToken);
  const redirect = await stack.sandbox.payHostedPage(redirectUrl, pay);
  const returned = await followReturn(redirect);
  expect(returned.status).toBe(303);
  return { redirect, status: await orderStatus(stack.bffUrl, orderNumber, statusTokenOf(returned.headers.get('Location')!)) };
}

test('card: approved, with the gateway\'s id read from id_tilopay', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '15000.00', currency: 'CRC' });
  const { redirect, status } = await payAndReturn(session.sessionToken, session.orderNumber, { card: approvingCard });
  expect(redirect.searchParams.has('tilopay-transaction')).toBe(true);
  expect(status).toMatchObject({ status: 'approved', final: true, amount: '15000.00', currency: 'CRC' });
  expect((await findOrder(stack.bff.store.db, session.orderNumber))?.gateway_tpt).toBe(redirect.searchParams.get('tpt'));
  // consult leaves card/last empty; the buyer's redirect carries brand and last-digits (display only).
  expect(redirect.searchParams.get('last-digits')).toBe(approvingCard.slice(-4));
  expect(status.card).toEqual({ brand: 'Visa', last4: approvingCard.slice(-4) });
});

test('a redirect that is not the buyer\'s own (no returnData, no valid hash) shows no card', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '15000.00', currency: 'CRC' });
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  const redirect = await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard });
  const forged = new URL(`${redirect.origin}${redirect.pathname}`);
  forged.search = new URLSearchParams({ order: session.orderNumber, code: '1', tpt: redirect.searchParams.get('tpt')!, brand: 'Mastercard', 'last-digits': '9999' }).toString();
  expect((await followReturn(forged)).status).toBe(303);
  const status = await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken);
  expect(status.status).toBe('approved');
  expect(status.card).toBeUndefined();
});

test('cancel: the buyer reads that they cancelled, the merchant sees a cancel', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  const { redirect, status } = await payAndReturn(session.sessionToken, session.orderNumber, { card: approvingCard, cancel: true });
  expect(redirect.searchParams.get('wp_cancel')).toBe('yes');
  expect(status).toMatchObject({ status: 'cancelled', canRetry: true, reason: 'cancelled' });
  expect(status.message).toContain('You cancelled the payment. No money was taken');
  const detail = await merchant(stack, 'GET', `/v1/merchant/orders/${session.orderNumber}`);
  expect(detail.body.status).toBe('cancelled');
});

test('decline, then another card: the second attempt is approved under its own order number', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '12000.00', currency: 'CRC' });
  const declined = await payAndReturn(session.sessionToken, session.orderNumber, { card: decliningCard });
  // Tilopay's code 2, "declined": the generic words (try again or another card).
  expect(declined.status).toMatchObject({ status: 'declined', canRetry: true, reason: 'generic' });
  const approved = await payAndReturn(session.sessionToken, session.orderNumber, { card: approvingCard });
  expect(approved.status).toMatchObject({ status: 'approved', attempts: 2 });
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.map((entry) => entry.to_status)).toEqual(['created', 'pending', 'declined', 'pending', 'approved']);
  const attempts = await attemptsOf(stack.bff.store.db, session.orderNumber);
  expect(new Set(attempts.map((attempt) => attempt.gateway_order_number)).size).toBe(2);
});

test('link: a link paid at the gateway is confirmed from tilopayLinkId/tilopayOrderId, by webhook and callback', async () => {
  const created = await merchantPost(stack.bffUrl, '/v1/merchant/payment-links', { amount: '12500.00', currency: 'CRC', description: 'Coffee tasting' });
  expect(created.status).toBe(201);
  const landing = await stack.sandbox.payLink(created.body.url, approvingCard);
  expect(landing.searchParams.has('tilopayOrderId')).toBe(true);
  expect(landing.searchParams.has('svcOrderId')).toBe(false);
  const page = await fetch(landing, { redirect: 'manual' });
  expect(page.status).toBe(200);
  await expect
    .poll(() => tables(stack.bff).selectFrom('link_payments').selectAll().where('link_id', '=', created.body.id).execute(), polling('the link payment, reported both ways'))
    .toEqual([
      expect.objectContaining({
        webhook_seen_at: expect.anything(),
        callback_seen_at: expect.anything(),
        status: 'paid',
        hash_check: 'verified',
        amount: '12500.00',
        currency: 'CRC',
        svc_order_id: landing.searchParams.get('tilopayOrderId'),
      }),
    ]);
});

test('split: an approved order splits, its gateway id known from consult', async () => {
  const orderNumber = await paidOrder(stack, { amount: '100.00', currency: 'USD' });
  const split = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/split`, { commerces: [{ email: 'a@partners.example', amount: '60.00' }], lang: 'en' });
  expect(split.status).toBe(200);
  expect(split.body).toMatchObject({ orderNumber, currency: 'USD', amount: '100.00', ownerRemainder: '40.00' });
});
