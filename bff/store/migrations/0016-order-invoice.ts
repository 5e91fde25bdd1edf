// Costa Rican electronic invoice details kept with the order: whether the checkout offers one, and
// what the buyer gave (JSON of contract/invoice.ts InvoiceDetails), shown in the merchant's order.
import type { Kysely, Migration } from 'kysely';

export const orderInvoice: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('invoice_offered', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('orders').addColumn('invoice_json', 'text').execute();
  },
};
