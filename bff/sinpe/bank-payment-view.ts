// A bank payment as the merchant sees it: the one mapping from the stored row to the contract's
// view, used by GET /v1/merchant/bank-payments, the order detail and the bank.payment.* webhooks.
import type { BankPaymentView } from '../../contract/bank-payment-view.ts';
import type { BankPaymentRow } from '../store/webhook-tables.ts';

/** `orderNumber` is the order the payment settled (matched or attached by the merchant), else null. */
export function bankPaymentView(row: BankPaymentRow): BankPaymentView {
  const failed = row.failure_code !== null || row.failure_domain !== null;
  return {
    paymentId: row.payment_id,
    publicId: row.public_id,
    method: row.payment_method_code,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    clientReference: row.client_reference,
    externalReference: row.external_reference,
    ...(row.fee_total !== null && { feeTotal: row.fee_total }),
    ...(row.tax_total !== null && { taxTotal: row.tax_total }),
    ...(row.net_amount !== null && { netAmount: row.net_amount }),
    ...(row.payer_name !== null && { payerName: row.payer_name }),
    ...((row.succeeded_at ?? row.posted_at) !== null && { receivedAt: (row.succeeded_at ?? row.posted_at)! }),
    ...(row.reversed_at !== null && { reversedAt: row.reversed_at }),
    orderNumber: row.order_number,
    failure: failed ? { code: row.failure_code, reasonCode: row.failure_reason_code, message: row.shopper_message } : null,
    updatedAt: row.updated_at,
  };
}
