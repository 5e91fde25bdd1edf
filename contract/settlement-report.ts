// GET /v1/merchant/reports/settlement (ARCHITECTURE.md "Accounting"): a business day's money, one
// movement per row, with totals per method and currency and what the upstream's records say
// otherwise. The route validates its query with these schemas and /v1/openapi.json documents them.
import { z } from 'zod';

/** Every deduction a movement may carry, in report order: the card processor's, then the bank's. */
export const deductionNames = ['commission', 'ivaCommission', 'retentionIva', 'retentionRent', 'cost', 'costIva', 'feeTotal', 'taxTotal'] as const;
export type DeductionName = (typeof deductionNames)[number];

/**
 * What moved: `in` kinds add to the day, `out` kinds take from it. A card payment counts when the
 * gateway approved it (its record carries the processor's deductions); a capture moves no money
 * of its own, so it is no movement. A split share (`card_split`) divides a payment already counted
 * among commerces: it is listed, and counted in no total (`direction` `none`). A SINPE payment in is
 * `matched` (it paid its order by its reference or amount), `attached` (the merchant placed it on an
 * order) or `unmatched`.
 */
export const movementKinds = ['card_payment', 'card_refund', 'card_reversal', 'card_split', 'sinpe_matched', 'sinpe_attached', 'sinpe_unmatched', 'sinpe_reversed'] as const;
export type MovementKind = (typeof movementKinds)[number];
export const outgoingKinds: ReadonlySet<MovementKind> = new Set(['card_refund', 'card_reversal', 'sinpe_reversed']);
export const uncountedKinds: ReadonlySet<MovementKind> = new Set(['card_split']);

const amount = z.string().describe('A decimal amount in the movement\'s currency (never negative: `direction` says which way it went).');
const signedAmount = z.string().describe('A decimal sum, negative when more went out than came in.');

/** Each deduction, present only when the upstream wrote it. */
function deductionFields<S extends z.ZodString>(value: S) {
  const field = value.optional();
  return { commission: field, ivaCommission: field, retentionIva: field, retentionRent: field, cost: field, costIva: field, feeTotal: field, taxTotal: field };
}

export const settlementMovement = z.object({
  /** The business day and wall-clock time in BUSINESS_TIME_ZONE. */
  date: z.string(),
  time: z.string(),
  /** The same instant, ISO 8601 UTC. */
  at: z.string(),
  orderNumber: z.string().nullable(),
  clientReference: z.string().nullable(),
  /** The order's metadata (the shop's own keys), when the movement is one of our orders'; JSON only. */
  metadata: z.record(z.string(), z.string()).optional(),
  /** `card`, `sinpe_movil` (or `pin` for a bank transfer by IBAN). */
  method: z.string(),
  kind: z.enum(movementKinds),
  direction: z.enum(['in', 'out', 'none']),
  currency: z.string(),
  gross: amount,
  ...deductionFields(amount),
  /** gross less every deduction present. */
  net: amount,
  /** The gateway's transaction id (card), else null. */
  gatewayId: z.string().nullable(),
  /** The bank's payment id (SINPE), else null. */
  bankPaymentId: z.string().nullable(),
  /** The rail's reference (a SINPE receipt's), else null. */
  externalReference: z.string().nullable(),
});
export type SettlementMovement = z.infer<typeof settlementMovement>;

export const settlementTotal = z.object({
  method: z.string(),
  currency: z.string(),
  gross: signedAmount,
  ...deductionFields(signedAmount),
  /** gross less the deductions, to the céntimo. */
  net: signedAmount,
});
export type SettlementTotal = z.infer<typeof settlementTotal>;

/**
 * Where our records and the upstream's disagree:
 * - `not_ours`: the gateway lists an approved transaction no order of ours knows;
 * - `missing_upstream`: an order of ours was paid by card that day and the gateway lists no such payment;
 * - `not_paid_here`: the gateway approved a payment of an order ours does not count as paid;
 * - `paid_twice`: the gateway approved more than one payment for one order of ours (a replaced hosted
 *   page paid too): one is to refund;
 * - `amount_differs`: the same payment, another amount;
 * - `net_differs`: the upstream's own net is not its gross less its deductions;
 * - `unmatched_transfer`: money arrived by bank transfer that no order took;
 * - `fees_unknown`: a transfer in whose fee and tax the bank has not told yet.
 */
export const differenceTypes = ['not_ours', 'missing_upstream', 'not_paid_here', 'paid_twice', 'amount_differs', 'net_differs', 'unmatched_transfer', 'fees_unknown'] as const;
export const settlementDifference = z.object({
  type: z.enum(differenceTypes),
  method: z.string(),
  orderNumber: z.string().nullable(),
  gatewayId: z.string().nullable(),
  bankPaymentId: z.string().nullable(),
  currency: z.string().nullable(),
  /** Our figure and the upstream's, when the difference is one of amounts. */
  ours: z.string().nullable(),
  upstream: z.string().nullable(),
  reason: z.string(),
});
export type SettlementDifference = z.infer<typeof settlementDifference>;

export const settlementReport = z.object({
  date: z.string(),
  timeZone: z.string(),
  movements: z.array(settlementMovement),
  totals: z.array(settlementTotal),
  differences: z.array(settlementDifference),
});
export type SettlementReport = z.infer<typeof settlementReport>;

export const settlementQuery = z.strictObject({
  /** The business day, in BUSINESS_TIME_ZONE. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a day, YYYY-MM-DD'),
  /** `csv`: RFC 4180 CSV (as `Accept: text/csv`). */
  format: z.enum(['json', 'csv']).optional(),
});

/** The CSV's columns, in order (fixed: spreadsheets and outside checks read them by name). */
export const settlementCsvColumns = [
  'date',
  'time',
  'orderNumber',
  'clientReference',
  'method',
  'kind',
  'currency',
  'gross',
  'commission',
  'ivaCommission',
  'retentionIva',
  'retentionRent',
  'cost',
  'costIva',
  'feeTotal',
  'taxTotal',
  'net',
  'gatewayId',
  'bankPaymentId',
  'externalReference',
] as const satisfies ReadonlyArray<keyof SettlementMovement>;
