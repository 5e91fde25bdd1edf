// SANDBOX_PROFILE=tilopay: the sandbox answers as the real service is observed to
// (gateway-facts.md "Observed in public integrations of the real service").
import { expect, test } from '../support/node-test.ts';
import { verifyOrderHashV2, orderHashV2 } from '../../contract/order-hash.ts';
import { gatewayProfileFromEnv, gatewayProfileOf } from '../../sandbox/gateway/gateway-profile.ts';
import { createHostedPayment } from './support/payments.ts';
import { cards, merchant, paymentRequest, startSandboxUnderTest, type SandboxUnderTest } from './support/sandbox-under-test.ts';

let sandbox: SandboxUnderTest;
test.afterEach(() => sandbox?.close());

const consultRecords = async (orderNumber: string) =>
  ((await (await sandbox.post('/api/v1/consult', { key: merchant.apiKey, orderNumber, merchantId: '' })).json()) as { response: Record<string, unknown>[] }).response;

test('the redirect and consult of a paid order, as the real service writes them', async () => {
  sandbox = await startSandboxUnderTest({ profile: gatewayProfileOf('tilopay') });
  const hosted = await createHostedPayment(sandbox, { amount: '15000.00' });
  const query = (await sandbox.control.payHostedPage(hosted, { card: cards.approved })).searchParams;
  expect(query.get('tilopay-transaction')).toBe(query.get('tpt'));
  expect(query.has('svc-transaction')).toBe(false);
  expect(query.get('brand')).toBe('VISA');
  expect(query.get('last-digits')).toBe(cards.approved.slice(-4));
  // The OrderHash amount as the official plugin signs it: with the thousands comma.
  const record = paymentRequest({ amount: '15000.00' });
  const input = {
    tpt: query.get('tpt')!, apiKey: merchant.apiKey, apiUser: merchant.apiUser, apiPassword: merchant.apiPassword,
    orderNumber: record.orderNumber!, amount: '15000.00', currency: record.currency!, responseCode: '1', auth: query.get('auth')!, email: record.billToEmail!,
  };
  expect(query.get('OrderHash')).toBe(await orderHashV2(input, 'thousands'));
  expect(query.get('OrderHash')).not.toBe(await orderHashV2(input, 'plain'));
  expect(await verifyOrderHashV2(input, query.get('OrderHash')!)).toBe(true);

  const [payment] = await consultRecords(record.orderNumber!);
  expect(payment).toMatchObject({ id_tilopay: Number(query.get('tpt')), orderNumber: `PFC030684-${record.orderNumber}`, card: '', last: '', code: '1' });
  expect(payment).not.toHaveProperty('id_svc');
  expect(typeof payment?.commission).toBe('string');
  for (const absent of ['iva_commission', 'retention_iva', 'retention_rent', 'cost_iva']) expect(payment).not.toHaveProperty(absent);
});

test('the test cards decline with the codes the real service writes', async () => {
  sandbox = await startSandboxUnderTest({ profile: gatewayProfileOf('tilopay') });
  const codes: string[] = [];
  for (const card of [cards.denied, cards.insufficientFunds, cards.invalidCvv, cards.lostStolen]) {
    const hosted = await createHostedPayment(sandbox, { orderNumber: `ORD-${codes.length}` });
    codes.push((await sandbox.control.payHostedPage(hosted, { card })).searchParams.get('code') ?? '');
  }
  expect(codes).toEqual(['2', '51', '82', '43']);
});

test('a cancel returns with wp_cancel=yes and consult records code 8', async () => {
  sandbox = await startSandboxUnderTest({ profile: gatewayProfileOf('tilopay') });
  const hosted = await createHostedPayment(sandbox);
  const query = (await sandbox.control.payHostedPage(hosted, { card: '', cancel: true })).searchParams;
  expect(query.get('wp_cancel')).toBe('yes');
  expect(query.has('cancel')).toBe(false);
  expect(query.get('code')).toBe('8');
  expect((await consultRecords(paymentRequest().orderNumber!)).map((record) => record.code)).toEqual(['8']);
});

test('SANDBOX_GATEWAY_BRAND alone renames the brand fields and keeps the spec\'s answers otherwise', async () => {
  sandbox = await startSandboxUnderTest({ profile: gatewayProfileFromEnv({ SANDBOX_GATEWAY_BRAND: 'acme' }) });
  const hosted = await createHostedPayment(sandbox);
  const query = (await sandbox.control.payHostedPage(hosted, { card: cards.approved })).searchParams;
  expect(query.get('acme-transaction')).toBe(query.get('tpt'));
  const [payment] = await consultRecords(paymentRequest().orderNumber!);
  expect(payment).toMatchObject({ id_acme: Number(query.get('tpt')), orderNumber: paymentRequest().orderNumber, last: cards.approved.slice(-4) });
});

test('a bad SANDBOX_PROFILE or SANDBOX_GATEWAY_BRAND stops the start, naming the variable', () => {
  expect(() => gatewayProfileFromEnv({ SANDBOX_PROFILE: 'stripe' })).toThrow(/SANDBOX_PROFILE/);
  expect(() => gatewayProfileFromEnv({ SANDBOX_GATEWAY_BRAND: 'Tilo Pay' })).toThrow(/SANDBOX_GATEWAY_BRAND/);
  expect(gatewayProfileFromEnv({})).toMatchObject({ name: 'spec', brand: 'svc', cancelFlag: ['cancel', '1'] });
});
