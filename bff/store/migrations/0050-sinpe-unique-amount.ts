// SINPE Móvil without a typed reference: each open transfer asks for an amount no other open
// transfer asks for (the order's amount, lowered by a few whole colones when needed), so a
// transfer that carries no reference (an SMS payment, a forgotten description) still names one
// attempt by its amount. The attempt keeps the exact amount and currency to send and the discount;
// the order keeps the discount of the transfer that paid it.
import { sql, type Kysely, type Migration } from 'kysely';

export const sinpeUniqueAmount: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payment_attempts').addColumn('transfer_amount', 'text').execute();
    await db.schema.alterTable('payment_attempts').addColumn('transfer_currency', 'text').execute();
    await db.schema.alterTable('payment_attempts').addColumn('transfer_discount', 'text').execute();
    // Two open transfers never ask for the same money: the database says so, whichever instance opens them.
    await db.schema
      .createIndex('payment_attempts_open_transfer_amount')
      .on('payment_attempts')
      .columns(['transfer_currency', 'transfer_amount'])
      .unique()
      .where(sql<boolean>`outcome = 'open' and transfer_amount is not null`)
      .execute();
    await db.schema.alterTable('orders').addColumn('paid_discount', 'text').execute();
  },
};
