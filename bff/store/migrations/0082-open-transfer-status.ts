// The open transfers are found by the attempt's status, not by the outcome the merchant is shown:
// the partial unique indexes (one open transfer per reference, per amount) and the index of lapsing
// transfers are rebuilt on `status = 'open'`. For a transfer the two say the same (a transfer is
// born open and never claimed nor unknown), so the rows each index covers are unchanged.
import { sql, type Kysely, type Migration } from 'kysely';

export const openTransferStatus: Migration = {
  async up(db: Kysely<any>) {
    for (const name of ['payment_attempts_open_reference', 'payment_attempts_open_transfer_amount', 'payment_attempts_lapsing']) {
      await db.schema.dropIndex(name).execute();
    }
    const openUnique = (name: string, columns: string[], present: string) =>
      db.schema.createIndex(name).on('payment_attempts').columns(columns).unique().where(sql<boolean>`status = 'open' and ${sql.ref(present)} is not null`).execute();
    // A reference read aloud or typed on a phone names one open transfer only; two open transfers
    // never ask for the same money, whichever instance opens them.
    await openUnique('payment_attempts_open_reference', ['sinpe_reference'], 'sinpe_reference');
    await openUnique('payment_attempts_open_transfer_amount', ['transfer_currency', 'transfer_amount'], 'transfer_amount');
    // expireLapsedTransfers: open SINPE transfers past their time.
    await db.schema.createIndex('payment_attempts_lapsing').on('payment_attempts').columns(['method', 'status', 'expires_at']).execute();
  },
};
