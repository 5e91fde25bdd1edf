// A SINPE Móvil checkout asks only what a transfer needs: name, e-mail and phone. The BFF opens the
// transfer from them, the merchant's order and its invoice hand-off read well without an address,
// a card still needs the whole address, and a merchant with SINPE_MOVIL_ASK_ADDRESS=1 gets it asked.
import { expect, test } from '../support/node-test.ts';
import type { InvoiceDetails } from '../../contract/invoice.ts';
import type { SinpeCheckoutResponse } from '../../contract/sinpe-movil.ts';
import { createMerchantSession, postCheckout } from './fixtures/buyer.ts';
import { bankPosts, merchantPhone } from './fixtures/sinpe-orders.ts';
import { ManualClock, startSystem, type System } from '../support/system.ts';
import { merchantGet } from './webhooks-support.ts';

const contact = { firstName: 'Ana', lastName: 'Mora', email: 'ana.mora@example.com', telephone: '8312 3456' };
const addressFields = ['billing.address', 'billing.address2', 'billing.city', 'billing.state', 'billing.zip', 'billing.country'];
const receptor: InvoiceDetails = { idType: '01', idNumber: '102340567', name: 'Ana María Solís', email: 'ana.facturas@example.cr' };

async function sessionOn(stack: System, invoice = false) {
  return createMerchantSession(stack.bffUrl, { amount: '15000.00', currency: 'CRC', ...(invoice && { invoice: true }) });
}

async function readSession(stack: System, token: string) {
  return (await (await fetch(`${stack.bffUrl}/v1/session`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { sinpeMovil?: { askAddress?: boolean } };
}

async function refusedPaths(response: Response): Promise<string[]> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return ((await response.json()) as { errors: Array<{ path: string }> }).errors.map((error) => error.path).sort();
}

test.describe('by default (only name, e-mail and phone)', () => {
  let stack: System;
  test.beforeAll(async () => {
    stack = await startSystem({ bank: true,  clock: new ManualClock(), env: { SINPE_MOVIL_PHONE: merchantPhone } });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('the session offers SINPE Móvil without asking the address', async () => {
    const session = await sessionOn(stack);
    expect((await readSession(stack, session.sessionToken)).sinpeMovil).toEqual({});
  });

  test('a SINPE Móvil checkout with only name, e-mail and phone opens a transfer the merchant order shows, and the bank pays it', async () => {
    const session = await sessionOn(stack, true);
    const response = await postCheckout(stack.bffUrl, session.sessionToken, { billing: contact, method: 'sinpe_movil', invoice: receptor });
    expect(response.status).toBe(200);
    const { sinpeMovil } = (await response.json()) as SinpeCheckoutResponse;
    expect(sinpeMovil).toMatchObject({ phone: merchantPhone, currency: 'CRC' });

    const pending = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${session.orderNumber}`);
    expect(pending.body).toMatchObject({ status: 'pending', email: contact.email, attempts: [expect.objectContaining({ method: 'sinpe_movil', sinpeReference: sinpeMovil.reference })] });

    await bankPosts(stack, { reference: sinpeMovil.reference, amount: sinpeMovil.amount });
    const paid = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${session.orderNumber}`);
    expect(paid.body.status).toBe('approved');
    // No address was given: the receptor has no ubicación, and nothing is made up for it.
    expect(paid.body.invoice.receptor).toEqual(receptor);
    expect(paid.body.invoice.paymentMeans).toEqual([{ code: '06', amount: sinpeMovil.amount, currency: 'CRC' }]);
  });

  test('a card checkout with only name, e-mail and phone is refused naming each address field', async () => {
    const session = await sessionOn(stack);
    expect(await refusedPaths(await postCheckout(stack.bffUrl, session.sessionToken, { billing: contact, sameAsBilling: true }))).toEqual([...addressFields].sort());
  });

  test('a SINPE Móvil checkout without a phone is refused naming billing.telephone, and opens nothing', async () => {
    const session = await sessionOn(stack);
    expect(await refusedPaths(await postCheckout(stack.bffUrl, session.sessionToken, { billing: { ...contact, telephone: '' }, method: 'sinpe_movil' }))).toEqual(['billing.telephone']);
    const detail = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${session.orderNumber}`);
    expect(detail.body).toMatchObject({ status: 'created', attempts: [] });
  });
});

test.describe('with SINPE_MOVIL_ASK_ADDRESS=1', () => {
  let stack: System;
  test.beforeAll(async () => {
    stack = await startSystem({ bank: true,  clock: new ManualClock(), env: { SINPE_MOVIL_PHONE: merchantPhone, SINPE_MOVIL_ASK_ADDRESS: '1' } });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('the session tells the widget to ask the address, and a SINPE Móvil checkout without it is refused naming each field', async () => {
    const session = await sessionOn(stack);
    expect((await readSession(stack, session.sessionToken)).sinpeMovil).toEqual({ askAddress: true });
    expect(await refusedPaths(await postCheckout(stack.bffUrl, session.sessionToken, { billing: contact, method: 'sinpe_movil' }))).toEqual([...addressFields].sort());
  });
});
