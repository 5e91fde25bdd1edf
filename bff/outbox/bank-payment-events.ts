// The merchant event of a bank payment event, written in the transaction that applied it
// (bank-payment-handler.ts) and settled its SINPE Móvil transfer, if any (sinpe/matcher.ts).
// `data` is the bank payment as GET /v1/merchant/bank-payments shows it after this event: the inbox
// builds it from its own row and hands it over, so the outbox reads no inbox table.
import type { BankEventType } from '../../contract/bank/event-types.ts';
import type { BankPaymentView } from '../../contract/bank-payment-view.ts';
import type { BankPaymentEventType } from '../../contract/merchant-webhooks.ts';
import { recordOutboundEvent } from './outbox-writer.ts';

const eventOfBankEvent: Record<BankEventType, BankPaymentEventType> = {
  'payin.posted': 'bank.payment.posted',
  'payment.succeeded': 'bank.payment.succeeded',
  'payment.failed': 'bank.payment.failed',
  'payment.reversed': 'bank.payment.reversed',
};

export async function recordBankPaymentEvent(trx: Parameters<typeof recordOutboundEvent>[0], eventType: string, payment: BankPaymentView, now: Date): Promise<void> {
  const type = eventOfBankEvent[eventType as BankEventType];
  if (!type) return;
  await recordOutboundEvent(trx, type, payment, now.toISOString());
}
