import { expect, test } from '../support/node-test.ts';
import { isModificationSuccess } from '../../contract/gateway-facts.ts';
import { consultResponse, processModificationResponse } from '../../contract/gateway/index.ts';
import { payOrder } from './support/payments.ts';
import { cards, merchant, startSandboxUnderTest, type SandboxUnderTest } from './support/sandbox-under-test.ts';

let now: Date;
let sandbox: SandboxUnderTest;
test.beforeEach(async () => {
  now = new Date('2026-05-04T12:00:00Z');
  sandbox = await startSandboxUnderTest({ now: () => now });
});
test.afterEach(() => sandbox.close());

const capture = '1';
const refund = '2';
const reversal = '3';

async function modify(orderNumber: string, type: string, amount: string) {
  const response = await sandbox.post('/api/v1/processModification', { orderNumber, type, amount, key: merchant.apiKey, hashVersion: 'V2', platform: 'tests' });
  expect(response.status).toBe(200);
  return processModificationResponse.parse(await response.json());
}
const succeeded = (body: { ReasonCode: string }) => isModificationSuccess(body.ReasonCode);

test('capture an authorization once, within the window; the record then says Capture', async () => {
  await payOrder(sandbox, 'A1', cards.approved, { capture: '0' });
  const ok = await modify('A1', capture, '15000.00');
  expect(ok).toMatchObject({ type: '200', ReasonCode: '1' });
  expect(ok.transactionId).toMatch(/^\d+$/);
  expect(ok.OrderHash).toMatch(/^[0-9a-f]{64}$/);
  const again = await modify('A1', capture, '15000.00');
  expect(succeeded(again)).toBe(false);
  expect(again.ReasonCodeDescription).toBeTruthy();
  const records = consultResponse.parse(await (await sandbox.post('/api/v1/consult', { key: merchant.apiKey, orderNumber: 'A1', merchantId: '' })).json()).response;
  expect(records.map((r) => [r.type, r.capture])).toEqual([['Payment', 'Capture'], ['Capture', 'Capture']]);
});

test('each modification has an OrderHash of its own, never the payment’s', async () => {
  // The payment and the full capture share order, amount, code and auth: only the transaction differs.
  const payment = await payOrder(sandbox, 'HASH1', cards.approved, { capture: '0' });
  const captured = await modify('HASH1', capture, '15000.00');
  expect(captured.OrderHash).toMatch(/^[0-9a-f]{64}$/);
  expect(captured.OrderHash).not.toBe(payment.get('OrderHash'));
});

test('a partial capture captures that much; more than authorized is refused', async () => {
  await payOrder(sandbox, 'A2', cards.approved, { capture: '0' });
  expect(succeeded(await modify('A2', capture, '15000.01'))).toBe(false);
  expect(succeeded(await modify('A2', capture, '9000.00'))).toBe(true);
  expect(await sandbox.control.truth('A2')).toMatchObject({ status: 'captured', attempts: [{ captured: '9000.00' }] });
});

test('capture is refused after the 7-day window (moved clock) and the authorization shows expired', async () => {
  await payOrder(sandbox, 'A3', cards.approved, { capture: '0' });
  await payOrder(sandbox, 'A4', cards.approved, { capture: '0' });
  now = new Date(now.getTime() + 7 * 86_400_000 - 1000);
  await sandbox.login();
  expect(succeeded(await modify('A4', capture, '15000.00'))).toBe(true);
  now = new Date(now.getTime() + 2000);
  await sandbox.login();
  const late = await modify('A3', capture, '15000.00');
  expect(late.ReasonCode).toBe('104');
  expect((await sandbox.control.truth('A3'))?.status).toBe('expired');
});

test('the control clock moves the window too', async () => {
  await payOrder(sandbox, 'A5', cards.approved, { capture: '0' });
  await sandbox.control.advanceClock(8 * 86_400);
  await sandbox.login();
  expect((await modify('A5', capture, '15000.00')).ReasonCode).toBe('104');
});

test('refund only what was captured: partial and cumulative, never beyond', async () => {
  await payOrder(sandbox, 'R1', cards.approved, { capture: '1' });
  expect(succeeded(await modify('R1', refund, '5000.00'))).toBe(true);
  expect(succeeded(await modify('R1', refund, '10000.01'))).toBe(false);
  expect(succeeded(await modify('R1', refund, '10000.00'))).toBe(true);
  expect(succeeded(await modify('R1', refund, '0.01'))).toBe(false);
  expect(await sandbox.control.truth('R1')).toMatchObject({ status: 'refunded', attempts: [{ refunded: '15000.00' }] });
});

test('refund of an uncaptured authorization is refused', async () => {
  await payOrder(sandbox, 'R2', cards.approved, { capture: '0' });
  expect((await modify('R2', refund, '1.00')).ReasonCode).toBe('103');
});

test('reverse only an uncaptured authorization; after it, neither capture nor reverse', async () => {
  await payOrder(sandbox, 'V1', cards.approved, { capture: '1' });
  expect((await modify('V1', reversal, '15000.00')).ReasonCode).toBe('103');
  await payOrder(sandbox, 'V2', cards.approved, { capture: '0' });
  expect(succeeded(await modify('V2', reversal, '15000.00'))).toBe(true);
  expect(succeeded(await modify('V2', reversal, '15000.00'))).toBe(false);
  expect(succeeded(await modify('V2', capture, '15000.00'))).toBe(false);
  expect((await sandbox.control.truth('V2'))?.status).toBe('reversed');
});

test('declined and unknown orders cannot be modified; a failure carries a message', async () => {
  await payOrder(sandbox, 'D1', cards.denied, { capture: '0' });
  for (const orderNumber of ['D1', 'NEVER-SEEN']) {
    const body = await modify(orderNumber, capture, '1.00');
    expect(body.ReasonCode).toBe('100');
    expect(body.message).toBeTruthy();
    expect(body.type).not.toBe('200');
  }
});
