// What an order's history says of the merchant's past actions (a split, when it was authorised,
// whether a bank transfer paid it): read by the merchant rules, the views and the event typing.
// Pure: the writer of merchant changes is order-changes.ts.
import { isApprovedOnly } from '../payments/orders/order-rules.ts';
import { paidByBankTransfer } from '../payments/orders/paid-by-bank.ts';
import type { OrderRow, StatusHistoryRow } from '../store/schema.ts';
import type { RuleContext } from './modification-rules.ts';

/** History `source` of every merchant action; its typed `action` says which one. */
export const merchantHistorySource = 'merchant';

export function wasSplit(history: readonly Pick<StatusHistoryRow, 'action'>[]): boolean {
  return history.some((entry) => entry.action === 'split');
}

/** The history's text of a split, for people; decisions read the entry's `action`. */
export function splitDetail(summary: string): string {
  return `split ${summary}`;
}

/** When the gateway approved the payment: the start of the capture window. */
export function authorizedAt(order: OrderRow, history: readonly StatusHistoryRow[]): Date | null {
  const approval = history.find((entry) => isApprovedOnly(entry.to_status));
  if (approval) return new Date(approval.created_at);
  return isApprovedOnly(order.status) ? new Date(order.updated_at) : null;
}

/** What the merchant rules and views need to know of an order's past, as of `now`. */
export function ruleContextOf(order: OrderRow, history: readonly StatusHistoryRow[], now: Date): RuleContext {
  return { now, authorizedAt: authorizedAt(order, history), alreadySplit: wasSplit(history), paidByBankTransfer: paidByBankTransfer(history) };
}
