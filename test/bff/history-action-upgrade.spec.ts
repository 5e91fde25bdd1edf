// A database from before history entries carried a typed action: upgrading reads each merchant
// entry's action from its text once, so a later same-status change of an order split before the
// upgrade still counts as split; entries of anything else get none.
import Database from 'better-sqlite3';
import { expect, test } from '../support/node-test.ts';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from '../../bff/store/migrate.ts';
import { migrateUpTo } from './fixtures/old-store.ts';

test('upgrading gives every merchant entry its action (capture, refund, reverse, split) and no other entry one', async () => {
  const file = new Database(':memory:');
  // The entries alone are what the upgrade reads: their order rows would only be noise here.
  file.pragma('foreign_keys = OFF');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: file }) });
  try {
    await migrateUpTo(db, '0021-hot-query-indexes');
    const entry = (id: number, source: string, detail: string | null) => ({
      id,
      order_number: 'A-1',
      from_status: 'captured',
      to_status: 'captured',
      source,
      detail,
      created_at: '2026-11-01T00:00:00.000Z',
    });
    await db
      .insertInto('order_status_history')
      .values([
        entry(1, 'merchant', 'capture 6500.00 CRC · gateway transaction 9'),
        entry(2, 'merchant', 'refund 100.00 CRC · gateway transaction 10'),
        entry(3, 'merchant', 'reverse 6500.00 CRC · gateway transaction 11'),
        entry(4, 'merchant', 'split among 2: a@example.com 10.00, b@example.com 20.00'),
        entry(5, 'consult', 'split the difference'),
        entry(6, 'merchant', 'bank payment 42 attached by the merchant'),
        entry(7, 'checkout', null),
      ])
      .execute();

    await migrateToLatest(db);

    const rows = await db.selectFrom('order_status_history').select(['id', 'action']).orderBy('id').execute();
    expect(rows.map((row) => row.action)).toEqual(['capture', 'refund', 'reverse', 'split', null, null, null]);
  } finally {
    await db.destroy();
  }
});
