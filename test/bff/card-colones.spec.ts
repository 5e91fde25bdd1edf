// A dollar order paid in colones by card, where the merchant allows it (CARD_COLONES_FOR_USD=1): the
// checkout asks for `cardCurrency: "CRC"`, processPayment is sent the colón amount the order's
// `localAmount` shows, the evidence is compared with that charge, and captures and refunds (stated
// in dollars, as the order is) reach the gateway in colones. Refused without the switch, for a
// colones order, or without a fresh rate.
import { expect, test } from '../support/node-test.ts';
import { outboxDb } from '../../bff/outbox/outbox-tables.ts';
import { approvingCard, checkoutBody, createMerchantSession, followReturn, orderStatus, postCheckout, statusTokenOf } from './fixtures/buyer.ts';
import { ManualClock, startSystem, type System } from '../support/system.ts';
import { capturingLogger, merchantGet, merchantPost } from './webhooks-support.ts';

// 12:00 in Costa Rica on 2026-11-25.
const today = Date.parse('2026-11-25T18:00:00Z');
const inColones = { ...checkoutBody, cardCurrency: 'CRC' };
const charged = { amount: '12663.00', currency: 'CRC', rate: '506.52' };

async function sessionAnswer(bffUrl: string, token: string) {
  return (await fetch(`${bffUrl}/v1/session`, { headers: { Authorization: `Bearer ${token}` } })).json();
}

async function expectRefusal(answer: Response, code: string) {
  expect(answer.status).toBe(400);
  expect(answer.headers.get('content-type')).toContain('application/problem+json');
  expect((await answer.json()).errors[0]).toMatchObject({ path: 'cardCurrency', code });
}

test.describe('where the merchant allows it', () => {
  const clock = new ManualClock(today);
  const logs = capturingLogger();
  let stack: System;
  test.beforeAll(async () => {
    stack = await startSystem({ bank: true,  clock, logger: logs.logger, env: { CARD_COLONES_FOR_USD: '1' } });
    expect((await merchantPost(stack.bffUrl, '/v1/merchant/exchange-rates', { currency: 'USD', rate: '506.52', date: '2026-11-25', source: 'BCCR' })).status).toBe(201);
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  async function paidInColones(capture: boolean) {
    const order = await createMerchantSession(stack.bffUrl, { amount: '25.00', currency: 'USD', capture });
    const answer = await postCheckout(stack.bffUrl, order.sessionToken, inColones);
    expect(answer.status).toBe(200);
    const { redirectUrl } = (await answer.json()) as { redirectUrl: string };
    const back = await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard }));
    expect(back.status).toBe(303);
    return { ...order, statusToken: statusTokenOf(back.headers.get('Location')!) };
  }

  test('the session says a dollar order may be paid by card in colones; a colones order is not offered it', async () => {
    const dollars = await createMerchantSession(stack.bffUrl, { amount: '25.00', currency: 'USD' });
    expect(await sessionAnswer(stack.bffUrl, dollars.sessionToken)).toMatchObject({ cardInColones: true, localAmount: { amount: '12663.00', currency: 'CRC' } });
    const colones = await createMerchantSession(stack.bffUrl, { amount: '15000.00', currency: 'CRC' });
    expect((await sessionAnswer(stack.bffUrl, colones.sessionToken)).cardInColones).toBeUndefined();
    await expectRefusal(await postCheckout(stack.bffUrl, colones.sessionToken, inColones), 'currency_unavailable');
  });

  test('a dollar order charged in colones: the gateway gets the colón amount, the order ends approved and shows the charge', async () => {
    const order = await paidInColones(true);
    const status = await orderStatus(stack.bffUrl, order.orderNumber, order.statusToken);
    expect(status.status).toMatch(/approved|captured/);
    // The redirect's OrderHash was made over the colones charged: it verifies, so no warning that consult had to vouch for it.
    expect(logs.text()).not.toContain('redirect OrderHash did not verify');
    const { body } = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${order.orderNumber}`);
    expect(body).toMatchObject({ amount: '25.00', currency: 'USD', paidBy: 'card', charged });
    expect(body.attempts[0]).toMatchObject({ method: 'card', chargedAmount: '12663.00', chargedCurrency: 'CRC', chargedRate: '506.52' });
    const truth = await stack.sandbox.truth(body.attempts[0].gatewayOrderNumber);
    expect(truth?.attempts[0]).toMatchObject({ amount: '12663.00', currency: 'CRC' });
    expect(body.invoice).toMatchObject({ currency: 'USD', exchangeRate: '506.52', paymentMeans: [{ code: '02', amount: '12663.00', currency: 'CRC' }] });

    const events = await outboxDb(stack.bff.store).selectFrom('outbound_events').select(['type', 'body']).where('type', 'in', ['order.approved', 'order.captured']).execute();
    const sent = events.map((row) => JSON.parse(row.body).data).find((data) => data.orderNumber === order.orderNumber);
    expect(sent).toMatchObject({ charged, invoice: { exchangeRate: '506.52' } });
  });

  test('capture and refunds are stated in dollars and reach the gateway in colones, converted on the running total', async () => {
    const order = await paidInColones(false);
    const path = `/v1/merchant/orders/${order.orderNumber}`;
    expect((await merchantPost(stack.bffUrl, `${path}/capture`, {})).status).toBe(200);
    const first = await merchantPost(stack.bffUrl, `${path}/refund`, { amount: '10.00' });
    expect(first.status).toBe(200);
    // 10.00 USD at 506.52 is 5065.20: ₡5065. The rest of the 25.00 is 12663 − 5065, not 15.00 × 506.52 rounded (7598 either way here).
    expect(first.body.modification).toMatchObject({ amount: '10.00', chargedAmount: '5065.00', chargedCurrency: 'CRC' });
    const rest = await merchantPost(stack.bffUrl, `${path}/refund`, { amount: '15.00' });
    expect(rest.body.modification).toMatchObject({ amount: '15.00', chargedAmount: '7598.00', chargedCurrency: 'CRC' });
    expect(rest.body.order).toMatchObject({ status: 'refunded', refundedAmount: '25.00' });

    const { body } = await merchantGet(stack.bffUrl, path);
    const truth = await stack.sandbox.truth(body.attempts[0].gatewayOrderNumber);
    expect(truth?.attempts[0]).toMatchObject({ currency: 'CRC', captured: '12663.00', refunded: '12663.00' });
    expect(truth?.attempts[0]?.modifications.map((m) => [m.kind, m.amount])).toEqual([
      ['capture', '12663.00'],
      ['refund', '5065.00'],
      ['refund', '7598.00'],
    ]);
  });

  test('a split is refused for an order charged in another currency', async () => {
    const order = await paidInColones(true);
    const { body } = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${order.orderNumber}`);
    expect(body.actions.split).toMatchObject({ allowed: false, reasonCode: 'not-splittable' });
  });

  test('in dollars by default, and when asked: the order\'s own money', async () => {
    for (const body of [checkoutBody, { ...checkoutBody, cardCurrency: 'USD' }]) {
      const order = await createMerchantSession(stack.bffUrl, { amount: '25.00', currency: 'USD' });
      const answer = await postCheckout(stack.bffUrl, order.sessionToken, body);
      expect(answer.status).toBe(200);
      const { body: detail } = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${order.orderNumber}`);
      expect(detail.attempts[0]).toMatchObject({ chargedAmount: '25.00', chargedCurrency: 'USD' });
      expect(detail.attempts[0].chargedRate).toBeUndefined();
      expect((await stack.sandbox.truth(detail.attempts[0].gatewayOrderNumber))?.attempts[0]).toMatchObject({ amount: '25.00', currency: 'USD' });
    }
  });
});

test.describe('where the merchant does not allow it', () => {
  const clock = new ManualClock(today);
  let stack: System;
  test.beforeAll(async () => {
    stack = await startSystem({ bank: true,  clock, env: { EXCHANGE_RATE_USD_CRC: '506.52', EXCHANGE_RATE_USD_CRC_DATE: '2026-11-25' } });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('the session does not offer it and the checkout refuses it, naming the field', async () => {
    const order = await createMerchantSession(stack.bffUrl, { amount: '25.00', currency: 'USD' });
    const answer = await sessionAnswer(stack.bffUrl, order.sessionToken);
    expect(answer.localAmount).toMatchObject({ amount: '12663.00' });
    expect(answer.cardInColones).toBeUndefined();
    await expectRefusal(await postCheckout(stack.bffUrl, order.sessionToken, inColones), 'currency_unavailable');
  });
});

test.describe('where the merchant allows it but the rate is stale', () => {
  let stack: System;
  test.beforeAll(async () => {
    // A rate five days old, three allowed: no colón amount, as for SINPE Móvil.
    stack = await startSystem({ bank: true,  clock: new ManualClock(today), env: { CARD_COLONES_FOR_USD: '1', EXCHANGE_RATE_USD_CRC: '506.52', EXCHANGE_RATE_USD_CRC_DATE: '2026-11-20', EXCHANGE_RATE_MAX_AGE_DAYS: '3' } });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('the session does not offer it and the checkout refuses it for want of a rate', async () => {
    const order = await createMerchantSession(stack.bffUrl, { amount: '25.00', currency: 'USD' });
    const answer = await sessionAnswer(stack.bffUrl, order.sessionToken);
    expect(answer.localAmount).toBeUndefined();
    expect(answer.cardInColones).toBeUndefined();
    await expectRefusal(await postCheckout(stack.bffUrl, order.sessionToken, inColones), 'rate_unavailable');
  });
});
