// What each payment attempt is called at the gateway (contract/gateway-facts.ts gatewayOrderNumberOf),
// and how a number the gateway writes back is found again (ownOrderNumberEndings).
import { expect, test } from '../support/node-test.ts';
import { gatewayOrderNumberOf, gatewayOrderNumberPattern, ownOrderNumberEndings } from '../../contract/gateway-facts.ts';

test('attempt numbers are letters, digits and dashes only, whatever our order number is', () => {
  const table: [order: string, attempt: number, sent: string][] = [
    ['ORD-1001', 1, 'ORD-1001'],
    ['ORD-1001', 2, 'ORD-1001-R2'],
    ['ORD-1001', 12, 'ORD-1001-R12'],
    ['shop_42', 1, 'shop-42-R1'],
    ['shop_42', 3, 'shop-42-R3'],
    ['A', 1, 'A'],
  ];
  for (const [order, attempt, sent] of table) {
    expect(gatewayOrderNumberOf(order, attempt), `${order} #${attempt}`).toBe(sent);
    expect(sent).toMatch(gatewayOrderNumberPattern);
  }
});

test('every attempt of an order has its own number, and two orders\' attempts differ', () => {
  const orders = ['ORD-7', 'ORD-8', 'ord_7', 'X'];
  const numbers = orders.flatMap((order) => [1, 2, 3, 4].map((attempt) => gatewayOrderNumberOf(order, attempt)));
  expect(new Set(numbers).size).toBe(numbers.length);
});

test('a number the gateway writes behind its merchant prefix reads back as ours, longest ending first', () => {
  expect(ownOrderNumberEndings('PFC030684-BRD-1001-R2')).toEqual(['PFC030684-BRD-1001-R2', 'BRD-1001-R2', '1001-R2', 'R2']);
  expect(ownOrderNumberEndings('ORD-1')).toEqual(['ORD-1', '1']);
  expect(ownOrderNumberEndings('ORD|2')).toEqual(['ORD|2']);
  expect(ownOrderNumberEndings('trailing-')).toEqual(['trailing-']);
});
