// The phone a SINPE Móvil transfer was sent to (banking-webhooks.md §6.3, optional): the account
// may have several numbers, and only money sent to the merchant's own may pay a checkout order.
// A plain text column, so it reads the same on SQLite and PostgreSQL.
import type { Kysely, Migration } from 'kysely';

export const bankPaymentDestinationPhone: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('bank_payments').addColumn('destination_phone', 'text').execute();
  },
};
