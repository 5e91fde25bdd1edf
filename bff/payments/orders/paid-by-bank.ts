// Whether a bank transfer (SINPE Móvil) paid an order, read from the order's history: the matcher
// and the merchant's attach are the only writers of an approval by a bank payment, and both type
// it (`action` 'bank-payment'); the detail's text is for people. The card gateway knows nothing of
// such money, so none of its modifications (capture, refund, reversal, split) can act on it.
import type { StatusHistoryRow } from '../../store/schema.ts';

/** The detail of an approval by a bank payment, for people: the payment and its money as the bank told. */
export function bankPaymentDetail(publicId: string, amount: string | null, currency: string | null): string {
  return `bank payment ${publicId} (${amount ?? '?'} ${currency ?? '?'})`;
}

export function paidByBankTransfer(history: readonly Pick<StatusHistoryRow, 'action'>[]): boolean {
  return history.some((entry) => entry.action === 'bank-payment');
}
