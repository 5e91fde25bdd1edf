// The status answer's message for a SINPE Móvil attempt: the bank's refusal by category, or the
// time running out, in the checkout's language (contract/bank-failure-messages.ts).
import { bankFailureCategoryOf, bankFailureMessage } from '../../contract/bank-failure-messages.ts';
import { isDeclined, isExpired } from '../orders/order-rules.ts';
import type { OrderRow } from '../store/schema.ts';

export function transferShopperMessage(order: OrderRow): string | undefined {
  if (isDeclined(order.status)) return bankFailureMessage(bankFailureCategoryOf(order.bank_failure_code), order.locale);
  if (isExpired(order.status)) return bankFailureMessage('expired', order.locale);
  return undefined;
}
