// Payment links (create, list by page, get, delete, pay) and consultTransactions with its filters,
// through the merchant API against the sandbox over real HTTP.
import { expect, test } from '../support/node-test.ts';
import { approvingCard, costaRicaBilling, decliningCard } from './fixtures/buyer.ts';
import { startSystem, type System } from '../support/system.ts';
import { merchant, paidOrder } from './merchant-fixture.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack.close();
});

test('a payment link is created with our return and webhook URLs, listed by page, read, paid and deleted', async () => {
  const created = await merchant(stack, 'POST', '/v1/merchant/payment-links', {
    amount: '15000',
    currency: 'CRC',
    reference: 'INV-1001',
    description: 'Hammock deposit',
    singleUse: true,
    client: 'Ana Mora',
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ amount: '15000.00', currency: 'CRC', reference: 'INV-1001', description: 'Hammock deposit', client: 'Ana Mora', timesUsed: 0 });
  expect(created.body.callbackUrl).toBe(`${stack.bffUrl}/v1/links/return`);
  expect(created.body.url.startsWith(`${stack.sandboxUrl}/`)).toBe(true);
  const id: string = created.body.id;
  const sandboxLink = await (await fetch(`${stack.sandboxUrl}/_sandbox/links/${id}`)).json();
  expect(sandboxLink.webhookUrl).toBe(`${stack.bffUrl}/v1/webhooks/links`);

  for (const amount of ['1.00', '2.00']) {
    expect((await merchant(stack, 'POST', '/v1/merchant/payment-links', { amount, currency: 'USD' })).status).toBe(201);
  }
  const first = await merchant(stack, 'GET', '/v1/merchant/payment-links?limit=2');
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ page: 1, perPage: 2, total: 3, lastPage: 2 });
  expect(first.body.items).toHaveLength(2);
  const second = await merchant(stack, 'GET', '/v1/merchant/payment-links?limit=2&page=2');
  expect(second.body.items).toHaveLength(1);
  const ids = [...first.body.items, ...second.body.items].map((link: { id: string }) => link.id);
  expect(new Set(ids)).toEqual(new Set([id, ...ids.filter((other) => other !== id)]));
  expect(ids).toContain(id);

  await stack.sandbox.payLink(created.body.url, approvingCard);
  const read = await merchant(stack, 'GET', `/v1/merchant/payment-links/${id}`);
  expect(read.status).toBe(200);
  expect(read.body.timesUsed).toBe(1);
  expect(read.body.payments).toHaveLength(1);

  const deleted = await merchant(stack, 'DELETE', `/v1/merchant/payment-links/${id}`);
  expect(deleted.status).toBe(204);
  expect((await merchant(stack, 'GET', `/v1/merchant/payment-links/${id}`)).status).toBe(404);
  expect((await merchant(stack, 'DELETE', `/v1/merchant/payment-links/${id}`)).status).toBe(404);
  const after = await merchant(stack, 'GET', '/v1/merchant/payment-links?limit=10');
  expect(after.body.items.map((link: { id: string }) => link.id)).not.toContain(id);
});

test('a link is refused before the gateway when its amount or customer name is wrong', async () => {
  const before = await stack.sandbox.calls('createLinkPayment');
  const decimals = await merchant(stack, 'POST', '/v1/merchant/payment-links', { amount: '1.001', currency: 'USD' });
  expect(decimals.status).toBe(400);
  expect(decimals.body.errors[0].path).toBe('amount');
  const client = await merchant(stack, 'POST', '/v1/merchant/payment-links', { amount: '1.00', currency: 'USD', client: 'Ana' });
  expect(client.status).toBe(400);
  expect(client.body.errors[0].path).toBe('client');
  const currency = await merchant(stack, 'POST', '/v1/merchant/payment-links', { amount: '1.00', currency: 'XYZ' });
  expect(currency.status).toBe(400);
  expect(await stack.sandbox.calls('createLinkPayment')).toBe(before);
});

test('transactions: every consultTransactions filter is a query parameter', async () => {
  const approvedUsd = await paidOrder(stack, { amount: '42.00', currency: 'USD' });
  const declinedUsd = await paidOrder(stack, { amount: '43.00', currency: 'USD' }, decliningCard);
  const approvedCrc = await paidOrder(stack, { amount: '4200.00', currency: 'CRC' });
  const numbersOf = (body: { items: Array<{ orderNumber: string }> }) => body.items.map((item) => item.orderNumber);

  const all = await merchant(stack, 'GET', '/v1/merchant/transactions');
  expect(all.status).toBe(200);
  expect(numbersOf(all.body)).toEqual(expect.arrayContaining([approvedUsd, declinedUsd, approvedCrc]));
  const mine = all.body.items.find((item: { orderNumber: string }) => item.orderNumber === approvedUsd);
  expect(mine).toMatchObject({ amount: '42.00', currency: 'USD', approved: true, email: costaRicaBilling.email });
  expect(mine.netToLiquidate).toMatch(/^\d+\.\d{2}$/);
  expect(mine.date).toMatch(/^\d{4}-\d{2}-\d{2}T/);

  // onlyApproved is our spelling; the gateway's onlyAproved is still accepted (deprecated).
  for (const parameter of ['onlyApproved', 'onlyAproved']) {
    const onlyApproved = await merchant(stack, 'GET', `/v1/merchant/transactions?${parameter}=1`);
    expect(numbersOf(onlyApproved.body), parameter).not.toContain(declinedUsd);
    expect(numbersOf(onlyApproved.body), parameter).toContain(approvedUsd);
  }

  const crcOnly = await merchant(stack, 'GET', '/v1/merchant/transactions?currency=CRC');
  expect(numbersOf(crcOnly.body)).toContain(approvedCrc);
  expect(numbersOf(crcOnly.body)).not.toContain(approvedUsd);

  const byOrder = await merchant(stack, 'GET', `/v1/merchant/transactions?orderNumber=${approvedUsd}`);
  expect(numbersOf(byOrder.body)).toEqual([approvedUsd]);
  const byAuth = await merchant(stack, 'GET', `/v1/merchant/transactions?auth=${encodeURIComponent(mine.auth)}`);
  expect(numbersOf(byAuth.body)).toEqual([approvedUsd]);
  const byEmail = await merchant(stack, 'GET', `/v1/merchant/transactions?email=${encodeURIComponent('nobody@example.com')}`);
  expect(byEmail.body.items).toEqual([]);
  const byMerchant = await merchant(stack, 'GET', `/v1/merchant/transactions?merchantId=${encodeURIComponent(mine.merchantId)}&environment=test`);
  expect(numbersOf(byMerchant.body)).toContain(approvedUsd);
  const production = await merchant(stack, 'GET', '/v1/merchant/transactions?environment=production');
  expect(numbersOf(production.body)).not.toContain(approvedUsd);

  // A bare day is BUSINESS_TIME_ZONE's day (Costa Rica, UTC-6, by default), not the UTC day.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const dayAfter = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const future = await merchant(stack, 'GET', `/v1/merchant/transactions?startDate=${tomorrow}&endDate=${tomorrow}`);
  expect(future.body).toMatchObject({ items: [], startDate: `${tomorrow}T06:00:00.000Z`, endDate: `${dayAfter}T05:59:59.000Z` });

  const bad = await merchant(stack, 'GET', '/v1/merchant/transactions?startDate=yesterday');
  expect(bad.status).toBe(400);
  expect(bad.body.errors[0].path).toBe('startDate');
  const unknown = await merchant(stack, 'GET', '/v1/merchant/transactions?colour=red');
  expect(unknown.status).toBe(400);
});
