// The merchant event of an order change (bff/outbox/order-events.ts): one table over every move.
import { expect, test } from '../support/node-test.ts';
import { orderStatuses, type OrderStatus } from '../../contract/bff-api.ts';
import { orderEventTypeOf } from '../../bff/outbox/order-events.ts';
import { merchantHistorySource, splitDetail } from '../../bff/merchant/change-history.ts';

/** The statuses a checkout passes through report nothing; every other status reports `order.<status>`. */
const passedThrough: OrderStatus[] = ['created', 'pending'];
const reported = (to: OrderStatus) => (passedThrough.includes(to) ? null : `order.${to}`);

test('a move into a status reports that status; the statuses a checkout passes through report nothing', () => {
  for (const from of orderStatuses) {
    for (const to of orderStatuses) {
      if (from === to) continue;
      expect(orderEventTypeOf({ from, to, source: 'consult' }), `${from} → ${to}`).toBe(reported(to));
      expect(orderEventTypeOf({ from, to, source: 'consult', tellMerchant: false }), `${from} → ${to}, kept in history only`).toBeNull();
    }
  }
});

test("a same-status write is a merchant action: its typed action, never the detail's text, says split or refund", () => {
  const same = { from: 'captured', to: 'captured', source: merchantHistorySource } as const;
  expect(orderEventTypeOf({ ...same, action: 'split', detail: splitDetail('among 2') })).toBe('order.split');
  expect(orderEventTypeOf({ ...same, from: 'approved', to: 'approved', action: 'split', detail: 'anything' })).toBe('order.split');
  expect(orderEventTypeOf({ ...same, action: 'refund', detail: 'refund 100.00 CRC' })).toBe('order.refunded');
  // A detail that merely reads like a split is not one.
  expect(orderEventTypeOf({ ...same, action: 'refund', detail: splitDetail('x') })).toBe('order.refunded');
  expect(orderEventTypeOf({ ...same, detail: splitDetail('x') })).toBeNull();
  expect(orderEventTypeOf({ ...same, action: 'split', detail: splitDetail('x'), tellMerchant: false })).toBeNull();
});
