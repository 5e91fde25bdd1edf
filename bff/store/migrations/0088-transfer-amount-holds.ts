// Which transfers an amount names, and who holds it. A transfer whose amount alone names it
// (`amount_names_attempt` 1, every transfer until now) keeps the price's amounts unique among open
// transfers; one that asks for the reference only (its client held enough amounts, or the price's
// were all taken) asks for the price in whole colones beside others and is left out of that index.
// An amount asked for a transfer that lapsed stays reserved for a while, found by the asked-amount
// index; what one client holds is counted by `client_key` (a keyed hash of its address, never the
// address itself); and an amount that is some order's plain price is never asked, found by
// `orders (currency, amount)`.
import { sql, type Kysely, type Migration } from 'kysely';

export const transferAmountHolds: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payment_attempts').addColumn('amount_names_attempt', 'integer', (column) => column.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('payment_attempts').addColumn('client_key', 'text').execute();
    await db.schema.dropIndex('payment_attempts_open_transfer_amount').execute();
    await db.schema
      .createIndex('payment_attempts_open_transfer_amount')
      .on('payment_attempts')
      .columns(['transfer_currency', 'transfer_amount'])
      .unique()
      .where(sql<boolean>`status = 'open' and transfer_amount is not null and amount_names_attempt = 1`)
      .execute();
    await db.schema
      .createIndex('payment_attempts_asked_amount')
      .on('payment_attempts')
      .columns(['transfer_currency', 'transfer_amount', 'expires_at'])
      .where(sql<boolean>`transfer_amount is not null and amount_names_attempt = 1`)
      .execute();
    await db.schema
      .createIndex('payment_attempts_client_holds')
      .on('payment_attempts')
      .columns(['client_key', 'expires_at'])
      .where(sql<boolean>`client_key is not null and amount_names_attempt = 1`)
      .execute();
    await db.schema.createIndex('orders_currency_amount').on('orders').columns(['currency', 'amount']).execute();
  },
};
