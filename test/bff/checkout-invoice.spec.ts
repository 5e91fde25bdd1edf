// Costa Rican electronic invoice details through the real buyer path: offered by the session,
// checked by the contract schema at POST /v1/checkout, kept with the order, shown to the merchant.
import { expect, test } from '../support/node-test.ts';
import type { InvoiceDetails } from '../../contract/invoice.ts';
import { approvingCard, checkoutBody, createMerchantSession, followReturn, postCheckout } from './fixtures/buyer.ts';
import { startSystem, shopOrigin, type System } from '../support/system.ts';
import { merchant } from './merchant-fixture.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack.close();
});

const invoice: InvoiceDetails = { idType: '01', idNumber: '102340567', name: 'Ana María Solís', email: 'ana.facturas@example.cr' };
/** The receptor's ubicación from the buyer's billing address (postal code 10101: San José, Carmen). */
const buyerLocation = { provincia: '1', canton: '01', distrito: '01', otrasSenas: 'Avenida Central 100' };

async function sessionOffering(offered: boolean) {
  return createMerchantSession(stack.bffUrl, { amount: '45000.00', currency: 'CRC', invoice: offered });
}

async function problemOf(response: Response) {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return (await response.json()) as { errors: Array<{ path: string; code?: string }> };
}

test('offered: the session says so, the invoice is kept and the merchant sees it on the paid order', async () => {
  const session = await sessionOffering(true);
  const read = await fetch(`${stack.bffUrl}/v1/session`, { headers: { Authorization: `Bearer ${session.sessionToken}`, Origin: shopOrigin } });
  expect((await read.json()).invoice).toBe(true);

  // Typed as printed on the cédula: the merchant gets the digits.
  const answer = await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, invoice: { ...invoice, idNumber: '1-0234-0567', name: ` ${invoice.name} ` } });
  expect(answer.status).toBe(200);
  const { redirectUrl } = (await answer.json()) as { redirectUrl: string };
  expect((await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard }))).status).toBe(303);

  const detail = await merchant(stack, 'GET', `/v1/merchant/orders/${session.orderNumber}`);
  expect(detail.status).toBe(200);
  expect(detail.body).toMatchObject({ status: 'approved', invoice: { receptor: { ...invoice, location: buyerLocation }, paymentMeans: [{ code: '02', amount: '45000.00', currency: 'CRC' }] } });
  const list = await merchant(stack, 'GET', `/v1/merchant/orders?orderNumber=${session.orderNumber}`);
  expect(list.body.items[0].invoice.receptor).toEqual({ ...invoice, location: buyerLocation });
});

test('offered but not asked for: the order has no invoice', async () => {
  const session = await sessionOffering(true);
  expect((await postCheckout(stack.bffUrl, session.sessionToken)).status).toBe(200);
  const detail = await merchant(stack, 'GET', `/v1/merchant/orders/${session.orderNumber}`);
  expect(detail.body.invoice).toBeNull();
});

test('a retry without the invoice drops it; with other details replaces it', async () => {
  const session = await sessionOffering(true);
  expect((await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, invoice })).status).toBe(200);
  const company: InvoiceDetails = { idType: '02', idNumber: '3101123456', name: 'Café del Valle S.A.', email: 'facturas@cafedelvalle.cr' };
  expect((await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, invoice: company })).status).toBe(200);
  expect((await merchant(stack, 'GET', `/v1/merchant/orders/${session.orderNumber}`)).body.invoice.receptor).toEqual({ ...company, location: buyerLocation });
  expect((await postCheckout(stack.bffUrl, session.sessionToken)).status).toBe(200);
  expect((await merchant(stack, 'GET', `/v1/merchant/orders/${session.orderNumber}`)).body.invoice).toBeNull();
});

test('each bad field is named with its code, and nothing is stored', async () => {
  const session = await sessionOffering(true);
  const cases: Array<[Partial<Record<keyof InvoiceDetails, unknown>>, string, string]> = [
    [{ idType: '05' }, 'invoice.idType', 'invalid_id_type'],
    [{ idType: '01', idNumber: '3101123456' }, 'invoice.idNumber', 'invalid_id_number'],
    [{ idType: '03', idNumber: '1234567890' }, 'invoice.idNumber', 'invalid_id_number'],
    [{ idNumber: '' }, 'invoice.idNumber', 'required'],
    [{ name: ' ' }, 'invoice.name', 'required'],
    [{ name: 'N'.repeat(101) }, 'invoice.name', 'too_long'],
    [{ email: 'ana@localhost' }, 'invoice.email', 'invalid_email'],
    [{ email: undefined }, 'invoice.email', 'required'],
  ];
  for (const [change, path, code] of cases) {
    const problem = await problemOf(await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, invoice: { ...invoice, ...change } }));
    expect(problem.errors, path).toEqual([expect.objectContaining({ path, code })]);
  }
  const unknown = await problemOf(await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, invoice: { ...invoice, regime: 'x' } }));
  expect(unknown.errors).toEqual([expect.objectContaining({ path: 'invoice.regime', code: 'unknown_field' })]);
  expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(0);
  expect((await merchant(stack, 'GET', `/v1/merchant/orders/${session.orderNumber}`)).body.invoice).toBeNull();
});

test('not offered: an invoice is refused naming `invoice`, before any payment is created', async () => {
  for (const session of [await sessionOffering(false), await createMerchantSession(stack.bffUrl)]) {
    const problem = await problemOf(await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, invoice }));
    expect(problem.errors).toEqual([expect.objectContaining({ path: 'invoice', code: 'invoice_not_offered' })]);
    expect(await stack.sandbox.calls('processPayment', session.orderNumber)).toBe(0);
  }
});

test('catalog sessions offer it when the element asks (`invoice: true`), and not otherwise', async () => {
  const create = (extra: object) =>
    fetch(`${stack.bffUrl}/v1/sessions`, {
      method: 'POST',
      headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ sku: 'CR-COFFEE-500', quantity: 1 }], ...extra }),
    }).then(async (response) => (await response.json()) as { sessionToken: string; order: { orderNumber: string } });
  const offered = await create({ invoice: true });
  expect((await postCheckout(stack.bffUrl, offered.sessionToken, { ...checkoutBody, invoice })).status).toBe(200);
  expect((await merchant(stack, 'GET', `/v1/merchant/orders/${offered.order.orderNumber}`)).body.invoice.receptor).toEqual({ ...invoice, location: buyerLocation });
  const plain = await create({});
  const problem = await problemOf(await postCheckout(stack.bffUrl, plain.sessionToken, { ...checkoutBody, invoice }));
  expect(problem.errors.map((error) => error.path)).toEqual(['invoice']);
});
