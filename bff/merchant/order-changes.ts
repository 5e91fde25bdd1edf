// Records what the merchant did to an order: the new amounts and status, written only if the
// order still holds the amounts the decision was made on, plus one history entry, atomically.
import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../contract/bff-api.ts';
import { applyJointMove } from '../payments/lifecycle/unit-of-work.ts';
import type { Database, MerchantHistoryAction, OrderRow } from '../store/schema.ts';
import { merchantHistorySource } from './change-history.ts';

export interface MerchantChange {
  to: OrderStatus;
  capturedAmount: string;
  refundedAmount: string;
  detail: string;
  action: MerchantHistoryAction | 'refund-pending';
  now: string;
  /** The pending refund's columns, set or cleared with the change. */
  pendingRefund?: { amount: string; transaction: string } | null;
}

/**
 * Applies `change` if the order is still exactly as `seen` (status and amounts); false when it
 * moved meanwhile. As a joint move in which the attempt stays: a same-status change (a partial refund, a split)
 * still writes a history entry, so the history shows every action.
 */
export async function recordMerchantChange(db: Kysely<Database>, seen: OrderRow, change: MerchantChange): Promise<boolean> {
  const { written } = await applyJointMove(db, seen.order_number, {
    evidence: 'merchant',
    now: change.now,
    order: {
      from: seen.status,
      to: change.to,
      source: merchantHistorySource,
      detail: change.detail,
      action: change.action,
      fields: {
        captured_amount: change.capturedAmount,
        refunded_amount: change.refundedAmount,
        ...(change.pendingRefund !== undefined && {
          pending_refund_amount: change.pendingRefund?.amount ?? null,
          pending_refund_transaction: change.pendingRefund?.transaction ?? null,
        }),
      },
      where: { captured_amount: seen.captured_amount, refunded_amount: seen.refunded_amount },
    },
  });
  return written;
}
