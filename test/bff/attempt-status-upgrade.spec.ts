// A store from before attempts had a status of their own (the current attempt's call state lived on
// the order row as payment_state, how each attempt ended in its outcome): upgrading gives every
// attempt the one status that means both, on the run's engine (SQLite or PostgreSQL).
import { expect, test } from '../support/node-test.ts';
import { migrateToLatest } from '../../bff/store/migrate.ts';
import { oldOrderRow, withStoreAt } from './fixtures/old-store.ts';

/** An order as the old schema kept it, with its current attempt's call state. */
function oldOrder(orderNumber: string, status: string, paymentState: string, attemptNumber: number) {
  return oldOrderRow(orderNumber, status, attemptNumber, { payment_state: paymentState });
}

function oldAttempt(orderNumber: string, number: number, outcome: string, method = 'card') {
  const at = '2026-11-01T00:00:00.000Z';
  return { order_number: orderNumber, number, method, gateway_order_number: `${orderNumber}-${number}`, return_ref: `r-${orderNumber}-${number}`, outcome, created_at: at, updated_at: at };
}

// order number, its status and payment_state, then each attempt's outcome and the status it gets.
const cases: [string, string, string, [string, string][], string?][] = [
  ['A-claimed', 'created', 'claimed', [['open', 'claimed']]],
  ['A-page', 'pending', 'created', [['open', 'open']]],
  ['A-transfer', 'pending', 'transfer', [['open', 'open']], 'sinpe_movil'],
  ['A-unknown', 'created', 'unknown', [['open', 'unknown']]],
  ['A-refused', 'created', 'none', [['open', 'refused']]],
  ['A-abandoned', 'declined', 'abandoned', [['declined', 'declined'], ['expired', 'abandoned']]],
  ['A-lost-call-expired', 'expired', 'unknown', [['expired', 'expired']]],
  ['A-second-page', 'pending', 'created', [['declined', 'declined'], ['open', 'open']]],
  ['A-paid', 'captured', 'created', [['approved', 'approved']]],
  ['A-review', 'review', 'created', [['review', 'review']]],
  ['A-voided', 'cancelled', 'created', [['cancelled', 'cancelled']]],
  ['A-lapsed-then-lost', 'expired', 'abandoned', [['expired', 'expired'], ['expired', 'abandoned']]],
];

test('upgrading gives every attempt the status its order row and its outcome meant together', async () => {
  await withStoreAt('0070-history-action', async (db) => {
    for (const [orderNumber, status, paymentState, attempts, method] of cases) {
      await db.insertInto('orders').values(oldOrder(orderNumber, status, paymentState, attempts.length)).execute();
      for (const [index, [outcome]] of attempts.entries()) await db.insertInto('payment_attempts').values(oldAttempt(orderNumber, index + 1, outcome, method)).execute();
    }

    await migrateToLatest(db);

    const rows = await db.selectFrom('payment_attempts').select(['order_number', 'number', 'status', 'outcome']).orderBy('order_number').orderBy('number').execute();
    const expected = cases
      .flatMap(([orderNumber, , , attempts]) => attempts.map(([outcome, status], index) => ({ order_number: orderNumber, number: index + 1, status, outcome })))
      .sort((a, b) => (a.order_number < b.order_number ? -1 : a.order_number > b.order_number ? 1 : a.number - b.number));
    expect(rows.map((row) => ({ ...row, number: Number(row.number) }))).toEqual(expected);
  });
});
