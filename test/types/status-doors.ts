// The compiler keeps the status doors: `npm run typecheck` compiles this file, and each line under
// an expect-error directive must fail to compile (else the directive itself is an error). Only the payment
// lifecycle's writer view (bff/payments/lifecycle/status-writer-view.ts) may change a status.
import type { Kysely } from 'kysely';
import { statusWriterView } from '../../bff/payments/lifecycle/status-writer-view.ts';
import type { Database } from '../../bff/store/schema.ts';

export function generalViewCannotSetStatuses(db: Kysely<Database>) {
  // An object built apart, as a regex could never follow.
  const columns = { status: 'approved' as const };
  // @ts-expect-error orders.status is not updatable through the general type
  void db.updateTable('orders').set(columns);
  // @ts-expect-error payment_attempts.status is not updatable through the general type
  void db.updateTable('payment_attempts').set({ status: 'approved' });
  // @ts-expect-error payment_attempts.outcome neither: it is kept in step with the status
  void db.updateTable('payment_attempts').set({ outcome: 'approved' });
  // Other columns stay writable, and reading the status is open to all.
  void db.updateTable('orders').set({ next_consult_at: null });
  void db.selectFrom('orders').select('status');
}

export function writerViewMay(db: Kysely<Database>) {
  void statusWriterView(db).updateTable('orders').set({ status: 'approved' });
  void statusWriterView(db).updateTable('payment_attempts').set({ status: 'approved', outcome: 'approved' });
}
