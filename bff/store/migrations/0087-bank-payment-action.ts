// An approval by a bank payment (the matcher's, or the merchant's attach) as a typed history action:
// whether a transfer paid an order, which keeps the card gateway's capture, refund, reversal and
// split away from it, was read from the text prefix 'bank payment ' of the approval's detail.
// Existing approvals are carried over from that text, once, here.
import { sql, type Kysely, type Migration } from 'kysely';

export const bankPaymentAction: Migration = {
  async up(db: Kysely<any>) {
    await sql`update order_status_history set action = 'bank-payment'
      where action is null and to_status = 'approved' and detail like 'bank payment %'`.execute(db);
  },
};
