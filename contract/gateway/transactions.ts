import { z } from 'zod';
import { gatewayDateTime } from './common.ts';

/**
 * gateway-api.md §2.3: a transaction as `consult` returns it (id is `id_svc`, net is a string).
 *
 * gateway-facts.md "Reading the gateway's and the bank's answers": an empty value may be null or
 * "", and an answer is refused only when a field the BFF needs is missing or unreadable. No decision
 * reads the fees, the net, the date, the environment or the merchant id: each of them is kept when
 * it reads and is `null` when it does not (`null`, "", absent, "1,234.50"), so one of them can never
 * refuse the record that says a buyer paid. What a decision needs (code, amount, currency) is
 * judged by the decision itself, on the one record it chooses.
 */
const informationalNumber = z.number().nullable().catch(null);
const informationalDate = gatewayDateTime.nullable().catch(null);
const transactionId = z.number().int().nullable().catch(null);

const transactionFields = {
  orderNumber: z.string(),
  amount: z.string(),
  currency: z.string(),
  merchantId: z.string(),
  code: z.string(),
  response: z.string(),
  auth: z.string(),
  commission: informationalNumber,
  iva_commission: informationalNumber,
  retention_iva: informationalNumber,
  retention_rent: informationalNumber,
  cost: informationalNumber,
  cost_iva: informationalNumber,
  capture: z.string(),
  card: z.string(),
  last: z.string(),
  environment: z.string(),
  type: z.string(),
  date: informationalDate,
};

export const transactionRecord = z.object({
  id_svc: transactionId,
  ...transactionFields,
  net_to_liquidate: z.string(),
});
export type TransactionRecord = z.infer<typeof transactionRecord>;

export const consultRequest = z.object({
  key: z.string().min(1),
  orderNumber: z.string().min(1),
  merchantId: z.string(),
});
export type ConsultRequest = z.infer<typeof consultRequest>;

export const consultResponse = z.object({
  type: z.string(),
  message: z.string(),
  response: z.array(transactionRecord),
});
export type ConsultResponse = z.infer<typeof consultResponse>;

/** gateway-api.md §2.4: same record from consultTransactions, but `id`, a numeric net, and four more fields. */
export const transactionListItem = z.object({
  id: transactionId,
  ...transactionFields,
  net_to_liquidate: informationalNumber,
  taxes: z.string(),
  discount: z.string(),
  discount_name: z.string(),
  email: z.string(),
});
export type TransactionListItem = z.infer<typeof transactionListItem>;

/** gateway-api.md §4.5; the flag really is spelled `onlyAproved`. */
export const consultTransactionsRequest = z.object({
  key: z.string().min(1),
  startDate: gatewayDateTime,
  endDate: gatewayDateTime,
  onlyAproved: z.union([z.literal(0), z.literal(1)]).optional(),
  environment: z.union([z.literal(0), z.literal(1)]).optional(),
  currency: z.array(z.string()).optional(),
  merchantId: z.string().optional(),
  orderNumber: z.string().optional(),
  email: z.string().optional(),
  auth: z.string().optional(),
});
export type ConsultTransactionsRequest = z.infer<typeof consultTransactionsRequest>;

export const consultTransactionsResponse = z.object({
  type: z.string(),
  message: z.string(),
  response: z.array(transactionListItem),
});
export type ConsultTransactionsResponse = z.infer<typeof consultTransactionsResponse>;
