// The card of an approved payment as consult reports it (brand from the BIN, last four digits), so
// the buyer's result can say which card paid. Never the number: the gateway keeps that.
import type { Kysely, Migration } from 'kysely';

export const orderCard: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('card_brand', 'text').execute();
    await db.schema.alterTable('orders').addColumn('card_last4', 'text').execute();
  },
};
