// When a parked order (review, or expired after an attempt) is next due for a consult, so the
// reconciler finds the due ones through an index instead of re-reading every parked order of the
// last days at each pass, and so upstream cost follows the order's age (a decaying schedule) rather
// than the reconciler's tick. Null for every order that is not parked. The reconciler's other
// candidate walks get indexes in their own order, with the order number to break ties, so each
// page starts at its cursor (a keyset seek) instead of re-reading the pages before it.
import { sql, type Kysely, type Migration } from 'kysely';

export const parkedConsultSchedule: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('next_consult_at', 'text').execute();
    // Existing parked orders are due at once: the reconciler's first look places each on the
    // schedule by its age (or clears it when its parked window is over).
    await sql`update orders set next_consult_at = updated_at where status in ('review', 'expired')`.execute(db);
    const index = (name: string, columns: string[]) => db.schema.createIndex(name).on('orders').columns(columns).execute();
    await index('orders_next_consult', ['next_consult_at', 'order_number']);
    await index('orders_claimed_walk', ['payment_state', 'payment_claimed_at', 'order_number']);
    await index('orders_status_payment_updated_walk', ['status', 'payment_state', 'updated_at', 'order_number']);
    await index('orders_status_payment_session_walk', ['status', 'payment_state', 'session_expires_at', 'order_number']);
  },
};
