// The v4.4 invoice hand-off: what the merchant's invoicing provider needs that the order did not
// keep. The receptor's ubicación (provincia, cantón, distrito and otras señas, from the billing
// address given with the invoice details) and the reference of the money that paid the order when
// it was a bank transfer (the rail's reference; a card's is the gateway authorisation, kept already).
import type { Kysely, Migration } from 'kysely';

export const invoiceHandOff: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('invoice_location_json', 'text').execute();
    await db.schema.alterTable('orders').addColumn('paid_reference', 'text').execute();
  },
};
