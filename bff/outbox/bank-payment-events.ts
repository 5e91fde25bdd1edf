// The merchant event of a bank payment event, written in the transaction that applied it
// (bank-payment-handler.ts) and settled its SINPE Móvil transfer, if any (sinpe/matcher.ts).
// `data` is the bank payment as GET /v1/merchant/bank-payments shows it after this event.
import type { BankEvent } from '../../contract/bank/events.ts';
import type { BankEventType } from '../../contract/bank/event-types.ts';
import type { BankPaymentEventType } from '../../contract/merchant-webhooks.ts';
import { bankPaymentView } from '../inbox/bank-payment-view.ts';
import type { BankPaymentRow, WebhookTrx } from '../inbox/tables.ts';
import { recordOutboundEvent } from './outbox-writer.ts';

const eventOfBankEvent: Record<BankEventType, BankPaymentEventType> = {
  'payin.posted': 'bank.payment.posted',
  'payment.succeeded': 'bank.payment.succeeded',
  'payment.failed': 'bank.payment.failed',
  'payment.reversed': 'bank.payment.reversed',
};

/** `unchanged`: the payment's row when nothing wrote it since the event did (else it is read). */
export async function recordBankPaymentEvent(trx: WebhookTrx, event: BankEvent, now: Date, unchanged?: BankPaymentRow): Promise<void> {
  const type = eventOfBankEvent[event.event.event_type as BankEventType];
  if (!type) return;
  const row = unchanged ?? (await trx.selectFrom('bank_payments').selectAll().where('payment_id', '=', event.payment.payment_id).executeTakeFirstOrThrow());
  await recordOutboundEvent(trx, type, bankPaymentView(row), now.toISOString());
}
