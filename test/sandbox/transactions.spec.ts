import { expect, test } from '../support/node-test.ts';
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
  // 3.5 % commission, 13 % IVA on it, IVA withheld at Hacienda's factor 0.05310 and income tax at
  // 0.01770 of the sale: 15000 - 525 - 68.25 - 796.50 - 265.50.
  expect(approved).toMatchObject({ commission: 525, iva_commission: 68.25, retention_iva: 796.5, retention_rent: 265.5, cost: 0, cost_iva: 0, net_to_liquidate: 13344.75 });
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

test('the fee schedule is configurable: the next records carry the new rates and a fixed cost with its IVA', async () => {
  await sandbox.control.setFees({ commissionPer100k: 4_000, retentionIvaPer100k: 0, retentionRentPer100k: 0, costPerPayment: { CRC: '100.00' } });
  try {
    now = new Date('2026-06-12T08:00:00Z');
    await sandbox.login();
    await payOrder(sandbox, 'T-CRC-FEES', cards.approved, { billToEmail: 'cuatro@example.com' });
    const response = await sandbox.post('/api/v1/consultTransactions', { key: merchant.apiKey, startDate: '2026-06-12 00:00:00', endDate: '2026-06-12 23:59:59' });
    const [item] = consultTransactionsResponse.parse(await response.json()).response;
    // 15000: 4 % is 600, IVA 78; cost 100 and its IVA 13.
    expect(item).toMatchObject({ orderNumber: 'T-CRC-FEES', commission: 600, iva_commission: 78, retention_iva: 0, retention_rent: 0, cost: 100, cost_iva: 13, net_to_liquidate: 14209 });
  } finally {
    await sandbox.control.setFees({});
  }
});
