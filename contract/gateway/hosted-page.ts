import { z } from 'zod';
import { gatewayAmount, gatewayCurrency, gatewayFlag } from './common.ts';

/** gateway-api.md §4.3: every field is a string; buyer fields are required even when empty (address2). */
const isoState = z.string().regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, 'expected an ISO 3166-2 code such as CR-SJ');
const isoCountry = z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 code');

export const processPaymentRequest = z.object({
  redirect: z.string().url(),
  key: z.string().min(1),
  amount: gatewayAmount,
  currency: gatewayCurrency,
  orderNumber: z.string().min(1),
  capture: gatewayFlag,
  billToFirstName: z.string(),
  billToLastName: z.string(),
  billToAddress: z.string(),
  billToAddress2: z.string(),
  billToCity: z.string(),
  billToState: isoState,
  billToCountry: isoCountry,
  billToZipPostCode: z.string(),
  billToTelephone: z.string(),
  billToEmail: z.string(),
  shipToFirstName: z.string(),
  shipToLastName: z.string(),
  shipToAddress: z.string(),
  shipToAddress2: z.string(),
  shipToCity: z.string(),
  shipToState: isoState,
  shipToCountry: isoCountry,
  shipToZipPostCode: z.string(),
  shipToTelephone: z.string(),
  subscription: gatewayFlag,
  platform: z.string(),
  returnData: z.string().optional(),
  hashVersion: z.enum(['V1', 'V2']).optional(),
  token_version: z.literal('v2').optional(),
  /**
   * The hosted page's language as a BCP 47 tag (`es-CR`). Not in gateway-api.md; the official plugin
   * sends it (gateway-facts.md "Observed in public integrations", "Language", firm).
   */
  lang: z.string().min(2).optional(),
});
export type ProcessPaymentRequest = z.infer<typeof processPaymentRequest>;

/** `type` "100" = hosted page created (gateway-facts.md); `url` is where the buyer goes. */
export const processPaymentResponse = z.object({
  type: z.string(),
  html: z.string(),
  url: z.string(),
});
export type ProcessPaymentResponse = z.infer<typeof processPaymentResponse>;

/**
 * The buyer's GET back to `redirect` (gateway-api.md §6.1, gateway-facts.md "Redirect query").
 * Only `code` and `order` are always needed to act; the rest may be missing on a cancel, and a
 * cancel may add parameters of its own, which are kept. `svc-transaction` repeats `tpt`.
 */
export const paymentRedirectQuery = z.looseObject({
  code: z.string().min(1),
  description: z.string().optional(),
  auth: z.string().optional(),
  order: z.string().min(1),
  tpt: z.string().optional(),
  crd: z.string().optional(),
  'svc-transaction': z.string().optional(),
  OrderHash: z.string().optional(),
  returnData: z.string().optional(),
  form_update: z.string().optional(),
});
export type PaymentRedirectQuery = z.infer<typeof paymentRedirectQuery>;
