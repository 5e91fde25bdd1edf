// The package's types entry (dist/widget/svc-checkout.d.ts, copied by vite.config.ts): the element's
// public API as a page or a framework sees it, with no import at all, so it compiles in any project
// with `skipLibCheck: false` and without the packages the widget bundles (Lit, zod, libphonenumber).
// test/widget/public-types.check.ts makes the typecheck fail when the element and its events stop
// matching what is declared here. The tag and event maps (`declare global`) are added by the build,
// because in the repository the element's own module declares them.

/** The checkout's state: loading → idle → submitting → redirecting, then returned → polling → an outcome. */
export type CheckoutState =
  | 'loading'
  | 'idle'
  | 'submitting'
  | 'redirecting'
  | 'returned'
  | 'polling'
  | 'approved'
  | 'declined'
  /** A SINPE Móvil transfer's time ran out with no money seen: not a refusal (svc-lapsed, never svc-declined). */
  | 'lapsed'
  | 'cancelled'
  | 'review'
  | 'error'
  | 'expired';

/** An order's status as the BFF answers it. */
export type OrderStatus = 'created' | 'pending' | 'approved' | 'declined' | 'cancelled' | 'review' | 'captured' | 'refunded' | 'reversed' | 'expired';

/** `svc-error`'s code: what the merchant's developer can act on (widget/README.md "Errors"). */
export type SvcErrorCode = 'network' | 'origin-not-allowed' | 'asset-load' | 'session-expired' | 'invalid-session' | 'popup-blocked' | 'payment-error';

/** A payment method the buyer may choose. */
export type CheckoutMethod = 'card' | 'sinpe_movil';

/** One line of what was bought (GA4's `items`, Segment's `products`). `price` is the unit price, a decimal string. */
export interface SvcPurchasedItem {
  sku: string;
  name: string;
  quantity: number;
  price: string;
}

/** A card's decline category (contract/decline-messages.ts), or a SINPE Móvil transfer's (contract/bank-failure-messages.ts). */
export type SvcDeclineCategory =
  | 'insufficient_funds'
  | 'card_details'
  | 'card_blocked'
  | 'generic'
  | 'try_again'
  | 'cancelled'
  | 'declined'
  | 'bank_unreachable'
  | 'phone_not_usable'
  | 'currency'
  | 'platform'
  | 'expired';

/** Catalog mode's items: the BFF prices them from its own catalog. */
export interface SvcCatalogItem {
  sku: string;
  quantity: number;
}

/**
 * `<svc-checkout>`: billing and shipping form, then the gateway's hosted page (redirect or popup)
 * or a SINPE Móvil transfer, then the confirmed outcome.
 */
export declare class SvcCheckout extends HTMLElement {
  /** The BFF's base URL. */
  bff: string;
  /** A session token made by the merchant's server. */
  session: string;
  /** Catalog mode: the items to buy (the element creates the session). */
  items: readonly SvcCatalogItem[] | undefined;
  /** The language tag (`es-CR`, `en`, `pt-BR`, …); default `<html lang>`, then the browser's. */
  locale: string;
  /** `redirect` (default) or `popup`. */
  mode: 'redirect' | 'popup';
  /** No shipping address (digital goods). */
  noShipping: boolean;
  /** Catalog mode: offer a Costa Rican electronic invoice. */
  invoice: boolean;
  /** `auto` (follows `prefers-color-scheme`), `light` or `dark`. */
  theme: 'auto' | 'light' | 'dark';
  /** Where the checkout stands. */
  readonly state: CheckoutState;
  /** Validates and, when valid, sends the details and goes to the payment page (the pay button). */
  submit(): Promise<void>;
  /** Back to a fresh form (the session's prefill). Fires no event. */
  reset(): void;
}

export declare class SvcReadyEvent extends Event {
  static readonly eventName: 'svc-ready';
  readonly orderNumber: string;
  constructor(orderNumber: string);
}

export declare class SvcSubmitEvent extends Event {
  static readonly eventName: 'svc-submit';
  readonly orderNumber: string;
  constructor(orderNumber: string);
}

export declare class SvcRedirectEvent extends Event {
  static readonly eventName: 'svc-redirect';
  readonly url: string;
  readonly mode: 'redirect' | 'popup';
  constructor(url: string, mode: 'redirect' | 'popup');
}

export declare class SvcStatusEvent extends Event {
  static readonly eventName: 'svc-status';
  readonly orderNumber: string;
  readonly status: OrderStatus;
  readonly final: boolean;
  constructor(orderNumber: string, status: OrderStatus, final: boolean);
}

export declare class SvcMethodChangeEvent extends Event {
  static readonly eventName: 'svc-method-change';
  readonly method: CheckoutMethod;
  /** The same fields as the event's own. */
  readonly detail: { method: CheckoutMethod };
  constructor(method: CheckoutMethod);
}

export interface SvcApprovedDetail {
  orderNumber: string;
  amount: string;
  currency: string;
  auth: string | undefined;
  method: CheckoutMethod;
  items: SvcPurchasedItem[] | undefined;
}

export declare class SvcApprovedEvent extends Event {
  static readonly eventName: 'svc-approved';
  readonly orderNumber: string;
  /** What was paid (a SINPE Móvil transfer may be a few colones below the order's amount). */
  readonly amount: string;
  readonly currency: string;
  readonly auth: string | undefined;
  readonly method: CheckoutMethod;
  /** The order's lines, when the element knows them. */
  readonly items: SvcPurchasedItem[] | undefined;
  /** The same fields as the event's own. */
  readonly detail: SvcApprovedDetail;
  constructor(orderNumber: string, amount: string, currency: string, auth: string | undefined, method?: CheckoutMethod, items?: SvcPurchasedItem[]);
}

export interface SvcDeclinedDetail {
  orderNumber: string;
  reason: string | undefined;
  category: SvcDeclineCategory;
  method: CheckoutMethod;
}

export declare class SvcDeclinedEvent extends Event {
  static readonly eventName: 'svc-declined';
  readonly orderNumber: string;
  /** The shopper-safe message, in the page's language. */
  readonly reason: string | undefined;
  readonly category: SvcDeclineCategory;
  readonly method: CheckoutMethod;
  /** The same fields as the event's own. */
  readonly detail: SvcDeclinedDetail;
  constructor(orderNumber: string, reason: string | undefined, category?: SvcDeclineCategory, method?: CheckoutMethod);
}

export interface SvcLapsedDetail {
  orderNumber: string;
  reason: string | undefined;
  canRetry: boolean;
  method: CheckoutMethod;
}

/** A SINPE Móvil transfer's time ran out and no money was seen: not a decline (no svc-declined follows). */
export declare class SvcLapsedEvent extends Event {
  static readonly eventName: 'svc-lapsed';
  readonly orderNumber: string;
  /** What to do now (and if the transfer was sent anyway), in the checkout's language. */
  readonly reason: string | undefined;
  /** Whether the shopper may open another transfer or pay by card on this order (the element shows "Try again"). */
  readonly canRetry: boolean;
  readonly method: CheckoutMethod;
  /** The same fields as the event's own. */
  readonly detail: SvcLapsedDetail;
  constructor(orderNumber: string, reason: string | undefined, canRetry: boolean, method?: CheckoutMethod);
}

export declare class SvcCancelledEvent extends Event {
  static readonly eventName: 'svc-cancelled';
  readonly orderNumber: string;
  readonly canRetry: boolean;
  constructor(orderNumber: string, canRetry: boolean);
}

export declare class SvcSinpePendingEvent extends Event {
  static readonly eventName: 'svc-sinpe-pending';
  readonly orderNumber: string;
  readonly reference: string;
  readonly amount: string;
  readonly expiresAt: string;
  constructor(orderNumber: string, reference: string, amount: string, expiresAt: string);
}

export declare class SvcErrorEvent extends Event {
  static readonly eventName: 'svc-error';
  readonly code: SvcErrorCode;
  readonly detail: string;
  constructor(code: SvcErrorCode, detail: string);
}
