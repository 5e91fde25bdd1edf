// Limits every instance on one PostgreSQL shares (bff/http/limits/): the per-address request windows,
// one row per limit and address, and each order's earliest next status consult. SQLite gets the
// same tables so the schema is one, but a single SQLite process keeps these limits in memory.
import type { Kysely, Migration } from 'kysely';

export const sharedLimits: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('rate_limit_windows')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('client_key', 'text', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_limit_windows_pk', ['scope', 'client_key'])
      .execute();
    // Ended windows are deleted a few at a time, found through this index rather than a scan.
    await db.schema.createIndex('rate_limit_windows_ends').on('rate_limit_windows').columns(['scope', 'ends_at']).execute();
    // Not indexed: it is only ever read and written through the order's primary key.
    await db.schema.alterTable('orders').addColumn('consult_not_before', 'text').execute();
  },
};
