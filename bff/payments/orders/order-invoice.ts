// The buyer's electronic invoice details on an order: accepted only where the session offers them,
// kept as the buyer last sent them (a retry after a decline may add, change or drop them).
import type { Kysely } from 'kysely';
import type { InvoiceDetails } from '../../../contract/invoice.ts';
import { invalidField } from '../../lib/domain-error.ts';
import type { Database, OrderRow } from '../../store/schema.ts';

/** A 400 naming `invoice` when the buyer sends details the session did not offer to take. */
export function assertInvoiceOffered(order: OrderRow, invoice: InvoiceDetails | undefined): void {
  if (invoice !== undefined && order.invoice_offered !== 1) {
    throw invalidField('invoice', 'This checkout does not offer an electronic invoice.', 'invoice_not_offered');
  }
}

export async function recordInvoice(db: Kysely<Database>, order: OrderRow, invoice: InvoiceDetails | undefined): Promise<void> {
  const json = invoice === undefined ? null : JSON.stringify(invoice);
  if (json === order.invoice_json) return;
  await db.updateTable('orders').set({ invoice_json: json }).where('order_number', '=', order.order_number).execute();
}

export function invoiceOf(order: OrderRow): InvoiceDetails | null {
  return order.invoice_json === null ? null : (JSON.parse(order.invoice_json) as InvoiceDetails);
}
