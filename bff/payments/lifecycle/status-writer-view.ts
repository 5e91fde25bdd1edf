// The one view of the database in which the order's and the attempt's statuses may be changed.
// The general table types (store/schema.ts) make `orders.status`, `payment_attempts.status` and
// its `outcome` unchangeable (`ColumnType<S, S, never>`), so `db.updateTable('orders').set({ status })`
// does not compile anywhere; the two writers of the payment lifecycle (orders/order-machine.ts,
// payments/attempt-machine.ts, called only by unit-of-work.ts) write through this view instead.
import type { ColumnType, Kysely } from 'kysely';
import type { OrderStatus } from '../../../contract/bff-api.ts';
import type { AttemptOutcome, AttemptStatus, Database, OrdersTable, PaymentAttemptsTable } from '../../store/schema.ts';

export interface StatusWriterDatabase extends Omit<Database, 'orders' | 'payment_attempts'> {
  orders: Omit<OrdersTable, 'status'> & { status: ColumnType<OrderStatus, OrderStatus, OrderStatus> };
  payment_attempts: Omit<PaymentAttemptsTable, 'status' | 'outcome'> & {
    status: ColumnType<AttemptStatus, AttemptStatus | undefined, AttemptStatus>;
    outcome: AttemptOutcome;
  };
}

/** The same connection (or transaction), typed so that the statuses may be set. */
export function statusWriterView(db: Kysely<Database>): Kysely<StatusWriterDatabase> {
  return db as unknown as Kysely<StatusWriterDatabase>;
}
