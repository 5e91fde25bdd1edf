// Webhook endpoint answers stored before secrets were kept out of the idempotency table held the
// secret in plain text, and a replay of their key answered it again: those stored answers go.
import type { Kysely, Migration } from 'kysely';

export const idempotencyWithoutSecrets: Migration = {
  async up(db: Kysely<any>) {
    await db.deleteFrom('idempotency').where('response_body', 'like', '%"secret":"whsec%').execute();
  },
};
