// Dollar prices in colones: the merchant posts the day's BCCR reference sell rate; a dollar order's
// session and status answers then carry its colón amount, SINPE Móvil takes it in colones, and the
// order keeps the rate it was checked out with. A stale rate is refused. Pure rules by table first.
import { expect, test } from '../support/node-test.ts';
import { freshRate } from '../../bff/payments/exchange-rates/current-rate.ts';
import { colonesAt } from '../../contract/local-amount.ts';
import type { SinpeCheckoutResponse } from '../../contract/sinpe-movil.ts';
import { checkoutBody, createMerchantSession, orderStatus, postCheckout } from './fixtures/buyer.ts';
import { merchantPhone, startRegisteredSinpeStack } from './fixtures/sinpe-orders.ts';
import { ManualClock, merchantSecret, type System } from '../support/system.ts';
import { merchantGet, merchantPost, polling, tables } from './webhooks-support.ts';

test.describe('colones at a rate (exact, rounded half up to the colón)', () => {
  const cases: Array<[string, string, string]> = [
    ['25.00', '506.52', '12663.00'],
    ['19.99', '506.52', '10125.00'], // 10125.3348
    ['0.99', '506.52', '501.00'], // 501.4548
    ['1.00', '500.5', '501.00'], // exactly half: up
    ['1.00', '500.4999', '500.00'],
    ['1234567.89', '512.3456', '632525426.00'], // 632525426.342784: exact in integers
  ];
  for (const [usd, rate, colones] of cases) test(`${usd} USD at ${rate}`, () => expect(colonesAt(usd, rate)).toBe(colones));
});

test.describe('the fresh rate', () => {
  const stored = { rate: '506.52', date: '2026-11-24', source: 'BCCR' };
  const env = { rate: '500.00', date: '2026-11-20', source: 'BCCR' };
  const cases: Array<{ what: string; stored?: typeof stored; env?: typeof env; today: string; maxAge: number; expected: typeof stored | undefined }> = [
    { what: 'the newer of the two', stored, env, today: '2026-11-25', maxAge: 3, expected: stored },
    { what: 'the environment\'s when it is newer', stored: { ...stored, date: '2026-11-19' }, env, today: '2026-11-21', maxAge: 3, expected: env },
    { what: 'exactly the maximum age is fresh', stored, today: '2026-11-27', maxAge: 3, expected: stored },
    { what: 'a day older is stale: none', stored, today: '2026-11-28', maxAge: 3, expected: undefined },
    { what: 'a maximum age of 0: today\'s only', stored, today: '2026-11-25', maxAge: 0, expected: undefined },
    { what: 'no rate at all', today: '2026-11-25', maxAge: 3, expected: undefined },
    { what: 'tomorrow\'s rate waits for its day: today\'s older one', stored: { ...stored, date: '2026-11-26' }, env, today: '2026-11-25', maxAge: 5, expected: env },
  ];
  for (const c of cases) test(c.what, () => expect(freshRate(c.stored, c.env, c.today, c.maxAge)).toEqual(c.expected));
});

test.describe('through the BFF', () => {
  // 12:00 in Costa Rica on 2026-11-25.
  const clock = new ManualClock(Date.parse('2026-11-25T18:00:00Z'));
  let stack: System;
  test.beforeAll(async () => {
    stack = await startRegisteredSinpeStack(clock, { EXCHANGE_RATE_MAX_AGE_DAYS: '3' });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  const postRate = (body: unknown, secret = merchantSecret) => merchantPost(stack.bffUrl, '/v1/merchant/exchange-rates', body, secret);
  const session = async (token: string) => (await fetch(`${stack.bffUrl}/v1/session`, { headers: { Authorization: `Bearer ${token}` } })).json();

  test('bad input is a 400 naming the field; without the secret a 401', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ currency: 'EUR', rate: '506.52', date: '2026-11-25', source: 'BCCR' }, 'currency'],
      [{ currency: 'USD', rate: 506.52, date: '2026-11-25', source: 'BCCR' }, 'rate'],
      [{ currency: 'USD', rate: '506.52123', date: '2026-11-25', source: 'BCCR' }, 'rate'],
      [{ currency: 'USD', rate: '0', date: '2026-11-25', source: 'BCCR' }, 'rate'],
      [{ currency: 'USD', rate: '506.52', date: '2026-02-30', source: 'BCCR' }, 'date'],
      [{ currency: 'USD', rate: '506.52', date: '25/11/2026', source: 'BCCR' }, 'date'],
      [{ currency: 'USD', rate: '506.52', date: '2026-11-25' }, 'source'],
      [{ currency: 'USD', rate: '506.52', date: '2026-11-25', source: 'BCCR', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const answer = await postRate(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect((await postRate({ currency: 'USD', rate: '506.52', date: '2026-11-25', source: 'BCCR' }, 'wrong-secret')).status).toBe(401);
  });

  test('a stale rate is refused: no colón amount, SINPE Móvil not offered for dollars', async () => {
    expect((await postRate({ currency: 'USD', rate: '505.10', date: '2026-11-21', source: 'BCCR' })).status).toBe(201);
    const order = await createMerchantSession(stack.bffUrl, { amount: '25.00', currency: 'USD' });
    const answer = await session(order.sessionToken);
    expect(answer.localAmount).toBeUndefined();
    expect(answer.sinpeMovil).toBeUndefined();
    const refused = await postCheckout(stack.bffUrl, order.sessionToken, { ...checkoutBody, method: 'sinpe_movil' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors[0]).toMatchObject({ path: 'method', code: 'method_unavailable' });
  });

  test('a rate is stored once per day: the same again is a repeat, another is a 409 naming rate; the list is newest first', async () => {
    const first = await postRate({ currency: 'USD', rate: '506.52', date: '2026-11-25', source: 'BCCR' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ currency: 'USD', rate: '506.52', date: '2026-11-25', source: 'BCCR' });
    const again = await postRate({ currency: 'USD', rate: '506.520', date: '2026-11-25', source: 'BCCR' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await postRate({ currency: 'USD', rate: '507.00', date: '2026-11-25', source: 'BCCR' });
    expect(other.status).toBe(409);
    expect(other.body.errors[0]).toMatchObject({ path: 'rate', code: 'rate_already_set' });
    const list = await merchantGet(stack.bffUrl, '/v1/merchant/exchange-rates');
    expect(list.body.items.map((item: { date: string; rate: string }) => [item.date, item.rate])).toEqual([
      ['2026-11-25', '506.52'],
      ['2026-11-21', '505.10'],
    ]);
  });

  test('a dollar order shows its colón amount, pays it by SINPE Móvil, and keeps the rate on the order', async () => {
    const order = await createMerchantSession(stack.bffUrl, { amount: '25.00', currency: 'USD' });
    const local = { amount: '12663.00', currency: 'CRC', rate: '506.52', rateDate: '2026-11-25', source: 'BCCR' };
    const answer = await session(order.sessionToken);
    expect(answer.localAmount).toEqual(local);
    expect(answer.sinpeMovil).toEqual({});

    const opened = await postCheckout(stack.bffUrl, order.sessionToken, { ...checkoutBody, method: 'sinpe_movil' });
    expect(opened.status).toBe(200);
    const { sinpeMovil } = (await opened.json()) as SinpeCheckoutResponse;
    // The transfer asks whole colones, one below the colón amount (never the plain price).
    expect(sinpeMovil).toMatchObject({ currency: 'CRC', amount: '12662.00', discount: '1.00' });
    expect((await orderStatus(stack.bffUrl, order.orderNumber, order.sessionToken)).localAmount).toEqual(local);

    const sent = await stack.sandbox.sendSinpeTransfer({ amount: sinpeMovil.amount, currency: 'CRC', phone: merchantPhone });
    await expect.poll(async () => (await orderStatus(stack.bffUrl, order.orderNumber, order.sessionToken)).status, polling('the dollar order paid in colones')).toBe('approved');
    expect((await tables(stack.bff).selectFrom('bank_payments').select('order_number').where('payment_id', '=', sent.payment_id!).executeTakeFirstOrThrow()).order_number).toBe(order.orderNumber);

    const detail = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${order.orderNumber}`);
    expect(detail.body).toMatchObject({ amount: '25.00', currency: 'USD', paidBy: 'sinpe_movil', localAmount: local });
  });

  test('the API document describes both operations, with the request body', async () => {
    const document = await (await fetch(`${stack.bffUrl}/v1/openapi.json`)).json();
    const path = document.paths['/v1/merchant/exchange-rates'];
    expect(path.post).toMatchObject({ operationId: 'setExchangeRate', security: [{ merchant: [] }] });
    // Shared objects are named components: follow the references.
    const resolved = (schema: { $ref?: string; properties?: Record<string, { type?: string }> }) =>
      schema.$ref ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
    expect(Object.keys(resolved(path.post.requestBody.content['application/json'].schema).properties).sort()).toEqual(['currency', 'date', 'rate', 'replace', 'source']);
    expect(path.post.responses['400'].description).toContain('rate_out_of_band');
    expect(resolved(path.get.responses['200'].content['application/json'].schema).properties.items.type).toBe('array');
  });

  test('a colones order carries no colón line (it already is one)', async () => {
    const order = await createMerchantSession(stack.bffUrl, { amount: '15000.00', currency: 'CRC' });
    expect((await session(order.sessionToken)).localAmount).toBeUndefined();
    expect((await orderStatus(stack.bffUrl, order.orderNumber, order.sessionToken)).localAmount).toBeUndefined();
  });
});

test.describe('a rate inside its sanity band, corrected the same day', () => {
  // 12:00 in Costa Rica on 2026-11-25.
  const clock = new ManualClock(Date.parse('2026-11-25T18:00:00Z'));
  const previousSecret = 'previous-merchant-secret-0123456789';
  let stack: System;
  test.beforeAll(async () => {
    stack = await startRegisteredSinpeStack(clock, { MERCHANT_SECRET: `${merchantSecret},${previousSecret}` });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  const postRate = (body: Record<string, unknown>, secret = merchantSecret) =>
    merchantPost(stack.bffUrl, '/v1/merchant/exchange-rates', { currency: 'USD', source: 'BCCR', ...body }, secret);
  const expectOutOfBand = async (body: Record<string, unknown>) => {
    const answer = await postRate(body);
    expect(answer.status, JSON.stringify(body)).toBe(400);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(answer.body.errors[0], JSON.stringify(body)).toMatchObject({ path: 'rate', code: 'rate_out_of_band' });
  };
  const listed = async () => (await merchantGet(stack.bffUrl, '/v1/merchant/exchange-rates')).body.items as Array<{ date: string; rate: string; changes: unknown[] }>;

  test('a first rate outside 300-1000 colones, or a day’s rate more than 15 % from the previous day’s, is refused with rate_out_of_band', async () => {
    for (const rate of ['5.10', '50.65', '5065.20', '1000.01', '299.99']) await expectOutOfBand({ rate, date: '2026-11-24' });
    expect(await listed()).toEqual([]);
    expect((await postRate({ rate: '500.00', date: '2026-11-24' })).status).toBe(201);
    // 15 % of 500.00 is 75.00: 425.00-575.00 is inside.
    for (const rate of ['5.10', '575.01', '424.99', '5000']) await expectOutOfBand({ rate, date: '2026-11-25' });
    expect((await postRate({ rate: '575.00', date: '2026-11-25' })).status).toBe(201);
  });

  test('replace: true corrects the day’s rate, recorded with the key that did it and when; without it another rate is still a 409', async () => {
    const refused = await postRate({ rate: '506.52', date: '2026-11-25' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ path: 'rate', code: 'rate_already_set' });
    // A correction is held to the same band (around 2026-11-24's 500.00).
    await expectOutOfBand({ rate: '5.07', date: '2026-11-25', replace: true });
    clock.advance(60_000);
    const corrected = await postRate({ rate: '506.52', date: '2026-11-25', replace: true }, previousSecret);
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ rate: '506.52', date: '2026-11-25' });
    const day = (await listed()).find((item) => item.date === '2026-11-25')!;
    expect(day.rate).toBe('506.52');
    expect(day.changes).toEqual([
      { rate: '575.00', previousRate: null, by: 'current', at: '2026-11-25T18:00:00.000Z' },
      { rate: '506.52', previousRate: '575.00', by: 'previous', at: '2026-11-25T18:01:00.000Z' },
    ]);
    // The same rate with replace is a repeat: nothing recorded.
    expect((await postRate({ rate: '506.520', date: '2026-11-25', replace: true })).status).toBe(200);
    expect((await listed()).find((item) => item.date === '2026-11-25')!.changes).toHaveLength(2);
  });

  test('the colón amount a session showed is what its checkout asks, though the day’s rate is corrected in between', async () => {
    // Set (201) or corrected (200): this test holds on its own or after the ones above.
    expect([200, 201]).toContain((await postRate({ rate: '506.52', date: '2026-11-25', replace: true })).status);
    const order = await createMerchantSession(stack.bffUrl, { amount: '25.00', currency: 'USD' });
    const shown = { amount: '12663.00', currency: 'CRC', rate: '506.52', rateDate: '2026-11-25', source: 'BCCR' };
    const session = async (token: string) => (await fetch(`${stack.bffUrl}/v1/session`, { headers: { Authorization: `Bearer ${token}` } })).json();
    expect((await session(order.sessionToken)).localAmount).toEqual(shown);

    expect((await postRate({ rate: '510.00', date: '2026-11-25', replace: true })).status).toBe(200);
    // A new session sees the corrected rate; the one already shown keeps its amount.
    const later = await createMerchantSession(stack.bffUrl, { amount: '25.00', currency: 'USD' });
    expect((await session(later.sessionToken)).localAmount).toMatchObject({ amount: '12750.00', rate: '510.00' });
    expect((await session(order.sessionToken)).localAmount).toEqual(shown);
    const opened = await postCheckout(stack.bffUrl, order.sessionToken, { ...checkoutBody, method: 'sinpe_movil' });
    expect(opened.status).toBe(200);
    const { sinpeMovil } = (await opened.json()) as SinpeCheckoutResponse;
    expect(sinpeMovil).toMatchObject({ currency: 'CRC', amount: '12662.00' });
    expect((await orderStatus(stack.bffUrl, order.orderNumber, order.sessionToken)).localAmount).toEqual(shown);
  });
});

test.describe('the environment\'s default rate (the demo\'s)', () => {
  const clock = new ManualClock(Date.parse('2026-11-25T18:00:00Z'));
  let stack: System;
  test.beforeAll(async () => {
    stack = await startRegisteredSinpeStack(clock, { EXCHANGE_RATE_USD_CRC: '510.00', EXCHANGE_RATE_USD_CRC_DATE: '2026-11-24' });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('is used while no newer rate was posted', async () => {
    const order = await createMerchantSession(stack.bffUrl, { amount: '10.00', currency: 'USD' });
    expect((await orderStatus(stack.bffUrl, order.orderNumber, order.sessionToken)).localAmount).toEqual({ amount: '5100.00', currency: 'CRC', rate: '510.00', rateDate: '2026-11-24', source: 'BCCR' });
    expect((await merchantGet(stack.bffUrl, '/v1/merchant/exchange-rates')).body.items).toEqual([]);
  });
});

test.describe('the colón amount kept at checkout', () => {
  // 23:55 on 2026-11-25 in Costa Rica: midnight comes while the transfer (10 minutes) is awaited.
  const clock = new ManualClock(Date.parse('2026-11-26T05:55:00Z'));
  let stack: System;
  test.beforeAll(async () => {
    stack = await startRegisteredSinpeStack(clock);
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('the next day\'s rate, in force from midnight while a transfer is awaited, changes neither the order\'s colón amount nor the transfer', async () => {
    expect((await merchantPost(stack.bffUrl, '/v1/merchant/exchange-rates', { currency: 'USD', rate: '506.52', date: '2026-11-25', source: 'BCCR' })).status).toBe(201);
    expect((await merchantPost(stack.bffUrl, '/v1/merchant/exchange-rates', { currency: 'USD', rate: '510.00', date: '2026-11-26', source: 'BCCR' })).status).toBe(201);
    const order = await createMerchantSession(stack.bffUrl, { amount: '25.00', currency: 'USD' });
    const first = (await (await postCheckout(stack.bffUrl, order.sessionToken, { ...checkoutBody, method: 'sinpe_movil' })).json()) as SinpeCheckoutResponse;
    expect(first.sinpeMovil.amount).toBe('12662.00');
    clock.advance(8 * 60_000);
    const fresh = await createMerchantSession(stack.bffUrl, { amount: '25.00', currency: 'USD' });
    expect((await orderStatus(stack.bffUrl, fresh.orderNumber, fresh.sessionToken)).localAmount).toMatchObject({ amount: '12750.00', rateDate: '2026-11-26' });
    const again = (await (await postCheckout(stack.bffUrl, order.sessionToken, { ...checkoutBody, method: 'sinpe_movil' })).json()) as SinpeCheckoutResponse;
    expect(again.sinpeMovil).toEqual(first.sinpeMovil);
    expect((await orderStatus(stack.bffUrl, order.orderNumber, order.sessionToken)).localAmount).toMatchObject({ amount: '12663.00', rate: '506.52', rateDate: '2026-11-25' });
  });
});
