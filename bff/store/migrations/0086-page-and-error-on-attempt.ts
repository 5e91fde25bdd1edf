// The hosted page an attempt opened and the gateway's refusal of its processPayment are the
// attempt's, read with its status: the order row's copies (of its current attempt only) move onto
// that attempt, and go from the order.
import { sql, type Kysely, type Migration } from 'kysely';

export const pageAndErrorOnAttempt: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payment_attempts').addColumn('hosted_url', 'text').execute();
    await db.schema.alterTable('payment_attempts').addColumn('payment_error', 'text').execute();
    await sql`update payment_attempts set
      hosted_url = (select orders.hosted_url from orders where orders.order_number = payment_attempts.order_number and orders.attempt_number = payment_attempts.number),
      payment_error = (select orders.payment_error from orders where orders.order_number = payment_attempts.order_number and orders.attempt_number = payment_attempts.number)
      where exists (select 1 from orders where orders.order_number = payment_attempts.order_number and orders.attempt_number = payment_attempts.number
        and (orders.hosted_url is not null or orders.payment_error is not null))`.execute(db);
    await db.schema.alterTable('orders').dropColumn('hosted_url').execute();
    await db.schema.alterTable('orders').dropColumn('payment_error').execute();
  },
};
