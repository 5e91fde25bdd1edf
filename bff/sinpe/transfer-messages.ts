// The status answer's message for a SINPE Móvil attempt: the bank's refusal by category, or the
// time running out, in the checkout's language (contract/bank-failure-messages.ts).
import { bankFailureCategoryOf, bankFailureMessage, type BankFailureCategory } from '../../contract/bank-failure-messages.ts';
import { isDeclined, isExpired } from '../payments/orders/order-rules.ts';
import type { OrderRow } from '../store/schema.ts';

export function transferShopperMessage(order: OrderRow): { message: string; bankFailure: BankFailureCategory } | undefined {
  const bankFailure = isDeclined(order.status) ? bankFailureCategoryOf(order.bank_failure_code) : isExpired(order.status) ? 'expired' : undefined;
  return bankFailure && { message: bankFailureMessage(bankFailure, order.locale), bankFailure };
}
