// The merchant event of a bank payment event applied (bank-payment-handler.ts), written in the
// same transaction. `data` is the bank payment as GET /v1/merchant/bank-payments shows it
// (contract/bank-payment-view.ts), after this event.
import type { BankPaymentView } from '../../contract/bank-payment-view.ts';
import type { BankEvent } from '../../contract/bank/events.ts';
import type { BankEventType } from '../../contract/bank/event-types.ts';
import type { BankPaymentEventType } from '../../contract/merchant-webhooks.ts';
import type { BankPaymentRow, WebhookTrx } from '../inbox/tables.ts';
import { recordOutboundEvent } from './outbox-writer.ts';

const eventOfBankEvent: Record<BankEventType, BankPaymentEventType> = {
  'payin.posted': 'bank.payment.posted',
  'payment.succeeded': 'bank.payment.succeeded',
  'payment.failed': 'bank.payment.failed',
  'payment.reversed': 'bank.payment.reversed',
};

export function bankPaymentViewOf(row: BankPaymentRow, orderNumber: string | null = null): BankPaymentView {
  const failed = row.failed_at !== null || row.failure_code !== null;
  return {
    paymentId: row.payment_id,
    publicId: row.public_id,
    method: row.payment_method_code,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    clientReference: row.client_reference,
    externalReference: row.external_reference,
    orderNumber,
    failure: failed ? { code: row.failure_code, reasonCode: row.failure_reason_code, message: row.shopper_message } : null,
    updatedAt: row.updated_at,
  };
}

export async function recordBankPaymentEvent(trx: WebhookTrx, event: BankEvent, now: Date): Promise<void> {
  const type = eventOfBankEvent[event.event.event_type as BankEventType];
  if (!type) return;
  const row = await trx.selectFrom('bank_payments').selectAll().where('payment_id', '=', event.payment.payment_id).executeTakeFirstOrThrow();
  await recordOutboundEvent(trx, type, bankPaymentViewOf(row), now.toISOString());
}
