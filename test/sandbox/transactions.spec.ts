import { expect, test } from '@playwright/test';
import { consultTransactionsResponse } from '../../contract/gateway/index.ts';
import { payOrder } from './support/payments.ts';
import { cards, merchant, startSandboxUnderTest, type SandboxUnderTest } from './support/sandbox-under-test.ts';

let now: Date;
let sandbox: SandboxUnderTest;
test.beforeAll(async () => {
  now = new Date('2026-06-10T08:00:00Z');
  sandbox = await startSandboxUnderTest({ now: () => now });
  await payOrder(sandbox, 'T-CRC-OK', cards.approved, { billToEmail: 'uno@example.com' });
  await payOrder(sandbox, 'T-CRC-NO', cards.insufficientFunds, { billToEmail: 'dos@example.com' });
  now = new Date('2026-06-11T08:00:00Z');
  await sandbox.login();
  await payOrder(sandbox, 'T-USD-OK', cards.approved, { currency: 'USD', amount: '25.00', billToEmail: 'Tres@Example.com' });
});
test.afterAll(() => sandbox.close());

async function list(filters: Record<string, unknown> = {}) {
  const response = await sandbox.post('/api/v1/consultTransactions', {
    key: merchant.apiKey,
    startDate: '2026-06-01 00:00:00',
    endDate: '2026-06-30 23:59:59',
    ...filters,
  });
  const body = consultTransactionsResponse.parse(await response.json());
  return body.response.map((item) => item.orderNumber).sort();
}

test('every transaction in the date range, declines included, in the list-item shape', async () => {
  expect(await list()).toEqual(['T-CRC-NO', 'T-CRC-OK', 'T-USD-OK']);
  const response = await sandbox.post('/api/v1/consultTransactions', { key: merchant.apiKey, startDate: '2026-06-01 00:00:00', endDate: '2026-06-30 23:59:59' });
  const items = consultTransactionsResponse.parse(await response.json()).response;
  const declined = items.find((item) => item.orderNumber === 'T-CRC-NO')!;
  expect(declined).toMatchObject({ code: '51', email: 'dos@example.com', net_to_liquidate: 0 });
  const approved = items.find((item) => item.orderNumber === 'T-CRC-OK')!;
  // 3.5 % commission and 13 % IVA on it: 15000 - 525 - 68.25.
  expect(approved).toMatchObject({ commission: 525, iva_commission: 68.25, net_to_liquidate: 14406.75 });
});

test('each filter narrows the list', async () => {
  expect(await list({ startDate: '2026-06-11 00:00:00' })).toEqual(['T-USD-OK']);
  expect(await list({ endDate: '2026-06-10 23:59:59' })).toEqual(['T-CRC-NO', 'T-CRC-OK']);
  expect(await list({ onlyAproved: 1 })).toEqual(['T-CRC-OK', 'T-USD-OK']);
  expect(await list({ onlyAproved: 0 })).toHaveLength(3);
  expect(await list({ environment: 1 })).toHaveLength(3);
  expect(await list({ environment: 0 })).toEqual([]);
  expect(await list({ currency: ['USD'] })).toEqual(['T-USD-OK']);
  expect(await list({ currency: ['USD', 'CRC'] })).toHaveLength(3);
  expect(await list({ merchantId: merchant.merchantId })).toHaveLength(3);
  expect(await list({ merchantId: 'someone-else' })).toEqual([]);
  expect(await list({ orderNumber: 'T-CRC-NO' })).toEqual(['T-CRC-NO']);
  expect(await list({ email: 'tres@example.com' })).toEqual(['T-USD-OK']);
  const approved = (await sandbox.control.truth('T-CRC-OK'))!.attempts[0]!.auth!;
  expect(await list({ auth: approved })).toEqual(['T-CRC-OK']);
});

test('a malformed date fails in the body', async () => {
  const response = await sandbox.post('/api/v1/consultTransactions', { key: merchant.apiKey, startDate: '2026-06-01', endDate: '2026-06-30 23:59:59' });
  expect(((await response.json()) as { type: string }).type).toBe('400');
});
