// An unsigned link report for a payment the link's listing does not show is counted on the link
// instead of kept as an `events` row (links/link-report-admission.ts): anyone can invent one, and
// each used to cost a row kept for the retention period.
import type { Kysely, Migration } from 'kysely';

export const unlistedLinkReports: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('own_payment_links').addColumn('unlisted_reports', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('own_payment_links').addColumn('last_unlisted_at', 'text').execute();
  },
};
