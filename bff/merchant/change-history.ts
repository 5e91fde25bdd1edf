// What an order's history says of the merchant's past actions (a split, when it was authorised,
// whether a bank transfer paid it): read by the merchant rules, the views and the event typing.
// Pure: the writer of merchant changes is order-changes.ts.
import { isApprovedOnly } from '../orders/order-rules.ts';
import { paidByBankTransfer } from '../orders/paid-by-bank.ts';
import type { OrderRow, StatusHistoryRow } from '../store/schema.ts';
import type { RuleContext } from './modification-rules.ts';

/** History `source` of every merchant action; `detail` starts with the action's name. */
export const merchantHistorySource = 'merchant';
const splitDetailPrefix = 'split ';

export function wasSplit(history: readonly StatusHistoryRow[]): boolean {
  return history.some((entry) => isSplitEntry(entry.source, entry.detail));
}

export function isSplitEntry(source: string, detail: string | null): boolean {
  return source === merchantHistorySource && detail?.startsWith(splitDetailPrefix) === true;
}

export function splitDetail(summary: string): string {
  return splitDetailPrefix + summary;
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
