// A bank payment as the merchant sees it (ARCHITECTURE.md "SINPE Móvil": GET /v1/merchant/bank-payments):
// what the BFF understood of the bank's events for one payment. Also the `data` of the bank.payment.*
// merchant webhooks, so a receiver and the list read the same shape.
import { z } from 'zod';

export const bankPaymentFailure = z.object({
  /** The bank's own rejection.code when it sent one; otherwise the platform's error code. */
  code: z.string().nullable(),
  reasonCode: z.string().nullable(),
  /** Text safe to show the shopper (never the bank's raw reason). */
  message: z.string().nullable(),
});

export const bankPaymentView = z.object({
  paymentId: z.string(),
  publicId: z.string(),
  /** The bank's payment_method_code (e.g. SINPE_MOVIL). */
  method: z.string(),
  /** The bank's public status (banking-webhooks.md §3). */
  status: z.string(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  clientReference: z.string().nullable(),
  externalReference: z.string().nullable(),
  /** The checkout order the payment settled, when one matched. */
  orderNumber: z.string().nullable(),
  failure: bankPaymentFailure.nullable(),
  updatedAt: z.string(),
});
export type BankPaymentView = z.infer<typeof bankPaymentView>;
