// The money a bank transfer brought to the order it paid, as the bank reported it: usually what the
// transfer attempt asked for, but a merchant may attach a payment of another amount (acceptAmount),
// and the invoice hand-off must say what moved, not the order's price. Orders paid before this keep
// null and are read as before (the attempt's amount, less its discount).
import type { Kysely, Migration } from 'kysely';

export const paidByTransferMoney: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('paid_amount', 'text').execute();
    await db.schema.alterTable('orders').addColumn('paid_currency', 'text').execute();
  },
};
