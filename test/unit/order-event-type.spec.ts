// The merchant event of an order change (bff/outbox/order-events.ts): one table over every move.
import { expect, test } from '@playwright/test';
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

test('a same-status write is a merchant action: a split, or else a partial refund', () => {
  expect(orderEventTypeOf({ from: 'captured', to: 'captured', source: merchantHistorySource, detail: splitDetail('2 commerces') })).toBe('order.split');
  expect(orderEventTypeOf({ from: 'approved', to: 'approved', source: merchantHistorySource, detail: splitDetail('x') })).toBe('order.split');
  expect(orderEventTypeOf({ from: 'captured', to: 'captured', source: merchantHistorySource, detail: 'partial refund 100.00' })).toBe('order.refunded');
  expect(orderEventTypeOf({ from: 'captured', to: 'captured', source: 'consult', detail: splitDetail('x') })).toBe('order.refunded');
  expect(orderEventTypeOf({ from: 'captured', to: 'captured', source: merchantHistorySource, detail: splitDetail('x'), tellMerchant: false })).toBeNull();
});
