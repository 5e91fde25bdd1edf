// The state rules alone, no servers: what each action allows from each state, in exact minor units.
import { expect, test } from '../support/node-test.ts';
import { actionLimit, planModification, planSplit, statusAfter, type OrderState, type RuleContext } from '../../bff/merchant/modification-rules.ts';
import { gatewayNumberAmount } from '../../bff/merchant/order-modifier.ts';

const now = new Date('2026-11-21T12:00:00Z');
const context: RuleContext = { now, authorizedAt: new Date('2026-11-20T12:00:00Z'), alreadySplit: false, paidByBankTransfer: false };
const authorized: OrderState = { status: 'approved', capture: 0, amount: '100.00', currency: 'USD', captured_amount: '0', refunded_amount: '0' };
const captured: OrderState = { ...authorized, capture: 1, captured_amount: '100.00' };

test('capture: up to the authorized amount, once, within 7 days', () => {
  expect(planModification(authorized, 'capture', undefined, context)).toEqual({ ok: true, minor: 10000n, amount: '100.00' });
  expect(planModification(authorized, 'capture', '0.01', context)).toEqual({ ok: true, minor: 1n, amount: '0.01' });
  expect(planModification(authorized, 'capture', '100.01', context)).toMatchObject({ ok: false, kind: 'conflict' });
  expect(planModification(captured, 'capture', undefined, context)).toMatchObject({ ok: false, kind: 'conflict' });
  const day8 = { ...context, now: new Date('2026-11-27T12:00:01Z') };
  expect(planModification(authorized, 'capture', undefined, day8)).toMatchObject({ ok: false, detail: expect.stringMatching(/lapsed/) });
  const day7 = { ...context, now: new Date('2026-11-27T12:00:00Z') };
  expect(planModification(authorized, 'capture', undefined, day7).ok).toBe(true);
});

test('refund: cumulative, never above what was captured; status refunded only when all of it is', () => {
  const partlyRefunded = { ...captured, status: 'captured' as const, captured_amount: '80.00', refunded_amount: '30.50' };
  expect(actionLimit(partlyRefunded, 'refund', context)).toEqual({ ok: true, minor: 4950n });
  expect(planModification(partlyRefunded, 'refund', '49.51', context)).toMatchObject({ ok: false, kind: 'conflict' });
  expect(statusAfter(partlyRefunded, 'refund', 4949n)).toEqual({ status: 'captured', captured: '80.00', refunded: '79.99' });
  expect(statusAfter(partlyRefunded, 'refund', 4950n)).toEqual({ status: 'refunded', captured: '80.00', refunded: '80.00' });
  expect(planModification(authorized, 'refund', '1.00', context)).toMatchObject({ ok: false, kind: 'conflict' });
  expect(planModification(captured, 'refund', '0', context)).toMatchObject({ ok: false, kind: 'invalid' });
  expect(planModification(captured, 'refund', '0.001', context)).toMatchObject({ ok: false, kind: 'invalid' });
});

test('reverse: the whole uncaptured authorization only', () => {
  expect(planModification(authorized, 'reverse', '100.00', context)).toMatchObject({ ok: true, minor: 10000n });
  expect(planModification(authorized, 'reverse', '99.99', context)).toMatchObject({ ok: false, kind: 'conflict' });
  expect(planModification(captured, 'reverse', undefined, context)).toMatchObject({ ok: false, kind: 'conflict' });
  expect(planModification({ ...authorized, status: 'declined' }, 'reverse', undefined, context)).toMatchObject({ ok: false });
});

test('split: fully captured, nothing refunded, once; the owner keeps the remainder', () => {
  const crc = { ...captured, amount: '15000.00', currency: 'CRC', captured_amount: '15000.00' };
  expect(planSplit(crc, [{ email: 'a@x.example', amount: '10000' }, { email: 'b@x.example', amount: '4999.99' }], context)).toEqual({
    ok: true,
    sharedMinor: 1499999n,
    remainderMinor: 1n,
  });
  expect(planSplit(crc, [{ email: 'a@x.example', amount: '15000.01' }], context)).toMatchObject({ ok: false, kind: 'conflict' });
  expect(planSplit(crc, [{ email: 'a@x.example', amount: '1' }, { email: 'A@x.example', amount: '1' }], context)).toMatchObject({ ok: false, kind: 'invalid' });
  expect(planSplit(authorized, [{ email: 'a@x.example', amount: '1' }], context)).toMatchObject({ ok: false, kind: 'conflict' });
  expect(planSplit({ ...crc, refunded_amount: '1.00' }, [{ email: 'a@x.example', amount: '1' }], context)).toMatchObject({ ok: false });
  expect(planSplit(crc, [{ email: 'a@x.example', amount: '1' }], { ...context, alreadySplit: true })).toMatchObject({ ok: false });
});

test('each refusal carries a code a back office words in its own language', () => {
  const fullyRefunded: OrderState = { ...captured, status: 'refunded', refunded_amount: '100.00' };
  const day8 = { ...context, now: new Date('2026-11-27T12:00:01Z') };
  const table: Array<[OrderState, 'capture' | 'refund' | 'reverse' | 'split', RuleContext, string]> = [
    [authorized, 'capture', { ...context, paidByBankTransfer: true }, 'paid-by-transfer'],
    [captured, 'capture', context, 'already-captured'],
    [{ ...authorized, status: 'declined' }, 'capture', context, 'not-authorized'],
    [authorized, 'capture', day8, 'authorization-lapsed'],
    [captured, 'reverse', context, 'captured-not-reversible'],
    [{ ...authorized, status: 'cancelled' }, 'reverse', context, 'not-authorized'],
    [authorized, 'refund', context, 'nothing-captured'],
    [fullyRefunded, 'refund', context, 'fully-refunded'],
    [authorized, 'split', context, 'not-splittable'],
    [captured, 'split', { ...context, alreadySplit: true }, 'already-split'],
  ];
  for (const [order, action, given, code] of table) {
    expect(actionLimit(order, action, given), `${order.status} ${action} → ${code}`).toMatchObject({ ok: false, code });
  }
});

test('amounts given as JSON numbers become exact decimal strings, half up to the currency', () => {
  expect(gatewayNumberAmount(12.5, 'USD')).toBe('12.50');
  expect(gatewayNumberAmount(1234.56, 'USD')).toBe('1234.56');
  expect(gatewayNumberAmount(15000, 'CRC')).toBe('15000.00');
  // The gateway already did it: its figure is kept, held to the currency's cents, never refused.
  expect(gatewayNumberAmount(1.005, 'USD')).toBe('1.01');
  expect(gatewayNumberAmount(33.333, 'USD')).toBe('33.33');
  expect(gatewayNumberAmount(0.1 + 0.2, 'USD')).toBe('0.30');
  expect(gatewayNumberAmount(1e21, 'CRC')).toBe('1000000000000000000000.00');
  expect(() => gatewayNumberAmount(-1, 'USD')).toThrow();
});
