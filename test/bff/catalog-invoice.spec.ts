// A catalog session is opened by anyone on an allowed page: it may ask for an electronic invoice
// only when the merchant's catalog says the shop issues them (`"invoice": true` in CATALOG_FILE).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/node-test.ts';
import type { InvoiceDetails } from '../../contract/invoice.ts';
import { checkoutBody, postCheckout } from './fixtures/buyer.ts';
import { startSystem, shopOrigin, type System } from '../support/system.ts';
import { merchant } from './merchant-fixture.ts';

const invoice: InvoiceDetails = { idType: '01', idNumber: '102340567', name: 'Ana María Solís', email: 'ana.facturas@example.cr' };
/** The receptor's ubicación from the buyer's billing address (postal code 10101: San José, Carmen). */
const buyerLocation = { provincia: '1', canton: '01', distrito: '01', otrasSenas: 'Avenida Central 100' };
const coffee = { sku: 'CR-COFFEE-500', name: 'Coffee', unitAmount: '6500.00', currency: 'CRC' };

let directory: string;
let withoutInvoices: System;
let withInvoices: System;
test.beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'catalog-invoice-'));
  const catalogFile = async (name: string, document: object) => {
    const file = join(directory, name);
    await writeFile(file, JSON.stringify(document));
    return file;
  };
  withoutInvoices = await startSystem({ env: { CATALOG_FILE: await catalogFile('plain.json', { items: [coffee] }) } });
  withInvoices = await startSystem({ env: { CATALOG_FILE: await catalogFile('invoicing.json', { invoice: true, items: [coffee] }) } });
});
test.afterAll(async () => {
  await Promise.all([withoutInvoices?.close(), withInvoices?.close()]);
  await rm(directory, { recursive: true, force: true });
});

const openCatalogSession = (stack: System, extra: object) =>
  fetch(`${stack.bffUrl}/v1/sessions`, {
    method: 'POST',
    headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [{ sku: coffee.sku, quantity: 1 }], ...extra }),
  });

test('a stranger cannot open a catalog session that takes an invoice when the catalog issues none', async () => {
  const asked = await openCatalogSession(withoutInvoices, { invoice: true });
  expect(asked.status).toBe(400);
  expect(asked.headers.get('content-type')).toContain('application/problem+json');
  const problem = (await asked.json()) as { errors: Array<{ path: string }> };
  expect(problem.errors.map((error) => error.path)).toEqual(['invoice']);
  // Without the ask the session opens, and its checkout refuses invoice details naming the field.
  const plain = (await (await openCatalogSession(withoutInvoices, {})).json()) as { sessionToken: string };
  const checkout = await postCheckout(withoutInvoices.bffUrl, plain.sessionToken, { ...checkoutBody, invoice });
  expect(checkout.status).toBe(400);
  expect(((await checkout.json()) as { errors: Array<{ path: string }> }).errors.map((error) => error.path)).toEqual(['invoice']);
});

test('a catalog that issues invoices lets the buyer ask for one, and the merchant sees it', async () => {
  const created = await openCatalogSession(withInvoices, { invoice: true });
  expect(created.status).toBe(201);
  const session = (await created.json()) as { sessionToken: string; order: { orderNumber: string } };
  expect((await postCheckout(withInvoices.bffUrl, session.sessionToken, { ...checkoutBody, invoice })).status).toBe(200);
  expect((await merchant(withInvoices, 'GET', `/v1/merchant/orders/${session.order.orderNumber}`)).body.invoice.receptor).toEqual({ ...invoice, location: buyerLocation });
});
