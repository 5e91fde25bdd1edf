// The payment attempt gets a status of its own (bff/payments/attempt-transitions.ts). Until now an
// attempt's life was split: how far its processPayment call got lived on the order row
// (`payment_state`, for the current attempt only) and how it ended on the attempt (`outcome`). Each
// existing attempt is given the one status that means both, here, once.
import { sql, type Kysely, type Migration } from 'kysely';

export const attemptStatus: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payment_attempts').addColumn('status', 'text', (column) => column.notNull().defaultTo('open')).execute();
    // The order's payment_state speaks of its current attempt only; an earlier attempt's outcome is all there is of it.
    const currentState = sql`(select o.payment_state from orders o where o.order_number = payment_attempts.order_number and o.attempt_number = payment_attempts.number)`;
    await sql`
      update payment_attempts set status = case
        when outcome = 'open' then case coalesce(${currentState}, 'created')
          when 'claimed' then 'claimed'
          when 'unknown' then 'unknown'
          when 'none' then 'refused'
          when 'abandoned' then 'abandoned'
          else 'open' end
        when outcome = 'expired' and coalesce(${currentState}, '') = 'abandoned' then 'abandoned'
        else outcome end`.execute(db);
  },
};
