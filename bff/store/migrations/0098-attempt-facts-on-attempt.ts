// What the order row said about its attempt is the attempt's own: the gateway's answer, the card
// that paid, the words for the buyer, the card charge and the bank's refusal. The order row kept
// copies (of the attempt that paid it once paid, else of its current one); they move onto that
// attempt and go from the order, which from now on reads them through the attempt (store/orders.ts).
import { sql, type Kysely, type Migration } from 'kysely';

/** The attempt the order row's copies described: the paying attempt, else the current one. */
const describedAttempt = sql`payment_attempts.number = coalesce(
  (select max(paying.number) from payment_attempts paying where paying.order_number = payment_attempts.order_number and paying.status = 'approved'),
  (select orders.attempt_number from orders where orders.order_number = payment_attempts.order_number))`;

function ofOrder(column: string) {
  return sql`(select orders.${sql.ref(column)} from orders where orders.order_number = payment_attempts.order_number)`;
}

export const attemptFactsOnAttempt: Migration = {
  async up(db: Kysely<any>) {
    for (const column of ['status_message', 'card_brand', 'card_last4', 'bank_failure_code']) {
      await db.schema.alterTable('payment_attempts').addColumn(column, 'text').execute();
    }
    // The columns the attempt lacked: the words, the card and the bank's refusal the order showed.
    await sql`update payment_attempts set
      status_message = ${ofOrder('status_message')},
      card_brand = ${ofOrder('card_brand')},
      card_last4 = ${ofOrder('card_last4')},
      bank_failure_code = ${ofOrder('bank_failure_code')}
      where ${describedAttempt}`.execute(db);
    // The gateway's answer and the charge were already the attempts' own, written beside the order's
    // copies. Those copies were the current attempt's (nothing else wrote them): they are carried onto
    // it where it is the attempt shown and the attempt has none. A transfer that paid after a later
    // card attempt was declined does not take that card's answer (the order row had kept it beside
    // the transfer's money). The attempt keeps what it had where the order row had nothing.
    const currentAndShown = sql`${describedAttempt} and payment_attempts.number = (select orders.attempt_number from orders where orders.order_number = payment_attempts.order_number)`;
    await sql`update payment_attempts set
      gateway_tpt = coalesce(${ofOrder('gateway_tpt')}, gateway_tpt),
      gateway_auth = coalesce(${ofOrder('gateway_auth')}, gateway_auth),
      gateway_code = coalesce(${ofOrder('gateway_code')}, gateway_code)
      where ${currentAndShown}`.execute(db);
    // The charge moves as one: an order row from before its copy was kept (migration 0084) has none,
    // and its attempt keeps the order's money it was given then.
    await sql`update payment_attempts set
      charged_amount = ${ofOrder('charged_amount')},
      charged_currency = ${ofOrder('charged_currency')},
      charged_rate = ${ofOrder('charged_rate')}
      where ${currentAndShown} and ${ofOrder('charged_amount')} is not null`.execute(db);
    for (const column of ['gateway_order_number', 'gateway_tpt', 'gateway_auth', 'gateway_code', 'status_message', 'card_brand', 'card_last4', 'charged_amount', 'charged_currency', 'charged_rate', 'bank_failure_code']) {
      await db.schema.alterTable('orders').dropColumn(column).execute();
    }
  },
};
