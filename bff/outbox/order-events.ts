// The merchant event of an order change, written by the order state machine (transitionOrder) in
// the transaction of the change. `data` is the order as GET /v1/merchant/orders lists it, as of
// this change.
import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../contract/bff-api.ts';
import type { OrderEventType } from '../../contract/merchant-webhooks.ts';
import { merchantOrderView } from '../merchant/merchant-order-view.ts';
import { ruleContextOf } from '../merchant/change-history.ts';
import { findOrder, statusHistory } from '../store/orders.ts';
import type { Database, HistoryAction } from '../store/schema.ts';
import { recordOutboundEvent } from './outbox-writer.ts';

/** The event a move into each status reports; none for the statuses a checkout passes through. */
const eventOfStatus: Record<OrderStatus, OrderEventType | null> = {
  created: null,
  pending: null,
  approved: 'order.approved',
  declined: 'order.declined',
  cancelled: 'order.cancelled',
  expired: 'order.expired',
  review: 'order.review',
  captured: 'order.captured',
  refunded: 'order.refunded',
  reversed: 'order.reversed',
};

export interface RecordedChange {
  from: OrderStatus;
  to: OrderStatus;
  source: string;
  detail?: string | null;
  /** false: the change is kept in the history only, with no merchant event. */
  tellMerchant?: boolean;
  /** What the change records, typed, if anything: a merchant action, or an approval by a bank payment. */
  action?: HistoryAction;
}

/** The event of a merchant action that keeps the status. */
const eventOfSameStatusAction: Record<HistoryAction, OrderEventType | null> = {
  split: 'order.split',
  refund: 'order.refunded',
  capture: null,
  reverse: null,
  // Always a move to approved, reported as that status.
  'bank-payment': null,
  // Nothing is refunded yet: order.refunded goes when consult shows it done.
  'refund-pending': null,
};

/**
 * A same-status write is a merchant action that keeps the status: a split (order.split) or a
 * partial refund (order.refunded, with the new refundedAmount in data); its typed action says which.
 */
export function orderEventTypeOf(change: RecordedChange): OrderEventType | null {
  if (change.tellMerchant === false) return null;
  if (change.from !== change.to) return eventOfStatus[change.to];
  return change.action ? eventOfSameStatusAction[change.action] : null;
}

export async function recordOrderEvent(trx: Kysely<Database>, orderNumber: string, change: RecordedChange, now: string): Promise<void> {
  const type = orderEventTypeOf(change);
  if (!type) return;
  const order = await findOrder(trx, orderNumber);
  if (!order) throw new Error(`order ${orderNumber} vanished within its own move`);
  const history = await statusHistory(trx, orderNumber);
  await recordOutboundEvent(trx, type, merchantOrderView(order, ruleContextOf(order, history, new Date(now))), now);
}
