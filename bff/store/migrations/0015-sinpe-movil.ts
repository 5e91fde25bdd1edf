// SINPE Móvil: an attempt may be a bank transfer the buyer makes from their phone, settled by the
// bank's events. The attempt keeps the reference the buyer writes in the transfer and when it lapses;
// a bank payment keeps the order (and attempt) it settled, or none: an unmatched payment the
// merchant may attach by hand.
import { sql, type Kysely, type Migration } from 'kysely';

export const sinpeMovil: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payment_attempts').addColumn('sinpe_reference', 'text').execute();
    await db.schema.alterTable('payment_attempts').addColumn('expires_at', 'text').execute();
    await db.schema.alterTable('payment_attempts').addColumn('bank_payment_id', 'text').execute();
    // A reference read aloud or typed on a phone must name one open transfer only.
    await db.schema
      .createIndex('payment_attempts_open_reference')
      .on('payment_attempts')
      .column('sinpe_reference')
      .unique()
      .where(sql<boolean>`outcome = 'open' and sinpe_reference is not null`)
      .execute();
    await db.schema.createIndex('payment_attempts_reference').on('payment_attempts').column('sinpe_reference').execute();
    // The catalog category of the bank's refusal of the current transfer (the status answer's message).
    await db.schema.alterTable('orders').addColumn('bank_failure_code', 'text').execute();

    await db.schema.alterTable('bank_payments').addColumn('order_number', 'text').execute();
    await db.schema.alterTable('bank_payments').addColumn('attempt_number', 'integer').execute();
    await db.schema.createIndex('bank_payments_by_order').on('bank_payments').column('order_number').execute();
    await db.schema.createIndex('bank_payments_by_updated').on('bank_payments').column('updated_at').execute();
  },
};
