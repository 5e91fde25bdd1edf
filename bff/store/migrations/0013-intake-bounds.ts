// Intake that holds against abuse: our own record of the payment links we created (a report for
// any other link is not stored or looked up), and the index of waiting events per source, so the
// bank lane's claim never reads past a backlog of link reports (and the other way round). It
// replaces events_due (0011): every claim now names its source.
import { sql, type Kysely, type Migration } from 'kysely';

export const intakeBounds: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('own_payment_links')
      .addColumn('link_id', 'text', (c) => c.primaryKey())
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // The literal states match inbox.ts pendingEvent, as events_due's did (0011).
    await db.schema.dropIndex('events_due').execute();
    await db.schema
      .createIndex('events_due_by_source')
      .on('events')
      .columns(['source', 'received_at'])
      .where(sql<boolean>`state in ('received', 'failed')`)
      .execute();
  },
};
