// The one writer of an order's status (ARCHITECTURE.md "The order lifecycle"): `transitionOrder`
// checks the move against the table in order-rules.ts and writes the status and the history entry,
// in the caller's transaction. It knows no view and emits nothing: the payment lifecycle
// (payments/lifecycle/unit-of-work.ts), its only caller, records the merchant's event once both the
// order and its attempt are written. Nothing else writes `orders.status`.
import type { Kysely, Transaction } from 'kysely';
import type { OrderStatus } from '../../../contract/bff-api.ts';
import type { Database, HistoryAction, OrderUpdate } from '../../store/schema.ts';
import { statusWriterView } from '../lifecycle/status-writer-view.ts';
import { IllegalTransitionError, isLegalTransition, parkedStatuses, type TransitionEvidence } from './order-rules.ts';

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  evidence: TransitionEvidence;
  /** Who noticed, for the history ('checkout', 'return', 'consult', 'reconciler', 'merchant', …). */
  source: string;
  detail?: string | null;
  now: string;
  /** Other columns written with the status; conditions on them go in `where`. */
  fields?: OrderUpdate;
  /** false: no merchant event for this change (the history entry is written all the same; the lifecycle reads it). */
  tellMerchant?: boolean;
  /** What it records, typed: a merchant action (it decides a same-status change's event: split or refund), or an approval by a bank payment. */
  action?: HistoryAction;
  /** Extra equality conditions on the row as read (amounts, claim, attempt number); the attempt's own status is attempt-machine.ts holdCurrentAttempt's. */
  where?: Partial<Record<'captured_amount' | 'refunded_amount' | 'payment_claim_id' | 'attempt_number', string | number | null>>;
}

/**
 * Moves an order from `from` to `to` inside `trx`, if it is still in `from` (and matches `where`),
 * and writes the history entry. False when the row moved meanwhile: the caller re-reads and decides.
 * Throws IllegalTransitionError for a move the table does not allow.
 */
export async function transitionOrder(trx: Transaction<Database> | Kysely<Database>, orderNumber: string, change: OrderTransition): Promise<boolean> {
  if (!isLegalTransition(change.from, change.to, change.evidence)) {
    throw new IllegalTransitionError(change.from, change.to, change.evidence);
  }
  let update = statusWriterView(trx)
    .updateTable('orders')
    // A parked order is due for the reconciler's look at once (it places the order on its consult
    // schedule by age); any other status leaves that schedule.
    .set({ next_consult_at: parkedStatuses.includes(change.to) ? change.now : null, ...change.fields, status: change.to, updated_at: change.now })
    .where('order_number', '=', orderNumber)
    .where('status', '=', change.from);
  for (const [column, value] of Object.entries(change.where ?? {})) {
    const name = column as keyof NonNullable<OrderTransition['where']>;
    update = value === null ? update.where(name, 'is', null) : update.where(name, '=', value as never);
  }
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('order_status_history')
    .values({
      order_number: orderNumber,
      from_status: change.from,
      to_status: change.to,
      source: change.source,
      detail: change.detail ?? null,
      action: change.action ?? null,
      created_at: change.now,
    })
    .execute();
  return true;
}

/** `transitionOrder` in a transaction of its own. */
export function transitionOrderNow(db: Kysely<Database>, orderNumber: string, change: OrderTransition): Promise<boolean> {
  return db.transaction().execute((trx) => transitionOrder(trx, orderNumber, change));
}
