// Whether a bank transfer (SINPE Móvil) paid an order, read from the order's history: the matcher
// and the merchant's attach are the only writers of an approval by a bank payment, and both name
// the payment first in the entry's detail. The card gateway knows nothing of such money, so none
// of its modifications (capture, refund, reversal, split) can act on it.
import type { StatusHistoryRow } from '../store/schema.ts';
import { isApprovedOnly } from './order-rules.ts';

/** How the detail of an approval by a bank payment begins. */
export function bankPaymentDetail(publicId: string, amount: string | null, currency: string | null): string {
  return `${bankPaymentDetailPrefix}${publicId} (${amount ?? '?'} ${currency ?? '?'})`;
}

const bankPaymentDetailPrefix = 'bank payment ';

export function paidByBankTransfer(history: readonly Pick<StatusHistoryRow, 'to_status' | 'detail'>[]): boolean {
  return history.some((entry) => isApprovedOnly(entry.to_status) && entry.detail?.startsWith(bankPaymentDetailPrefix) === true);
}
