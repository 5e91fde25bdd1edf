import { expect, test } from '../support/node-test.ts';
import { consultResponse, gatewayFailure, splitResponse } from '../../contract/gateway/index.ts';
import { payOrder } from './support/payments.ts';
import { cards, merchant, startSandboxUnderTest, type SandboxUnderTest } from './support/sandbox-under-test.ts';

let sandbox: SandboxUnderTest;
test.beforeEach(async () => {
  sandbox = await startSandboxUnderTest();
});
test.afterEach(() => sandbox.close());

const split = (order_id: string, commerces: Array<{ email: string; amount: string }>) =>
  sandbox.post('/api/v1/orders/liquidation/split', { order_id, commerces, lang: 'es' });

test('the owner, not listed, receives the remainder; shares become SL| orders', async () => {
  const query = await payOrder(sandbox, 'S1', cards.approved);
  const body = splitResponse.parse(await (await split(query.get('tpt')!, [{ email: 'partner@example.com', amount: '4000.50' }])).json());
  expect(body.type).toBe('200');
  expect(body.response).toMatchObject({ order_id: Number(query.get('tpt')), order_number: 'S1', order_currency: 'CRC', order_amount: '15000.00', total_order_splitted: 2 });
  const shares = Object.fromEntries(body.response.splitted_orders.map((s) => [s.commerce_email, s.amount]));
  expect(shares).toEqual({ 'partner@example.com': 4000.5, [merchant.apiUser]: 10999.5 });
  const records = consultResponse.parse(await (await sandbox.post('/api/v1/consult', { key: merchant.apiKey, orderNumber: 'SL|S1', merchantId: '' })).json()).response;
  expect(records.map((r) => r.amount).sort()).toEqual(['10999.50', '4000.50']);
});

test('a listed owner gets its share plus the remainder', async () => {
  await payOrder(sandbox, 'S2', cards.approved);
  const body = splitResponse.parse(
    await (await split('S2', [{ email: 'partner@example.com', amount: '5000.00' }, { email: merchant.apiUser, amount: '1000.00' }])).json(),
  );
  const owner = body.response.splitted_orders.find((s) => s.commerce_email === merchant.apiUser);
  expect(owner?.amount).toBe(10000);
  expect(body.response.splitted_orders.reduce((sum, s) => sum + s.amount, 0)).toBe(15000);
});

test('shares above the order amount, a declined order, a second split and an authorization are refused', async () => {
  await payOrder(sandbox, 'S3', cards.approved);
  expect(gatewayFailure.parse(await (await split('S3', [{ email: 'p@example.com', amount: '15000.01' }])).json()).type).toBe('400');
  await payOrder(sandbox, 'S4', cards.denied);
  expect(gatewayFailure.parse(await (await split('S4', [{ email: 'p@example.com', amount: '1.00' }])).json()).type).toBe('400');
  expect((await (await split('S3', [{ email: 'p@example.com', amount: '15000.00' }])).json()).type).toBe('200');
  expect(gatewayFailure.parse(await (await split('S3', [{ email: 'p@example.com', amount: '1.00' }])).json()).type).toBe('400');
  await payOrder(sandbox, 'S5', cards.approved, { capture: '0' });
  expect(gatewayFailure.parse(await (await split('S5', [{ email: 'p@example.com', amount: '1.00' }])).json()).type).toBe('400');
});
