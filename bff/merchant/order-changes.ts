// Records what the merchant did to an order: the new amounts and status, written only if the
// order still holds the amounts the decision was made on, plus one history entry, atomically.
import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../contract/bff-api.ts';
import type { Database, OrderRow, StatusHistoryRow } from '../store/schema.ts';

/** History `source` of every merchant action; `detail` starts with the action's name. */
export const merchantHistorySource = 'merchant';
const splitDetailPrefix = 'split ';

export function wasSplit(history: readonly StatusHistoryRow[]): boolean {
  return history.some((entry) => entry.source === merchantHistorySource && entry.detail?.startsWith(splitDetailPrefix));
}

export function splitDetail(summary: string): string {
  return splitDetailPrefix + summary;
}

/** When the gateway approved the payment: the start of the capture window. */
export function authorizedAt(order: OrderRow, history: readonly StatusHistoryRow[]): Date | null {
  const approval = history.find((entry) => entry.to_status === 'approved');
  if (approval) return new Date(approval.created_at);
  return order.status === 'approved' ? new Date(order.updated_at) : null;
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
 * moved meanwhile. Unlike a status transition, an entry is written even when the status stays
 * (a partial refund), so the history shows every action.
 */
export async function recordMerchantChange(db: Kysely<Database>, seen: OrderRow, change: MerchantChange): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('orders')
      .set({ status: change.to, captured_amount: change.capturedAmount, refunded_amount: change.refundedAmount, updated_at: change.now })
      .where('order_number', '=', seen.order_number)
      .where('status', '=', seen.status)
      .where('captured_amount', '=', seen.captured_amount)
      .where('refunded_amount', '=', seen.refunded_amount)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('order_status_history')
      .values({
        order_number: seen.order_number,
        from_status: seen.status,
        to_status: change.to,
        source: merchantHistorySource,
        detail: change.detail,
        created_at: change.now,
      })
      .execute();
    return true;
  });
}
