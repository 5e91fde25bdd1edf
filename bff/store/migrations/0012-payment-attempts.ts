// Payment attempts: an order may be tried more than once (a declined card, a cancelled page), each
// try one processPayment under its own gateway order number. The orders row keeps the working state
// of its current attempt (claim, hosted page, gateway ids); this table keeps every attempt, so a late
// redirect or consult for an earlier one still finds its order.
import { sql, type Kysely, type Migration } from 'kysely';

export const paymentAttempts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('attempt_number', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    // The gateway's orderNumber of the current (or the approved) attempt: what consult and
    // processModification are asked about.
    await db.schema.alterTable('orders').addColumn('gateway_order_number', 'text').execute();

    await db.schema
      .createTable('payment_attempts')
      .addColumn('order_number', 'text', (c) => c.notNull().references('orders.order_number'))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('gateway_order_number', 'text', (c) => c.notNull().unique())
      .addColumn('return_ref', 'text', (c) => c.notNull().unique())
      // 'open' | 'approved' | 'declined' | 'cancelled' | 'expired' | 'review'
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('gateway_tpt', 'text')
      .addColumn('gateway_auth', 'text')
      .addColumn('gateway_code', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_attempts_pk', ['order_number', 'number'])
      .execute();

    // Orders that already asked for a page had exactly one attempt, under their own number.
    await sql`update orders set attempt_number = 1, gateway_order_number = order_number where payment_state <> 'none'`.execute(db);
    await sql`
      insert into payment_attempts (order_number, number, method, gateway_order_number, return_ref, outcome,
                                    gateway_tpt, gateway_auth, gateway_code, created_at, updated_at)
      select order_number, 1, 'card', order_number, return_ref,
             case when status in ('created', 'pending') then 'open'
                  when status in ('approved', 'captured', 'refunded', 'reversed') then 'approved'
                  else status end,
             gateway_tpt, gateway_auth, gateway_code, created_at, updated_at
      from orders where payment_state <> 'none'`.execute(db);
  },
};
