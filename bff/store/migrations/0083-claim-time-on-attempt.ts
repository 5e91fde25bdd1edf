// When the current attempt was claimed is its own `updated_at` while it is claimed (the claim is the
// move that put it there), read with its status: the order row's copy goes. Its walk indexes went
// in 0081.
import type { Kysely, Migration } from 'kysely';

export const claimTimeOnAttempt: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').dropColumn('payment_claimed_at').execute();
  },
};
