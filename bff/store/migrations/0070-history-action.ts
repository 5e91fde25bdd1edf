// The merchant action a history entry records, as a typed column: which webhook a same-status
// change sends (a split or a partial refund) was read from the text prefix of `detail` ('split …').
// Existing entries are carried over from that text, once, here.
import { sql, type Kysely, type Migration } from 'kysely';

export const historyAction: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('order_status_history').addColumn('action', 'text').execute();
    for (const action of ['capture', 'refund', 'reverse', 'split']) {
      await sql`update order_status_history set action = ${action} where source = 'merchant' and detail like ${`${action} %`}`.execute(db);
    }
  },
};
