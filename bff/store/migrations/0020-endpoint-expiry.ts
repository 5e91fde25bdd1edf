// When a webhook endpoint stops receiving (null: never). A development listener (`npm run events --
// listen`) creates one that lapses unless renewed, so a listener killed without a chance to delete
// it does not leave the BFF posting to a dead port for days. Text like the other timestamps.
import type { Kysely, Migration } from 'kysely';

export const endpointExpiry: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('webhook_endpoints').addColumn('expires_at', 'text').execute();
  },
};
