// GET /v1/merchant/bank-payments (ARCHITECTURE.md "SINPE Móvil"): the bank's payments as the BFF
// understood them, matched to an order or not, and the merchant's attach of an unmatched one to an
// order in review or pending. The routes validate with these schemas and /v1/openapi.json documents them.
import { z } from 'zod';
import { paymentStatuses } from './bank/events.ts';

export const bankPaymentView = z.object({
  paymentId: z.string(),
  publicId: z.string(),
  /** The bank's payment_method_code: SINPE_MOVIL or PIN. */
  method: z.string(),
  /** The bank's public status (pending, processing, confirmed, posted, failed). */
  status: z.string(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  /** What the buyer wrote in the transfer (the reference the matcher reads). */
  clientReference: z.string().nullable(),
  /** The rail's reference. */
  externalReference: z.string().nullable(),
  /** What the bank charged and left (payment.succeeded fee_total, tax_total, net_amount, §6.4), as it wrote them; absent until it said. */
  feeTotal: z.string().optional(),
  taxTotal: z.string().optional(),
  netAmount: z.string().optional(),
  /** The sender's name as the bank reported it (payin.posted origin_client_name); absent when not told. */
  payerName: z.string().optional(),
  /** When the money arrived (payment.succeeded succeeded_at, else payin.posted posted_at); absent until then. */
  receivedAt: z.string().optional(),
  /** When the bank reversed it (payment.reversed); absent when it never did. */
  reversedAt: z.string().optional(),
  /** The order it settled; null: unmatched (the merchant may attach it). */
  orderNumber: z.string().nullable(),
  /** `code` is the bank's own rejection.code when it sent one; `message` is safe to show the buyer. */
  failure: z.object({ code: z.string().nullable(), reasonCode: z.string().nullable(), message: z.string().nullable() }).nullable(),
  updatedAt: z.string(),
});
export type BankPaymentView = z.infer<typeof bankPaymentView>;

const isoInstant = z.iso.datetime({ offset: true, message: 'expected an ISO 8601 date-time, e.g. 2026-11-21T14:05:09Z' });

export const bankPaymentsQuery = z.strictObject({
  /** true: settled an order; false: unmatched. */
  matched: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  status: z.enum(paymentStatuses).optional(),
  /** The rail's reference (a SINPE receipt's, `FT…`): the receipt check. An empty list when it never arrived. */
  externalReference: z.string().trim().min(1).max(64).optional(),
  /** The amount, as a receipt shows it (`15000` or `15000.00`): with since/until, a receipt without its reference. */
  amount: z.string().regex(/^(?:0|[1-9][0-9]{0,15})(?:\.[0-9]{1,2})?$/, 'expected an amount such as 15000.00').optional(),
  /** The client reference, as the buyer may have typed it (case, spaces and dashes ignored). */
  reference: z.string().min(1).max(64).optional(),
  /** Bounds on receivedAt (when the money arrived): a receipt's time, give or take. */
  receivedSince: isoInstant.optional(),
  receivedUntil: isoInstant.optional(),
  /** Bounds on updatedAt. */
  since: isoInstant.optional(),
  until: isoInstant.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

export const bankPaymentsPage = z.object({ items: z.array(bankPaymentView), nextCursor: z.string().nullable() });
export type BankPaymentsPage = z.infer<typeof bankPaymentsPage>;

/** POST /v1/merchant/bank-payments/{paymentId}/attach */
export const attachBankPaymentRequest = z.strictObject({
  orderNumber: z.string().min(1).max(40),
  /** true: the merchant takes a payment whose amount differs from the order's; the history records it. */
  acceptAmount: z.boolean().optional(),
});
export type AttachBankPaymentRequest = z.infer<typeof attachBankPaymentRequest>;
export const attachBankPaymentResponse = z.object({ bankPayment: bankPaymentView, orderStatus: z.string() });
export type AttachBankPaymentResponse = z.infer<typeof attachBankPaymentResponse>;
