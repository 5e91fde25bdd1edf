// A database from before an approval by a bank payment carried a typed action: upgrading reads it
// once from the entry's text ('bank payment …' on a move to approved, as the matcher and the
// merchant's attach wrote it), so an order a transfer paid before the upgrade is still refused a
// card refund and shown as paid by SINPE Móvil; no other entry gets the action.
import { expect, test } from '../support/node-test.ts';
import { migrateToLatest } from '../../bff/store/migrate.ts';
import { ruleContextOf } from '../../bff/merchant/change-history.ts';
import type { OrderRow, StatusHistoryRow } from '../../bff/store/schema.ts';
import { oldOrderRow, oldRowTime, withStoreAt } from './fixtures/old-store.ts';

test('upgrading marks the approvals by a bank payment, and only them', async () => {
  await withStoreAt('0086-page-and-error-on-attempt', async (db) => {
    await db
      .insertInto('orders')
      .values([oldOrderRow('T-matched', 'reversed', 1), oldOrderRow('T-attached', 'approved', 1), oldOrderRow('T-failed', 'declined', 1), oldOrderRow('C-card', 'approved', 1)])
      .execute();
    const entry = (order: string, from: string, to: string, source: string, detail: string | null, action: string | null = null) => ({
      order_number: order,
      from_status: from,
      to_status: to,
      source,
      detail,
      action,
      created_at: oldRowTime,
    });
    await db
      .insertInto('order_status_history')
      .values([
        entry('T-matched', 'pending', 'approved', 'bank', 'bank payment 7f3a (38500.00 CRC)'),
        entry('T-attached', 'review', 'approved', 'merchant', 'bank payment 8b21 (15432.00 CRC) attached by the merchant'),
        // A transfer's failure and its reversal name the payment too; neither is a payment that paid.
        entry('T-failed', 'pending', 'declined', 'bank', 'bank payment 9c00 (? ?) failed: insufficient_funds'),
        entry('T-matched', 'approved', 'reversed', 'bank', 'bank payment 7f3a (38500.00 CRC) reversed by the bank'),
        entry('C-card', 'pending', 'approved', 'consult', null),
        entry('C-card', 'approved', 'approved', 'merchant', 'split among 2: a@example.com 10.00', 'split'),
      ])
      .execute();

    await migrateToLatest(db);

    const rows = await db.selectFrom('order_status_history').select(['order_number', 'to_status', 'action']).orderBy('id').execute();
    expect(rows).toEqual([
      { order_number: 'T-matched', to_status: 'approved', action: 'bank-payment' },
      { order_number: 'T-attached', to_status: 'approved', action: 'bank-payment' },
      { order_number: 'T-failed', to_status: 'declined', action: null },
      { order_number: 'T-matched', to_status: 'reversed', action: null },
      { order_number: 'C-card', to_status: 'approved', action: null },
      { order_number: 'C-card', to_status: 'approved', action: 'split' },
    ]);
  });
});

test("whether a bank transfer paid the order is read from the entries' typed action, never from their text", () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const order = { status: 'approved', updated_at: now.toISOString() } as OrderRow;
  const approval = (detail: string | null, action: StatusHistoryRow['action']) =>
    ({ from_status: 'pending', to_status: 'approved', source: 'bank', detail, action, created_at: now.toISOString() }) as StatusHistoryRow;
  const cases: Array<[string, StatusHistoryRow[], boolean]> = [
    ['an approval by a bank payment', [approval('bank payment 7f3a (38500.00 CRC)', 'bank-payment')], true],
    ['the same approval, its text worded otherwise', [approval('SINPE Móvil 7f3a', 'bank-payment')], true],
    ['an approval whose text reads like a bank payment, without the action', [approval('bank payment 7f3a (38500.00 CRC)', null)], false],
    ['a card approval', [approval(null, null)], false],
    ['no history', [], false],
  ];
  for (const [name, history, paid] of cases) expect(ruleContextOf(order, history, now).paidByBankTransfer, name).toBe(paid);
});
