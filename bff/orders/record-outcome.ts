// Records a status change once: a conditional transition from the status we read, retried on a
// lost race only while the order is still open. A final status is never overwritten here.
import { isFinalOrderStatus, type OrderStatus } from '../../contract/bff-api.ts';
import { findOrder, transitionStatus } from '../store/orders.ts';
import type { Store } from '../store/database.ts';
import type { OrderRow, OrderUpdate } from '../store/schema.ts';

export async function recordOpenOrderChange(
  store: Store,
  orderNumber: string,
  change: {
    to: OrderStatus;
    source: string;
    detail?: string | null;
    now: string;
    /** Columns to write with the status; a function sees the order as read. */
    fields?: OrderUpdate | ((order: OrderRow) => OrderUpdate);
  },
): Promise<OrderRow | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const order = await findOrder(store.db, orderNumber);
    if (!order || isFinalOrderStatus(order.status)) return order;
    const fields = typeof change.fields === 'function' ? change.fields(order) : change.fields;
    const moved = await transitionStatus(store.db, orderNumber, { ...change, fields: fields ?? {}, from: order.status });
    if (moved) return findOrder(store.db, orderNumber);
  }
  return findOrder(store.db, orderNumber);
}
