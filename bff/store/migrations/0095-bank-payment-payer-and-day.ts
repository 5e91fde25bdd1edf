// The payer's name the bank reports on payin.posted (banking-webhooks.md §6.3 origin_client_name,
// optional) is kept for the merchant's receipt check, and the columns a day's settlement report
// selects by are indexed: when money arrived or went back (the rail's reference already is, 0021).
import type { Kysely, Migration } from 'kysely';

export const bankPaymentPayerAndDay: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('bank_payments').addColumn('payer_name', 'text').execute();
    await db.schema.createIndex('bank_payments_succeeded_at').on('bank_payments').columns(['succeeded_at', 'payment_id']).execute();
    await db.schema.createIndex('bank_payments_posted_at').on('bank_payments').columns(['posted_at', 'payment_id']).execute();
    await db.schema.createIndex('bank_payments_reversed_at').on('bank_payments').columns(['reversed_at', 'payment_id']).execute();
  },
};
