// A dollar order paid in colones by card: the attempt keeps the money processPayment was sent and
// the rate it was converted at (every piece of evidence about the attempt is compared with it), and
// the order keeps its current attempt's copy, as it keeps that attempt's gateway answer, for the
// merchant's view, the webhooks and the invoice. Attempts made before this charged the order's money.
import { sql, type Kysely, type Migration } from 'kysely';

export const cardChargedMoney: Migration = {
  async up(db: Kysely<any>) {
    for (const table of ['payment_attempts', 'orders']) {
      await db.schema.alterTable(table).addColumn('charged_amount', 'text').execute();
      await db.schema.alterTable(table).addColumn('charged_currency', 'text').execute();
      await db.schema.alterTable(table).addColumn('charged_rate', 'text').execute();
    }
    await sql`update payment_attempts set
      charged_amount = (select orders.amount from orders where orders.order_number = payment_attempts.order_number),
      charged_currency = (select orders.currency from orders where orders.order_number = payment_attempts.order_number)
      where method = 'card'`.execute(db);
  },
};
