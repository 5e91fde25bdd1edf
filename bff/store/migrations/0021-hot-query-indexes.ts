// Indexes for the queries that run often or over many rows, so their cost follows the rows they
// return, not the size of the tables (measured at 1M orders: the merchant list's first page sorted
// the whole table; each deleted abandoned order scanned all of `sessions`). Plain ascending
// indexes: both engines read one backwards for `order by … desc, … desc`.
// test/bff/hot-query-plans.spec.ts checks each query's plan against these.
import type { Kysely, Migration } from 'kysely';

export const hotQueryIndexes: Migration = {
  async up(db: Kysely<any>) {
    const index = (name: string, table: string, columns: string[]) => db.schema.createIndex(name).on(table).columns(columns).execute();

    // References without an index: deleting an order (retention) or a bank payment, an endpoint,
    // looks up the rows naming it; without these each lookup read the whole referencing table.
    await index('sessions_order', 'sessions', ['order_number']);
    await index('link_payments_order', 'link_payments', ['order_number']);
    await index('payment_attempts_bank_payment', 'payment_attempts', ['bank_payment_id']);
    await index('webhook_deliveries_endpoint', 'webhook_deliveries', ['endpoint_id']);
    // The matcher finds earlier events of one rail transfer by it.
    await index('bank_payments_external_reference', 'bank_payments', ['external_reference']);

    // The merchant list (order-queries.ts, link-payment-orders.ts): newest first, keyset cursor;
    // with a status filter (one status is the common case) the status leads.
    await index('orders_created', 'orders', ['created_at', 'order_number']);
    await index('orders_status_created', 'orders', ['status', 'created_at', 'order_number']);
    await index('link_payments_created', 'link_payments', ['created_at', 'order_number']);

    // expireLapsedTransfers: open SINPE transfers past their time.
    await index('payment_attempts_lapsing', 'payment_attempts', ['method', 'outcome', 'expires_at']);

    // The reconciler's candidates, one index per arm of its OR: stale claims, unknown or pending
    // payments not touched lately, sessions run out before paying. (Parked orders use
    // orders_status_updated from 0001.)
    await index('orders_payment_claimed', 'orders', ['payment_state', 'payment_claimed_at']);
    await index('orders_status_payment_updated', 'orders', ['status', 'payment_state', 'updated_at']);
    await index('orders_status_payment_session', 'orders', ['status', 'payment_state', 'session_expires_at']);
  },
};
