// A day's exchange rate may be corrected (POST with replace: true): a typo would otherwise misprice
// every dollar order in colones until the day ends. Each setting of a day's rate is kept here with
// the merchant key that made it and when, so a correction is never silent.
import type { Kysely, Migration } from 'kysely';
import { autoIncrementIdColumn, autoIncrementIdType } from './engine.ts';

export const exchangeRateChanges: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('exchange_rate_changes')
      .addColumn('id', autoIncrementIdType(db), autoIncrementIdColumn(db))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('rate_date', 'text', (c) => c.notNull())
      .addColumn('rate', 'text', (c) => c.notNull())
      .addColumn('previous_rate', 'text')
      .addColumn('merchant_key', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('exchange_rate_changes_day').on('exchange_rate_changes').columns(['currency', 'rate_date', 'id']).execute();
  },
};
