// When the buyer came back from the hosted page saying they cancelled (the redirect's unsigned
// cancel flag): never a status, only the words the buyer reads while consult has no record yet.
import type { Kysely, Migration } from 'kysely';

export const cancelFlagOnAttempt: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payment_attempts').addColumn('cancel_flag_at', 'text').execute();
  },
};
