// Dollar prices in colones: the merchant's daily BCCR reference sell rates (one per day and
// currency: a repeat of the same day is the same rate), and on the order the rate and colón
// amount it was checked out with, so what the buyer was shown is what the order keeps.
import type { Kysely, Migration } from 'kysely';

export const exchangeRates: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('exchange_rates')
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('rate_date', 'text', (c) => c.notNull())
      .addColumn('rate', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('exchange_rates_pk', ['currency', 'rate_date'])
      .execute();
    await db.schema.alterTable('orders').addColumn('local_amount', 'text').execute();
    await db.schema.alterTable('orders').addColumn('local_rate', 'text').execute();
    await db.schema.alterTable('orders').addColumn('local_rate_date', 'text').execute();
    await db.schema.alterTable('orders').addColumn('local_rate_source', 'text').execute();
  },
};
