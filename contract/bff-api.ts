// The BFF's browser-facing API (ARCHITECTURE.md, "The BFF's HTTP surface"): one zod/mini schema per
// message, so the widget can import it without pulling zod classic into its first bundle.
// The BFF validates with the same schemas; /v1/openapi.json is generated from them.
import * as z from 'zod/mini';
import type { Address, BillingAddress, ContactBillingAddress } from './address.ts';
import { bankFailureCategories } from './bank-failure-messages.ts';
import { declineCategories } from './decline-messages.ts';
import { alternativeMethods } from './decline-rescue.ts';
import { invoiceDetails, type InvoiceDetails } from './invoice.ts';
import { sessionSinpeMovil } from './sinpe-movil.ts';
import { clientReferenceString, shopMetadata } from './shop-keys.ts';
import { localAmount } from './local-amount.ts';

/** A money amount on the wire: a decimal string, never a float (e.g. "1500.00", "12"). */
export const decimalAmountString = z.string().check(z.regex(/^(0|[1-9]\d{0,14})(\.\d{1,4})?$/, 'invalid_amount'));

/** ISO 4217 alphabetic code, shape only (the BFF also checks it is a real currency). */
export const currencyCodeString = z.string().check(z.regex(/^[A-Z]{3}$/, 'invalid_currency'));

/** Order numbers travel to the gateway and into URLs: a conservative alphabet keeps them safe there. */
export const orderNumberString = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'invalid_order_number'));

// ---------------------------------------------------------------------------------------------
// Order status
// ---------------------------------------------------------------------------------------------

export const orderStatuses = [
  'created',
  'pending',
  'approved',
  'declined',
  'cancelled',
  'review',
  'captured',
  'refunded',
  'reversed',
  'expired',
] as const;
export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatus>;

/**
 * Statuses in which the buyer's current attempt is still running (the gateway or the bank may
 * still report an outcome): the widget keeps polling. Whether a declined or cancelled order may be
 * tried again is the status answer's `canRetry`; the transitions themselves live in the BFF's order
 * state machine (bff/payments/orders/order-machine.ts).
 */
export const openOrderStatuses: readonly OrderStatus[] = ['created', 'pending'];
export function isOpenOrderStatus(status: OrderStatus): boolean {
  return openOrderStatuses.includes(status);
}

// ---------------------------------------------------------------------------------------------
// Addresses (shape only; the field rules live in contract/address.ts and are applied on top)
// ---------------------------------------------------------------------------------------------

/** The address types of contract/address.ts (type-only import: nothing is bundled). */
export type CheckoutAddress = Address;
export type CheckoutBillingAddress = BillingAddress;

const addressShape = {
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  telephone: z.string(),
};
/** Shape-only address schemas: for documents and for callers that apply the field rules elsewhere. */
export const addressShapeSchemas = {
  address: z.object(addressShape),
  billingAddress: z.object({ ...addressShape, email: z.string() }),
  contactBillingAddress: z.object({
    ...z.partial(z.object(addressShape)).def.shape,
    firstName: z.string(),
    lastName: z.string(),
    telephone: z.string(),
    email: z.string(),
  }),
};

/**
 * Prefill: any subset of the fields, given by the merchant when creating the session. Strict, as
 * every merchant request: a misspelt field (`emial`) is refused rather than silently left empty.
 */
export const prefill = z.strictObject({
  billing: z.optional(z.partial(z.strictObject({ ...addressShape, email: z.string() }))),
  shipping: z.optional(z.partial(z.strictObject(addressShape))),
});
export type Prefill = z.infer<typeof prefill>;

/**
 * The prefill as GET /v1/session answers it: open, like every answer, so a widget built today keeps
 * reading an answer a later release adds a field to (README "Versioning policy").
 */
export const answeredPrefill = z.object({
  billing: z.optional(z.partial(z.object({ ...addressShape, email: z.string() }))),
  shipping: z.optional(z.partial(z.object(addressShape))),
});

// ---------------------------------------------------------------------------------------------
// POST /v1/sessions (browser, catalog items; Origin must be allowed)
// ---------------------------------------------------------------------------------------------

export const createSessionRequest = z.object({
  items: z.array(
    z.object({
      sku: z.string().check(z.minLength(1), z.maxLength(64)),
      quantity: z.int().check(z.minimum(1), z.maximum(99)),
    }),
  ).check(z.minLength(1), z.maxLength(50)),
  locale: z.optional(z.string().check(z.maxLength(35))),
  /**
   * Where the buyer comes back after paying. Must be on the calling page's origin (the request's
   * Origin). Default: the Referer when on that origin, else the origin's root. Browsers usually send
   * only the origin as a cross-origin Referer, so the widget should pass its page URL here.
   */
  returnUrl: z.optional(z.url()),
  /**
   * true: the buyer may ask for a Costa Rican electronic invoice (the element's `invoice` attribute).
   * Refused (400 on `invoice`) unless the catalog says the shop issues them.
   */
  invoice: z.optional(z.boolean()),
});
export type CreateSessionRequest = z.infer<typeof createSessionRequest>;

export const orderLine = z.object({
  sku: z.string(),
  name: z.string(),
  quantity: z.int(),
  unitAmount: decimalAmountString,
  amount: decimalAmountString,
});
export type OrderLine = z.infer<typeof orderLine>;

export const createSessionResponse = z.object({
  sessionToken: z.string(),
  /** ISO 8601 date-time when the session token stops working. */
  expiresAt: z.string(),
  order: z.object({
    orderNumber: z.string(),
    amount: decimalAmountString,
    currency: z.string(),
    lines: z.array(orderLine),
  }),
  /** Present when the buyer may pay by SINPE Móvil (a colones order, the merchant has a number). */
  sinpeMovil: z.optional(sessionSinpeMovil),
  /** A dollar order: its amount in colones (as GET /v1/session answers it). */
  localAmount: z.optional(localAmount),
  /** As GET /v1/session: the card may be charged `localAmount` in colones. */
  cardInColones: z.optional(z.boolean()),
});
export type CreateSessionResponse = z.infer<typeof createSessionResponse>;

// ---------------------------------------------------------------------------------------------
// POST /v1/merchant/checkout-sessions (merchant server; Bearer merchant secret)
// ---------------------------------------------------------------------------------------------

/** A line of a merchant session: the BFF computes its amount. */
export const merchantOrderLine = z.strictObject({
  sku: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  quantity: z.int().check(z.minimum(1), z.maximum(9999)),
  unitAmount: decimalAmountString,
});
export type MerchantOrderLine = z.infer<typeof merchantOrderLine>;

// Strict, as every merchant request: an unknown field (`captrue`) is a 400 `unknown_field`, never ignored.
export const merchantCreateSessionRequest = z.strictObject({
  amount: decimalAmountString,
  currency: currencyCodeString,
  orderNumber: z.optional(orderNumberString),
  /** true (default): authorize and capture; false: authorize only, capture later. */
  capture: z.optional(z.boolean()),
  /** Where the buyer lands after paying; its origin must be in ALLOWED_ORIGINS. */
  returnUrl: z.url(),
  description: z.optional(z.string().check(z.maxLength(255))),
  prefill: z.optional(prefill),
  /** Merchant's own opaque reference, kept with the order (never sent to the browser); returned by the order API and webhooks. */
  returnData: z.optional(z.string().check(z.maxLength(1024))),
  /** The shop's own key-value pairs (string values, at most 20 keys), returned by every order answer and order webhook. */
  metadata: z.optional(shopMetadata),
  /** The shop's own order id; GET /v1/merchant/orders?clientReference= finds the order by it. */
  clientReference: z.optional(clientReferenceString),
  /** true: the checkout offers the buyer a Costa Rican electronic invoice (ID type and number, name, e-mail). */
  invoice: z.optional(z.boolean()),
  /**
   * What the buyer is paying for, shown in the widget's summary. Each line's amount is quantity ×
   * unitAmount; the lines must add up to `amount` (else a 400 naming `lines`).
   */
  lines: z.optional(z.array(merchantOrderLine).check(z.minLength(1), z.maxLength(100))),
});
export type MerchantCreateSessionRequest = z.infer<typeof merchantCreateSessionRequest>;

export const merchantCreateSessionResponse = z.object({
  sessionToken: z.string(),
  expiresAt: z.string(),
  orderNumber: z.string(),
});
export type MerchantCreateSessionResponse = z.infer<typeof merchantCreateSessionResponse>;

// ---------------------------------------------------------------------------------------------
// GET /v1/session (widget; Bearer session)
// ---------------------------------------------------------------------------------------------

/** POST /v1/session/renew: the same session, with a fresh token. */
export const renewSessionResponse = z.object({
  sessionToken: z.string(),
  /** ISO 8601 date-time when the new token stops working. */
  expiresAt: z.string(),
  /** ISO 8601 date-time past which the session is renewed no more (SESSION_MAX_MINUTES after its first issue). */
  maxExpiresAt: z.string(),
});
export type RenewSessionResponse = z.infer<typeof renewSessionResponse>;

export const sessionResponse = z.object({
  order: z.object({
    orderNumber: z.string(),
    amount: decimalAmountString,
    currency: z.string(),
    status: orderStatus,
    capture: z.boolean(),
    description: z.optional(z.string()),
    lines: z.array(orderLine),
  }),
  prefill: answeredPrefill,
  /** Where the buyer comes back after paying (the merchant's returnUrl, on an allowed origin). */
  returnUrl: z.string(),
  expiresAt: z.string(),
  /** True when the checkout offers a Costa Rican electronic invoice (POST /v1/checkout then accepts `invoice`). */
  invoice: z.optional(z.boolean()),
  /** Set once checkout was submitted: the hosted page to send the buyer to (same as POST /v1/checkout). */
  redirectUrl: z.optional(z.string()),
  /** Present when the buyer may pay by SINPE Móvil; carries the open transfer, if any. */
  sinpeMovil: z.optional(sessionSinpeMovil),
  /** A dollar order: its amount in colones at the BCCR reference sell rate the merchant set (absent without a fresh rate). */
  localAmount: z.optional(localAmount),
  /** True when the card may be charged `localAmount` in colones instead (CARD_COLONES_FOR_USD): POST /v1/checkout `cardCurrency: "CRC"`. */
  cardInColones: z.optional(z.boolean()),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

// ---------------------------------------------------------------------------------------------
// POST /v1/checkout (widget; Bearer session; idempotent per session)
// ---------------------------------------------------------------------------------------------

/**
 * Builds the checkout body schema from address schemas: pass contract/address.ts
 * `createAddressSchemas(checks)` with `contactBillingAddress: createContactBillingSchema(checks)` for
 * the real field rules, or `addressShapeSchemas` for shape only.
 * A card checkout (`method` absent or "card") has exactly one of `shipping` or `sameAsBilling: true`.
 * A SINPE Móvil one needs only `contactBillingAddress` (name, e-mail, phone), or the whole billing
 * address when `sinpeAsksAddress` (the merchant's SINPE_MOVIL_ASK_ADDRESS). `invoice` only when the
 * session offers it. `cardCurrency: "CRC"` asks for a dollar order's card charge in colones (only
 * when the session says `cardInColones`). The method picks the variant first, so a refusal names the variant's own fields.
 */
export function createCheckoutRequestSchema<A extends z.ZodMiniType, B extends z.ZodMiniType, C extends z.ZodMiniType>(
  schemas: { address: A; billingAddress: B; contactBillingAddress: C },
  options: { sinpeAsksAddress?: boolean } = {},
) {
  const locale = z.optional(z.string().check(z.maxLength(35)));
  const invoice = z.optional(invoiceDetails);
  const card = z.optional(z.literal('card'));
  const cardCurrency = z.optional(z.enum(cardCurrencies));
  const sinpeBilling = options.sinpeAsksAddress ? schemas.billingAddress : schemas.contactBillingAddress;
  return z.discriminatedUnion('method', [
    z.discriminatedUnion('sameAsBilling', [
      // The shipping variant claims an absent sameAsBilling, so a body with neither asks for `shipping`.
      z.strictObject({ billing: schemas.billingAddress, shipping: schemas.address, sameAsBilling: z.optional(z.undefined()), locale, method: card, invoice, cardCurrency }),
      z.strictObject({ billing: schemas.billingAddress, sameAsBilling: z.literal(true), locale, method: card, invoice, cardCurrency }),
    ]),
    z.strictObject({
      billing: sinpeBilling,
      shipping: z.optional(schemas.address),
      sameAsBilling: z.optional(z.literal(true)),
      locale,
      method: z.literal('sinpe_movil'),
      invoice,
    }),
  ]);
}
/** The currencies a dollar order's card may be charged in: its own, or colones where the merchant allows it. */
export const cardCurrencies = ['USD', 'CRC'] as const;
export type CardCurrency = (typeof cardCurrencies)[number];
/** How the buyer pays: the gateway's hosted card page (the default) or a SINPE Móvil transfer. */
export const checkoutMethods = ['card', 'sinpe_movil'] as const;
export const checkoutMethod = z.enum(checkoutMethods);
export type CheckoutMethod = (typeof checkoutMethods)[number];
export type CheckoutRequest =
  | { billing: CheckoutBillingAddress; shipping: CheckoutAddress; locale?: string; method?: 'card'; invoice?: InvoiceDetails; cardCurrency?: CardCurrency }
  | { billing: CheckoutBillingAddress; sameAsBilling: true; locale?: string; method?: 'card'; invoice?: InvoiceDetails; cardCurrency?: CardCurrency }
  | {
      billing: ContactBillingAddress;
      shipping?: CheckoutAddress;
      sameAsBilling?: true;
      locale?: string;
      method: 'sinpe_movil';
      invoice?: InvoiceDetails;
    };

export const checkoutResponse = z.object({
  /** The gateway's hosted payment page. */
  redirectUrl: z.string(),
  orderNumber: z.string(),
  /**
   * Reads this order's status (GET /v1/orders/{orderNumber}) for as long as it can still change, past
   * the session's end: what a page that stays (a popup) follows the payment with.
   */
  statusToken: z.optional(z.string()),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

// ---------------------------------------------------------------------------------------------
// GET /v1/return → 303 to returnUrl#svc-result=<status token>
// ---------------------------------------------------------------------------------------------

// The token and its fragment parameter live apart from the schemas: the widget reads them without zod.
export { orderNumberOfStatusToken, resultFragmentParameter } from './status-token.ts';

// ---------------------------------------------------------------------------------------------
// GET /v1/orders/{orderNumber} (widget; Bearer status token or session)
// ---------------------------------------------------------------------------------------------

/** What a SINPE Móvil transfer that paid an order brought: its amount and currency, and how much below the order's amount it was. */
export const paidTransfer = z.object({
  amount: decimalAmountString,
  currency: z.string(),
  /** How much less than the order's amount (in the order's colones) the transfer asked; absent: none. */
  discount: z.optional(decimalAmountString),
});
export type PaidTransfer = z.infer<typeof paidTransfer>;

export const orderStatusResponse = z.object({
  orderNumber: z.string(),
  status: orderStatus,
  final: z.boolean(),
  amount: decimalAmountString,
  currency: z.string(),
  auth: z.optional(z.string()),
  /** Payment attempts opened so far (each one processPayment or one SINPE Móvil transfer). */
  attempts: z.int(),
  /** True when a declined or cancelled order may be paid again: POST /v1/checkout opens the next attempt. */
  canRetry: z.boolean(),
  /** For a decline or a cancel: a shopper-safe message in the checkout's language (never the gateway's raw text). */
  message: z.optional(z.string()),
  /**
   * For a decline or a cancel: the message's category in contract/decline-messages.ts, so a widget
   * whose page changed language says the same thing in the page's language.
   */
  reason: z.optional(z.enum(declineCategories)),
  /**
   * For a SINPE Móvil transfer that was refused or ran out: the message's category in
   * contract/bank-failure-messages.ts (a card's is `reason`), so the merchant's analytics can count
   * refusals by kind (the widget's svc-declined `category`).
   */
  bankFailure: z.optional(z.enum(bankFailureCategories)),
  /**
   * After a card decline another card is unlikely to fix (contract/decline-rescue.ts): the other
   * means the shopper may pay this same order with (POST /v1/checkout with that `method`). Absent otherwise.
   */
  alternatives: z.optional(z.array(z.enum(alternativeMethods))),
  /** For an approval: the paying card as the gateway reported it (brand, last four digits), when it did. */
  card: z.optional(z.object({ brand: z.string(), last4: z.string() })),
  /** A dollar order: its amount in colones (fixed at checkout, else at today's fresh rate); absent without a rate. */
  localAmount: z.optional(localAmount),
  /** Paid by a SINPE Móvil transfer: what the buyer sent (what the receipt shows), maybe a few colones below `amount`. */
  paid: z.optional(paidTransfer),
  /** ISO 8601 date-time of the last status change. */
  updatedAt: z.string(),
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponse>;

// ---------------------------------------------------------------------------------------------
// Errors: application/problem+json everywhere
// ---------------------------------------------------------------------------------------------

// Apart from the schemas: the widget branches on these types without zod.
export { problemTypes, type ProblemType } from './problem-types.ts';

export const problemFieldError = z.object({
  /** Dotted field path, e.g. `billing.state`, `shipping.zip`, `items.0.sku`. */
  path: z.string(),
  /** English prose for people and logs. */
  message: z.string(),
  /** A stable code to localize on (`required`, `state_not_in_country`, `invalid_phone`, …), when there is one. */
  code: z.optional(z.string()),
});
export const problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
  /**
   * What was refused as a whole, as a stable code to word in the caller's language (a merchant
   * action's refusal: `fully-refunded`, `changed-meanwhile`, …), when there is one. `detail` says
   * the same in English.
   */
  code: z.optional(z.string()),
  errors: z.array(problemFieldError),
});
export type Problem = z.infer<typeof problem>;
export type ProblemFieldError = z.infer<typeof problemFieldError>;
