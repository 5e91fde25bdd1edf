// Records what the merchant did to an order: the new amounts and status, written only if the
// order still holds the amounts the decision was made on, plus one history entry, atomically.
import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../contract/bff-api.ts';
import { isApprovedOnly, transitionOrderNow } from '../orders/order-machine.ts';
import type { Database, OrderRow, StatusHistoryRow } from '../store/schema.ts';
import type { RuleContext } from './modification-rules.ts';
import { paidByBankTransfer } from '../orders/paid-by-bank.ts';

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

export interface MerchantChange {
  to: OrderStatus;
  capturedAmount: string;
  refundedAmount: string;
  detail: string;
  now: string;
}

/**
 * Applies `change` if the order is still exactly as `seen` (status and amounts); false when it
 * moved meanwhile. Through the order state machine: a same-status change (a partial refund, a split)
 * still writes a history entry, so the history shows every action.
 */
export function recordMerchantChange(db: Kysely<Database>, seen: OrderRow, change: MerchantChange): Promise<boolean> {
  return transitionOrderNow(db, seen.order_number, {
    from: seen.status,
    to: change.to,
    evidence: 'merchant',
    source: merchantHistorySource,
    detail: change.detail,
    now: change.now,
    fields: { captured_amount: change.capturedAmount, refunded_amount: change.refundedAmount },
    where: { captured_amount: seen.captured_amount, refunded_amount: seen.refunded_amount },
  });
}

/** What the merchant rules and views need to know of an order's past, as of `now`. */
export function ruleContextOf(order: OrderRow, history: readonly StatusHistoryRow[], now: Date): RuleContext {
  return { now, authorizedAt: authorizedAt(order, history), alreadySplit: wasSplit(history), paidByBankTransfer: paidByBankTransfer(history) };
}
