// The merchant API's messages (ARCHITECTURE.md: /v1/merchant/*). One zod schema per message; the
// routes validate with them and /v1/openapi.json documents them. Money is a decimal string.
import { z } from 'zod';
import { bankPaymentView } from './bank-payment-view.ts';
import { currencyCodeString, decimalAmountString, orderLine, orderStatus, orderStatuses, paidTransfer } from './bff-api.ts';
import { localAmount } from './local-amount.ts';
import { invoiceHandOff } from './invoice-hand-off.ts';

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

/**
 * Why an action is not possible now, as a code a back office words in its own language (with the
 * order's status and amounts); `reason` is the same in English.
 */
export const actionRefusalCodes = [
  'paid-by-transfer',
  'already-captured',
  'not-authorized',
  'authorization-lapsed',
  'captured-not-reversible',
  'nothing-captured',
  'fully-refunded',
  'not-splittable',
  'already-split',
  'link-payment',
  'refund-pending',
] as const;
export type ActionRefusalCode = (typeof actionRefusalCodes)[number];

/** An amount the action cannot take: worded with what the action allows now. */
export const amountRefusalCodes = ['partial-reversal', 'more-than-allowed', 'shares-exceed-amount'] as const;
export type AmountRefusalCode = (typeof amountRefusalCodes)[number];

/** A review's decision, an order changed meanwhile, a bank payment's attach: worded without the order's figures. */
export const plainRefusalCodes = [
  'not-in-review',
  'changed-meanwhile',
  'payment-already-settled',
  'payout',
  'payment-not-received',
  'payment-reversed',
  'payment-failed',
  'order-not-payable',
  'currency-mismatch',
  'amount-mismatch',
  'card-page-unknown',
  'card-page-paid',
  'card-page-open',
  'card-attempt-ended',
] as const;
export type PlainRefusalCode = (typeof plainRefusalCodes)[number];

/**
 * Every refusal of the merchant API that a back office words in its own language, as the
 * problem+json `code`: an action's (above), an amount the action cannot take, a bank payment's
 * attach, a review's decision, and an order someone changed meanwhile.
 */
export const merchantRefusalCodes = [...actionRefusalCodes, ...amountRefusalCodes, ...plainRefusalCodes] as const;
export type MerchantRefusalCode = (typeof merchantRefusalCodes)[number];

const actionAllowance = z.object({
  allowed: z.boolean(),
  maxAmount: z.nullable(decimalAmountString),
  reason: z.string().nullable(),
  reasonCode: z.enum(actionRefusalCodes).nullable(),
});

/** What the merchant may do with an order now, and up to which amount (null: not allowed). */
export const orderActions = z.object({ capture: actionAllowance, refund: actionAllowance, reverse: actionAllowance, split: actionAllowance });
export type OrderActions = z.infer<typeof orderActions>;

/** Money a card was charged in another currency than its order's, and the rate it was converted at. */
export const chargedMoney = z.object({ amount: decimalAmountString, currency: currencyCodeString, rate: decimalAmountString });

export const merchantOrder = z.object({
  orderNumber: z.string(),
  status: orderStatus,
  /**
   * `catalog` (POST /v1/sessions), `merchant` (POST /v1/merchant/checkout-sessions) or `link` (a
   * payment link's payment: listed only, the order number is the gateway's; its detail and actions
   * are not served here).
   */
  source: z.string(),
  amount: decimalAmountString,
  currency: z.string(),
  /** false: authorize only, the merchant captures later. */
  capture: z.boolean(),
  capturedAmount: decimalAmountString,
  refundedAmount: decimalAmountString,
  description: z.string().nullable(),
  lines: z.array(orderLine),
  email: z.string().nullable(),
  auth: z.string().nullable(),
  /** The gateway's id of the order (tpt). */
  gatewayOrderId: z.string().nullable(),
  /** A link payment's order number as the gateway's records write it, when it differs from orderNumber (a merchant prefix). */
  gatewayOrderNumber: z.string().optional(),
  /** A refund the gateway scheduled and has not done yet (another refund waits for it); absent when none. */
  pendingRefund: z.object({ amount: decimalAmountString, transactionId: z.string() }).optional(),
  message: z.string().nullable(),
  /**
   * The v4.4 invoice hand-off (contract/invoice-hand-off.ts): the receptor (null when the buyer asked
   * for no invoice) and, once paid, the totals per medio de pago, exchange rate and reference. Null
   * while the order is unpaid and has no receptor.
   */
  invoice: invoiceHandOff.nullable(),
  /**
   * What paid the order: `sinpe_movil` (a bank transfer, refunded from the bank, outside this API:
   * no capture, refund, reversal or split is offered) or `card`; null while nothing has.
   */
  paidBy: z.enum(['card', 'sinpe_movil']).nullable(),
  /** The shop's own keys as the session set them ({} when none). */
  metadata: z.record(z.string(), z.string()),
  /** The shop's own order id as the session set it. */
  clientReference: z.string().nullable(),
  /** The session's `returnData`, as given. */
  returnData: z.string().nullable(),
  /**
   * SINPE Móvil: how much less than `amount` the paying transfer brought, because its amount was
   * lowered to be unique among awaited transfers (null: none, or not paid by such a transfer).
   */
  discount: z.nullable(decimalAmountString),
  /** Paid by a SINPE Móvil transfer: what it brought, in the currency it moved in, and the discount; null otherwise. */
  paid: z.nullable(paidTransfer),
  /** A dollar order: its colón amount and the rate (day, source) fixed at checkout; null otherwise or without a fresh rate then. */
  localAmount: z.nullable(localAmount),
  /**
   * The card charge when it was not in the order's currency (a dollar order paid in colones,
   * CARD_COLONES_FOR_USD): the amount and currency the gateway took and the rate (colones per
   * dollar) it was converted at; null otherwise. Captures and refunds are stated in the order's currency.
   */
  charged: z.nullable(chargedMoney),
  createdAt: z.string(),
  updatedAt: z.string(),
  actions: orderActions,
});
export type MerchantOrder = z.infer<typeof merchantOrder>;

export const historyEntry = z.object({
  from: z.nullable(orderStatus),
  to: orderStatus,
  source: z.string(),
  detail: z.string().nullable(),
  at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** One try to pay the order: a processPayment on the hosted page (or, later, a SINPE Móvil transfer). */
export const paymentAttempt = z.object({
  number: z.number().int(),
  method: z.string(),
  /** The gateway's orderNumber of this attempt (the order's own for the first). */
  gatewayOrderNumber: z.string(),
  outcome: z.enum(['open', 'approved', 'declined', 'cancelled', 'expired', 'review']),
  /** The gateway's id (tpt) and authorization of the attempt's payment, once known. */
  gatewayOrderId: z.string().nullable(),
  auth: z.string().nullable(),
  code: z.string().nullable(),
  /** SINPE Móvil: the reference the buyer was asked to write, and when the transfer lapses. */
  sinpeReference: z.string().nullable().optional(),
  expiresAt: z.string().nullable().optional(),
  /** SINPE Móvil: the exact amount and currency the buyer was asked to send, and how far below the order's amount it is. */
  transferAmount: z.nullable(decimalAmountString).optional(),
  transferCurrency: z.string().nullable().optional(),
  transferDiscount: z.nullable(decimalAmountString).optional(),
  /** Card: the amount and currency processPayment was sent, and the rate when converted from the order's. */
  chargedAmount: z.optional(decimalAmountString),
  chargedCurrency: z.string().optional(),
  chargedRate: z.optional(decimalAmountString),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentAttempt = z.infer<typeof paymentAttempt>;

export const merchantOrderDetail = merchantOrder.extend({
  history: z.array(historyEntry),
  attempts: z.array(paymentAttempt),
  /** The bank payments that settled (or were attached to) this order (GET /v1/merchant/orders/{n}). */
  bankPayments: z.array(bankPaymentView).optional(),
});
export type MerchantOrderDetail = z.infer<typeof merchantOrderDetail>;

// ---------------------------------------------------------------------------------------------
// Keys: GET /v1/merchant/whoami
// ---------------------------------------------------------------------------------------------

/** Which merchant key a call used: MERCHANT_SECRET's current or previous key, or MERCHANT_READ_SECRET. */
export const merchantKeys = ['current', 'previous', 'read'] as const;
export type MerchantKey = (typeof merchantKeys)[number];

/** When a key last opened a call on this instance (since it started); null: not since. */
const keyUsage = z.object({ lastUsedAt: z.string().nullable() });

export const merchantWhoami = z.object({
  /** The key this call used. */
  key: z.enum(merchantKeys),
  /**
   * Each configured key's last accepted call on the instance that answers (kept in memory, so it
   * starts empty at each start and each instance counts its own); null: no such key configured.
   */
  keys: z.object({ current: keyUsage, previous: keyUsage.nullable(), read: keyUsage.nullable() }),
});
export type MerchantWhoami = z.infer<typeof merchantWhoami>;

const commaSeparated = <T extends string>(item: z.ZodType<T, string>) =>
  z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(item).min(1));

/** Shape only; the routes also check the code is a real ISO 4217 currency where it matters. */
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'invalid_currency');

const isoDateTime = z.iso.datetime({ offset: true }).or(z.iso.date());

export const orderListQuery = z.strictObject({
  /** One status or several, comma-separated: `approved,captured`. */
  status: commaSeparated(z.enum(orderStatuses)).optional(),
  currency: commaSeparated(currencyCode).optional(),
  source: z.enum(['catalog', 'merchant', 'link']).optional(),
  /** Exact order number, or a prefix ending in `*` (`SVC-*`). */
  orderNumber: z.string().min(1).max(41).optional(),
  email: z.string().min(1).max(254).optional(),
  /** The shop's own order id given at session creation (exact match). */
  clientReference: z.string().min(1).max(128).optional(),
  /** Created at or after (ISO 8601 date-time, or a bare day: its midnight in BUSINESS_TIME_ZONE). */
  createdFrom: isoDateTime.optional(),
  /** Created before (ISO 8601 date-time), or through a bare day (in BUSINESS_TIME_ZONE). */
  createdTo: isoDateTime.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  /**
   * Without a status filter, `created` orders whose session ran out before checkout (nobody will
   * pay them) are left out; `true` lists them too.
   */
  includeAbandoned: z.enum(['true', 'false']).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderListResponse = z.object({
  items: z.array(merchantOrder),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type OrderListResponse = z.infer<typeof orderListResponse>;

// ---------------------------------------------------------------------------------------------
// Capture, refund, reverse (processModification 1, 2, 3)
// ---------------------------------------------------------------------------------------------

export const modificationRequest = z.strictObject({
  /** A partial amount; default: everything the action can take (capturable, refundable, authorized). */
  amount: z.optional(decimalAmountString),
});
export type ModificationRequest = z.infer<typeof modificationRequest>;

export const modificationResponse = z.object({
  modification: z.object({
    type: z.enum(['capture', 'refund', 'reverse']),
    amount: decimalAmountString,
    /** An order charged in another currency (a dollar order paid in colones): what the gateway was asked, in the charge's currency. */
    chargedAmount: z.optional(decimalAmountString),
    chargedCurrency: z.optional(z.string()),
    transactionId: z.string(),
    reasonCode: z.string(),
    description: z.string(),
    /** `done`, or `pending`: the gateway scheduled the refund; the order's pendingRefund shows it until consult shows it done. */
    status: z.enum(['done', 'pending']).optional(),
  }),
  order: merchantOrderDetail,
});
export type ModificationResponse = z.infer<typeof modificationResponse>;

// ---------------------------------------------------------------------------------------------
// Split (gateway-api.md §4.6)
// ---------------------------------------------------------------------------------------------

export const splitRequest = z.strictObject({
  commerces: z
    .array(z.strictObject({ email: z.email().max(254), amount: decimalAmountString }))
    .min(1)
    .max(50),
  /** The gateway's request language. */
  lang: z.string().min(2).max(10).default('es'),
});
export type SplitRequestBody = z.infer<typeof splitRequest>;

export const splitResponse = z.object({
  orderNumber: z.string(),
  gatewayOrderId: z.string(),
  currency: z.string(),
  amount: decimalAmountString,
  /** What is left for the owning merchant on top of any share it listed (gateway-api.md §4.6). */
  ownerRemainder: decimalAmountString,
  shares: z.array(
    z.object({
      gatewayOrderId: z.string(),
      email: z.string(),
      name: z.string(),
      amount: decimalAmountString,
    }),
  ),
  order: merchantOrderDetail,
});
export type SplitResponse = z.infer<typeof splitResponse>;

// ---------------------------------------------------------------------------------------------
// Transactions (consultTransactions, gateway-api.md §4.5)
// ---------------------------------------------------------------------------------------------

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => (value === '1' || value === 'true' ? 1 : 0) as 0 | 1);

export const transactionsQuery = z.strictObject({
  /**
   * ISO 8601 (`2026-11-21`, `2026-11-21T10:00:00Z`) or the gateway's `Y-m-d H:i:s`; default 30 days
   * ago. A bare day starts at midnight in BUSINESS_TIME_ZONE.
   */
  startDate: z.string().min(1).optional(),
  /** Same forms; default now. A bare day runs through its last second in BUSINESS_TIME_ZONE. */
  endDate: z.string().min(1).optional(),
  /** Only approved transactions (`1`/`true`). */
  onlyApproved: flag.optional(),
  /** Deprecated: the gateway's misspelling of `onlyApproved`, still accepted; `onlyApproved` wins when both are sent. */
  onlyAproved: flag.optional(),
  /** `production` / `test`, or the gateway's 0 / 1. */
  environment: z
    .enum(['production', 'test', '0', '1'])
    .transform((value) => (value === 'test' || value === '1' ? 1 : 0) as 0 | 1)
    .optional(),
  /** Comma-separated: `CRC,USD`. */
  currency: commaSeparated(currencyCode).optional(),
  merchantId: z.string().min(1).max(64).optional(),
  orderNumber: z.string().min(1).max(64).optional(),
  email: z.string().min(1).max(254).optional(),
  auth: z.string().min(1).max(64).optional(),
});
export type TransactionsQuery = z.infer<typeof transactionsQuery>;

export const transactionView = z.object({
  /** null when the gateway's record did not carry a readable id. */
  id: z.number().int().nullable(),
  /** Our order number: the gateway's, read by its ending (a merchant prefix taken off) and found among our attempts or link payments. */
  orderNumber: z.string(),
  /** The order number as the gateway's record writes it, when it differs from orderNumber. */
  gatewayOrderNumber: z.string().optional(),
  amount: z.string(),
  currency: z.string(),
  approved: z.boolean(),
  code: z.string(),
  response: z.string(),
  auth: z.string(),
  type: z.string(),
  capture: z.string(),
  environment: z.string(),
  merchantId: z.string(),
  email: z.string(),
  cardLast4: z.string(),
  /** The order's clientReference and metadata (the shop's own keys) when the record is one of our orders'. */
  clientReference: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  /**
   * What the processor deducted, as the gateway wrote it (decimal strings in the record's currency):
   * its commission, the IVA on it, the IVA and income tax withheld for Hacienda, a cost and its IVA.
   * A field the gateway left empty or wrote unreadably is absent, never 0.
   */
  commission: z.string().optional(),
  ivaCommission: z.string().optional(),
  retentionIva: z.string().optional(),
  retentionRent: z.string().optional(),
  cost: z.string().optional(),
  costIva: z.string().optional(),
  /** What the gateway will pay for this record; null when it left it empty or wrote it unreadably (it decides nothing here). */
  netToLiquidate: z.string().nullable(),
  /** ISO 8601 (the gateway's `Y-m-d H:i:s`, read as UTC); null when the gateway left it empty. */
  date: z.string().nullable(),
});
export type TransactionView = z.infer<typeof transactionView>;

export const transactionsResponse = z.object({
  startDate: z.string(),
  endDate: z.string(),
  items: z.array(transactionView),
});
export type TransactionsResponse = z.infer<typeof transactionsResponse>;

// ---------------------------------------------------------------------------------------------
// Payment links (gateway-api.md §4.8-§4.12)
// ---------------------------------------------------------------------------------------------

export const createPaymentLinkRequest = z.strictObject({
  amount: decimalAmountString,
  currency: currencyCodeString,
  reference: z.string().max(100).optional(),
  description: z.string().max(255).optional(),
  /** true: the link can be paid once; false (default): unlimited. */
  singleUse: z.boolean().default(false),
  /** Customer name: single-use links only (gateway-api.md §4.8). */
  client: z.string().max(100).optional(),
});
export type CreatePaymentLinkRequest = z.infer<typeof createPaymentLinkRequest>;

export const paymentLink = z.object({
  id: z.string(),
  url: z.string(),
  amount: z.string(),
  currency: z.string(),
  reference: z.string(),
  description: z.string(),
  timesUsed: z.number().int(),
  /** ISO 8601; null when the gateway left the link's creation time empty. */
  createdAt: z.string().nullable(),
});
export type PaymentLink = z.infer<typeof paymentLink>;

export const paymentLinkDetail = paymentLink.extend({
  client: z.string(),
  /** The gateway's label (observed: Unlimited). */
  type: z.string(),
  callbackUrl: z.string().nullable(),
  /** Items are "not shown" in gateway-api.md §2.5: passed through as the gateway gives them. */
  payments: z.array(z.unknown()),
});
export type PaymentLinkDetail = z.infer<typeof paymentLinkDetail>;

export const paymentLinkListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).default(1),
});

export const paymentLinkPage = z.object({
  items: z.array(paymentLink),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
});
export type PaymentLinkPage = z.infer<typeof paymentLinkPage>;
