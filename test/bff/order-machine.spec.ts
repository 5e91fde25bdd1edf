// The order state machine: every move the table does not list is refused and writes nothing; every
// move it lists is written with its history entry, on a real database (SQLite or PostgreSQL).
// The walk over the table's ~900 refused moves checks with node:assert: Playwright's expect records a
// step (its stack captured and source-mapped) for each call.
import assert from 'node:assert/strict';
import { expect, test } from '../support/node-test.ts';
import { allOrderStatuses, IllegalTransitionError, isLegalTransition, orderTransitions, type TransitionEvidence } from '../../bff/payments/orders/order-rules.ts';
import { transitionOrderNow } from '../../bff/payments/orders/order-machine.ts';
import { statusWriterView } from '../../bff/payments/lifecycle/status-writer-view.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import type { OrderStatus } from '../../contract/bff-api.ts';
import { storePerFile } from './fixtures/store-per-file.ts';
import { storedOrder } from './fixtures/stored-order.ts';

const evidences: readonly TransitionEvidence[] = ['session', 'page-created', 'consult', 'redirect', 'mismatch', 'no-payment', 'merchant', 'transfer-opened', 'bank', 'unconfirmed'];

const storeOf = storePerFile();

async function orderIn(status: OrderStatus): Promise<string> {
  const order = await storedOrder(storeOf(), 'SM');
  await statusWriterView(storeOf().db).updateTable('orders').set({ status }).where('order_number', '=', order.order_number).execute();
  return order.order_number;
}

test('every move the table does not list is refused and leaves the order and its history untouched', async () => {
  let refused = 0;
  for (const from of allOrderStatuses) {
    const orderNumber = await orderIn(from);
    const historyBefore = await statusHistory(storeOf().db, orderNumber);
    for (const to of allOrderStatuses) {
      for (const evidence of evidences) {
        if (isLegalTransition(from, to, evidence)) continue;
        await assert.rejects(transitionOrderNow(storeOf().db, orderNumber, { from, to, evidence, source: 'test', now: new Date().toISOString() }), IllegalTransitionError);
        refused++;
      }
    }
    expect((await findOrder(storeOf().db, orderNumber))?.status).toBe(from);
    expect(await statusHistory(storeOf().db, orderNumber)).toEqual(historyBefore);
  }
  // 10 statuses × 10 × 10 evidences, less the legal ones: the walk covered them all.
  expect(refused).toBeGreaterThan(850);
});

test('an unverified claim is never evidence for money: no redirect approves, nothing but consult or the merchant does', async () => {
  for (const from of allOrderStatuses) {
    expect(isLegalTransition(from, 'approved', 'redirect')).toBe(false);
    expect(isLegalTransition(from, 'approved', 'page-created')).toBe(false);
    expect(isLegalTransition(from, 'review', 'redirect')).toBe(false);
    // Opening a transfer only hands out a reference: it never says money moved.
    expect(isLegalTransition(from, 'approved', 'transfer-opened')).toBe(false);
  }
});

test('a bank event settles only a transfer that is open or lapsed, and takes back only an approval', () => {
  const bankTargets = allOrderStatuses.flatMap((from) => allOrderStatuses.filter((to) => isLegalTransition(from, to, 'bank')).map((to) => `${from}→${to}`));
  expect(bankTargets.sort()).toEqual(['approved→reversed', 'approved→review', 'declined→approved', 'expired→approved', 'pending→approved', 'pending→declined']);
});

test('an attempt the gateway never answered readably goes to review only from an unsettled status', () => {
  const unconfirmedTargets = allOrderStatuses.flatMap((from) => allOrderStatuses.filter((to) => isLegalTransition(from, to, 'unconfirmed')).map((to) => `${from}→${to}`));
  expect(unconfirmedTargets.sort()).toEqual(['cancelled→review', 'created→review', 'declined→review', 'pending→review']);
});

test('every listed move is written once, with its history entry, and only from the status it names', async () => {
  for (const [from, targets] of Object.entries(orderTransitions) as Array<[OrderStatus, Partial<Record<OrderStatus, readonly TransitionEvidence[]>>]>) {
    for (const [to, allowed] of Object.entries(targets) as Array<[OrderStatus, readonly TransitionEvidence[]]>) {
      const orderNumber = await orderIn(from);
      const change = { from, to, evidence: allowed[0]!, source: 'test', detail: `${from}→${to}`, now: new Date().toISOString() };
      expect(await transitionOrderNow(storeOf().db, orderNumber, change)).toBe(true);
      expect((await findOrder(storeOf().db, orderNumber))?.status).toBe(to);
      expect((await statusHistory(storeOf().db, orderNumber)).at(-1)).toMatchObject({ from_status: from, to_status: to, detail: `${from}→${to}` });
      // The second writer read the same `from`: it loses, and writes nothing.
      expect(await transitionOrderNow(storeOf().db, orderNumber, change)).toBe(false);
    }
  }
});
