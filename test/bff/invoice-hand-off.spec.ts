// The v4.4 invoice hand-off on the merchant order (API and webhooks), checked against golden files
// (test/bff/golden/invoice-*.json) for a card in colones, SINPE Móvil in colones, a dollar order
// paid in colones (by SINPE Móvil, and by card), and a refund. The reference differs per run (the
// gateway's authorisation, the rail's reference): it is checked against its source, then written as "<reference>".
// UPDATE_GOLDEN=1 rewrites the files from what the BFF answers (review the diff).
import { expect, test } from '../support/node-test.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { outboxDb } from '../../bff/outbox/outbox-tables.ts';
import { invoiceLocationOf } from '../../contract/invoice-hand-off.ts';
import type { InvoiceDetails } from '../../contract/invoice.ts';
import type { SinpeCheckoutResponse } from '../../contract/sinpe-movil.ts';
import { approvingCard, checkoutBody, createMerchantSession, followReturn, orderStatus, postCheckout, type MerchantSessionInput } from './fixtures/buyer.ts';
import { merchantPhone, startRegisteredSinpeStack } from './fixtures/sinpe-orders.ts';
import { ManualClock, type System } from '../support/system.ts';
import { merchantGet, merchantPost, polling, tables } from './webhooks-support.ts';

const receptor: InvoiceDetails = { idType: '01', idNumber: '102340567', name: 'Ana María Solís', email: 'ana.facturas@example.cr' };

test.describe('the ubicación from an address', () => {
  const base = { country: 'CR', state: 'CR-SJ', zip: '10101', address: 'Avenida Central 100', address2: 'Edificio Azul, piso 2' };
  const cases: Array<{ what: string; address: typeof base; expected: ReturnType<typeof invoiceLocationOf> }> = [
    { what: 'a San José district: its codes and the lines as otras señas', address: base, expected: { provincia: '1', canton: '01', distrito: '01', otrasSenas: 'Avenida Central 100, Edificio Azul, piso 2' } },
    { what: 'Limón, Talamanca, Sixaola', address: { ...base, state: 'CR-L', zip: '70402', address2: '' }, expected: { provincia: '7', canton: '04', distrito: '02', otrasSenas: 'Avenida Central 100' } },
    { what: 'a postal code of another provincia than the state: a doubt, none', address: { ...base, state: 'CR-A' }, expected: undefined },
    { what: 'no postal code', address: { ...base, zip: '' }, expected: undefined },
    { what: 'a provincia digit that does not exist', address: { ...base, zip: '80101' }, expected: undefined },
    { what: 'another country', address: { ...base, country: 'PA', state: 'PA-8' }, expected: undefined },
  ];
  for (const c of cases) test(c.what, () => expect(invoiceLocationOf(c.address)).toEqual(c.expected));
});

test.describe('golden hand-offs', () => {
  const clock = new ManualClock(Date.parse('2026-11-25T18:00:00Z'));
  let stack: System;
  test.beforeAll(async () => {
    stack = await startRegisteredSinpeStack(clock, { CARD_COLONES_FOR_USD: '1' });
    expect((await merchantPost(stack.bffUrl, '/v1/merchant/exchange-rates', { currency: 'USD', rate: '506.52', date: '2026-11-25', source: 'BCCR' })).status).toBe(201);
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  /** The invoice as the merchant API shows it, its reference checked against `reference` then made stable. */
  async function stableInvoice(orderNumber: string, reference: string) {
    const { body } = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${orderNumber}`);
    expect(body.invoice.reference).toBe(reference);
    return { ...body.invoice, reference: '<reference>' };
  }

  function matchesGolden(name: string, actual: unknown) {
    const file = new URL(`./golden/${name}.json`, import.meta.url);
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`);
    expect(actual).toEqual(JSON.parse(readFileSync(file, 'utf8')));
  }

  /** A merchant session offering an invoice, with one line of what was sold. */
  async function session(amount: string, currency: string) {
    const lines = [{ sku: 'CR-COFFEE-500', name: 'Café de Tarrazú 500 g', quantity: 1, unitAmount: amount }];
    return createMerchantSession(stack.bffUrl, { amount, currency, invoice: true, lines } as MerchantSessionInput);
  }

  async function paidByCard(amount: string, currency = 'CRC', cardCurrency?: string) {
    const created = await session(amount, currency);
    const answer = await postCheckout(stack.bffUrl, created.sessionToken, { ...checkoutBody, invoice: receptor, ...(cardCurrency && { cardCurrency }) });
    const { redirectUrl } = (await answer.json()) as { redirectUrl: string };
    expect((await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard }))).status).toBe(303);
    const { body } = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${created.orderNumber}`);
    expect(body.status).toMatch(/approved|captured/);
    return { orderNumber: created.orderNumber, auth: body.auth as string };
  }

  async function paidBySinpe(amount: string, currency: string, invoice?: InvoiceDetails) {
    const created = await session(amount, currency);
    const answer = await postCheckout(stack.bffUrl, created.sessionToken, { ...checkoutBody, method: 'sinpe_movil', ...(invoice && { invoice }) });
    const { sinpeMovil } = (await answer.json()) as SinpeCheckoutResponse;
    const sent = await stack.sandbox.sendSinpeTransfer({ amount: sinpeMovil.amount, currency: 'CRC', phone: merchantPhone });
    await expect.poll(async () => (await orderStatus(stack.bffUrl, created.orderNumber, created.sessionToken)).status, polling('the transfer approving the order')).toBe('approved');
    const payment = await tables(stack.bff).selectFrom('bank_payments').select('external_reference').where('payment_id', '=', sent.payment_id!).executeTakeFirstOrThrow();
    return { orderNumber: created.orderNumber, railReference: payment.external_reference! };
  }

  test('card in colones: medio de pago 02, the authorisation as reference', async () => {
    const paid = await paidByCard('45000.00');
    matchesGolden('invoice-card-crc', await stableInvoice(paid.orderNumber, paid.auth));
  });

  test('SINPE Móvil in colones, no invoice asked: receptor null, medio 06 with the amount paid and its discount, the rail reference; the webhook carries the same', async () => {
    const first = await paidBySinpe('15000.00', 'CRC');
    // Every transfer asks below the price (₡1 less the first, which keeps its amount once paid); one
    // awaited alongside another asks ₡3 less: its invoice shows the discount.
    const other = await session('15000.00', 'CRC');
    await postCheckout(stack.bffUrl, other.sessionToken, { ...checkoutBody, method: 'sinpe_movil' });
    const discounted = await paidBySinpe('15000.00', 'CRC');
    matchesGolden('invoice-sinpe-crc', await stableInvoice(discounted.orderNumber, discounted.railReference));

    const events = await outboxDb(stack.bff.store).selectFrom('outbound_events').select(['type', 'body']).where('type', '=', 'order.approved').execute();
    const approved = events.map((row) => JSON.parse(row.body).data).find((order) => order.orderNumber === first.orderNumber);
    const { body } = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${first.orderNumber}`);
    expect(approved.invoice).toEqual(body.invoice);
    expect(approved.invoice).toMatchObject({ receptor: null, paymentMeans: [{ code: '06', amount: '14999.00', currency: 'CRC' }], reference: first.railReference });
  });

  test('a dollar order paid in colones: currency USD, the exchange rate, medio 06 in colones', async () => {
    const paid = await paidBySinpe('25.00', 'USD', receptor);
    matchesGolden('invoice-usd-in-colones', await stableInvoice(paid.orderNumber, paid.railReference));
  });

  test('a dollar order paid in colones by card: currency USD, the exchange rate, medio 02 in the colones charged', async () => {
    const paid = await paidByCard('25.00', 'USD', 'CRC');
    matchesGolden('invoice-usd-card-in-colones', await stableInvoice(paid.orderNumber, paid.auth));
  });

  test('a refund: the paid totals stay, and the refunded amount is added', async () => {
    const paid = await paidByCard('30000.00');
    const { body } = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${paid.orderNumber}`);
    if (body.actions.capture.allowed) expect((await merchantPost(stack.bffUrl, `/v1/merchant/orders/${paid.orderNumber}/capture`, {})).status).toBe(200);
    expect((await merchantPost(stack.bffUrl, `/v1/merchant/orders/${paid.orderNumber}/refund`, { amount: '10000.00' })).status).toBe(200);
    matchesGolden('invoice-refund', await stableInvoice(paid.orderNumber, paid.auth));
  });
});
