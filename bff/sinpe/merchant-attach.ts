// The merchant attaches a bank payment the matcher could not place (the buyer wrote no reference,
// or a wrong one) to the order it pays. Only money that arrived and stayed, not yet placed, in the
// order's currency; only to an order in review or pending. Money of another amount is refused unless
// the merchant says it accepts it, and the history then says how much was accepted. The order
// moves to approved through the state machine with merchant evidence (the history says which
// payment), and the payment is linked to the order, in one transaction.
import type { Transaction } from 'kysely';
import type { AttachBankPaymentRequest } from '../../contract/bank-payment-view.ts';
import { sameUpstreamMoney } from '../../contract/upstream-money.ts';
import { changedMeanwhile, notFound } from '../lib/domain-error.ts';
import { attachRefused } from './attach-refusal.ts';
import { webhookDb, type BankPaymentRow } from '../store/webhook-tables.ts';
import { isPending, isUnderReview } from '../payments/orders/order-rules.ts';
import { bankPaymentDetail } from '../payments/orders/paid-by-bank.ts';
import { applyJointMove } from '../payments/lifecycle/unit-of-work.ts';
import { isUnsettledAttempt } from '../payments/attempt-transitions.ts';
import type { Services } from '../services.ts';
import type { Database, OrderRow } from '../store/schema.ts';
import { confirmCardAttemptUnpaid, isPayableCardAttempt } from './open-card-attempt.ts';


export async function attachBankPayment(services: Pick<Services, 'store' | 'clock' | 'statuses'>, paymentId: string, request: AttachBankPaymentRequest): Promise<{ payment: BankPaymentRow; orderStatus: string }> {
  const { orderNumber } = request;
  // Asked outside the transaction (a gateway call): a card page still payable is closed, or wins.
  const cardAttempt = await confirmCardAttemptUnpaid(services, orderNumber);
  const now = services.clock.now().toISOString();
  return webhookDb(services.store)
    .transaction()
    .execute(async (trx) => {
      // The row's write lock first (as the inbox takes it): a bank event applied meanwhile waits for us.
      await trx.updateTable('bank_payments').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('payment_id', '=', paymentId).execute();
      const payment = await trx.selectFrom('bank_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
      if (!payment) throw notFound('No such bank payment.');
      if (payment.order_number !== null) throw attachRefused('payment-already-settled', `This payment already settled order ${payment.order_number}.`);
      if (payment.direction === 'PAYOUT') throw attachRefused('payout', 'A payout pays no order.');
      // A failure is definitive (banking-webhooks.md §3), even after the bank said the money arrived.
      if (payment.failed_at !== null || payment.status === 'failed') throw attachRefused('payment-failed', 'The bank reported this payment as failed.');
      if (payment.posted_at === null && payment.succeeded_at === null) throw attachRefused('payment-not-received', 'The bank has not reported this money as received.');
      if (payment.has_reversal === 1) throw attachRefused('payment-reversed', 'The bank reversed this payment.');
      const orders = trx as unknown as Transaction<Database>;
      const order = await orders.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
      if (!order) throw notFound('No such order.');
      if (!isUnderReview(order.status) && !isPending(order.status)) throw attachRefused('order-not-payable', `The order is ${order.status}: only an order in review or pending takes a bank payment.`);
      if (payment.currency !== order.currency) throw attachRefused('currency-mismatch', `The payment is in ${payment.currency ?? 'an unknown currency'}, the order in ${order.currency}.`);
      const accepted = acceptedAmount(payment, order, request.acceptAmount === true);
      // A card page opened (or replaced) since the consult above was not asked about.
      if ((await currentCardAttempt(orders, order)) !== cardAttempt?.number) throw changedMeanwhile('The order changed meanwhile; read it again.');
      const { written } = await applyJointMove(orders, orderNumber, {
        evidence: 'merchant',
        now,
        order: {
          from: order.status,
          to: 'approved',
          source: 'merchant',
          detail: `${bankPaymentDetail(payment.public_id, payment.amount, payment.currency)} attached by the merchant${accepted}${cardAttempt ? `; card attempt ${cardAttempt.number} closed unpaid` : ''}`,
          action: 'bank-payment',
          fields: { captured_amount: order.capture === 1 ? order.amount : order.captured_amount, paid_reference: payment.external_reference, paid_amount: payment.amount, paid_currency: payment.currency },
          where: { attempt_number: order.attempt_number },
        },
        // The awaited transfer or the unpaid card page is superseded: its reference no longer names an
        // open attempt, and a transfer arriving for it later changes nothing (the order is paid).
        attempt: { kind: 'evidence', number: order.attempt_number, to: 'cancelled', when: isUnsettledAttempt },
      });
      if (!written) throw changedMeanwhile('The order changed meanwhile; read it again.');
      await trx.updateTable('bank_payments').set({ order_number: orderNumber, attempt_number: null, updated_at: now }).where('payment_id', '=', paymentId).execute();
      return { payment: { ...payment, order_number: orderNumber, attempt_number: null, updated_at: now }, orderStatus: 'approved' };
    });
}

/** The number of the order's current attempt when it is a card attempt still open, else undefined. */
async function currentCardAttempt(orders: Transaction<Database>, order: OrderRow): Promise<number | undefined> {
  const attempt = await orders.selectFrom('payment_attempts').select(['number', 'method', 'status']).where('order_number', '=', order.order_number).where('number', '=', order.attempt_number).executeTakeFirst();
  return attempt && isPayableCardAttempt(order, attempt) ? attempt.number : undefined;
}

/** '' for the order's own amount; the history's words for another amount the merchant accepted; else a 409. */
function acceptedAmount(payment: BankPaymentRow, order: OrderRow, acceptAmount: boolean): string {
  if (sameUpstreamMoney(payment, order)) return '';
  const paid = `${payment.amount ?? 'an unknown amount of'} ${payment.currency}`;
  if (!acceptAmount) throw attachRefused('amount-mismatch', `The payment is ${paid}, the order ${order.amount} ${order.currency}; send acceptAmount: true to attach it anyway.`);
  return `; accepted ${paid} for an order of ${order.amount} ${order.currency}`;
}
