import type { CheckoutMethod, OrderStatus } from '../contract/bff-api.ts';
import type { BankFailureCategory } from '../contract/bank-failure-messages.ts';
import type { DeclineCategory } from '../contract/decline-messages.ts';

// Every event bubbles and is composed, so a listener on the page (or a framework binding on the
// element) hears it through the shadow root. Each fires for something the shopper or the gateway
// did, never because code set a property.
const crossing = { bubbles: true, composed: true } as const;

/**
 * An event whose fields are also its `detail` (what analytics tags, used to CustomEvent, read): the
 * same values, so `event.method` and `event.detail.method` never disagree.
 */
abstract class DetailEvent<Detail> extends Event {
  get detail(): Detail {
    // An Event's own fields are `isTrusted` and the subclass's: the subclass's are the detail.
    const { isTrusted: _, ...fields } = this as unknown as Detail & { isTrusted: boolean };
    return fields as Detail;
  }
}

/** The form is ready for the shopper: the session was loaded and its prefill applied. */
export class SvcReadyEvent extends Event {
  static readonly eventName = 'svc-ready';
  constructor(readonly orderNumber: string) {
    super(SvcReadyEvent.eventName, crossing);
  }
}

/** The shopper submitted valid details; the widget is about to send them. Cancelable. */
export class SvcSubmitEvent extends Event {
  static readonly eventName = 'svc-submit';
  constructor(readonly orderNumber: string) {
    super(SvcSubmitEvent.eventName, { ...crossing, cancelable: true });
  }
}

/**
 * The hosted payment page is ready. In redirect mode the widget navigates there next unless a
 * listener calls `preventDefault()` (to navigate itself); in popup mode the popup already shows it.
 */
export class SvcRedirectEvent extends Event {
  static readonly eventName = 'svc-redirect';
  constructor(
    readonly url: string,
    readonly mode: 'redirect' | 'popup',
  ) {
    super(SvcRedirectEvent.eventName, { ...crossing, cancelable: mode === 'redirect' });
  }
}

/** The order's status as the gateway reports it changed (also fires for the first status seen). */
export class SvcStatusEvent extends Event {
  static readonly eventName = 'svc-status';
  constructor(
    readonly orderNumber: string,
    readonly status: OrderStatus,
    readonly final: boolean,
  ) {
    super(SvcStatusEvent.eventName, crossing);
  }
}

/** One line of what was bought, as GA4's `items` and Segment's `products` want it. */
export interface SvcPurchasedItem {
  sku: string;
  name: string;
  quantity: number;
  /** The unit price, a decimal string in the order's currency. */
  price: string;
}

/** The buyer chose how to pay (GA4's `add_payment_info` `payment_type`); not fired for the default shown at start. */
export class SvcMethodChangeEvent extends DetailEvent<{ method: CheckoutMethod }> {
  static readonly eventName = 'svc-method-change';
  constructor(readonly method: CheckoutMethod) {
    super(SvcMethodChangeEvent.eventName, crossing);
  }
}

export interface SvcApprovedDetail {
  orderNumber: string;
  /** What was paid: a SINPE Móvil transfer's amount, which may be a few colones below the order's. */
  amount: string;
  currency: string;
  auth: string | undefined;
  method: CheckoutMethod;
  /** The order's lines when the element knows them (a catalog session, a merchant session with lines). */
  items: SvcPurchasedItem[] | undefined;
}

export class SvcApprovedEvent extends DetailEvent<SvcApprovedDetail> {
  static readonly eventName = 'svc-approved';
  constructor(
    readonly orderNumber: string,
    readonly amount: string,
    readonly currency: string,
    readonly auth: string | undefined,
    readonly method: CheckoutMethod = 'card',
    readonly items: SvcPurchasedItem[] | undefined = undefined,
  ) {
    super(SvcApprovedEvent.eventName, crossing);
  }
}

/** Why a payment was refused: a card's decline category, or a SINPE Móvil transfer's (refused by the bank, or its time ran out). */
export type SvcDeclineCategory = DeclineCategory | BankFailureCategory;

export interface SvcDeclinedDetail {
  orderNumber: string;
  /** The shopper-safe message, in the page's language. */
  reason: string | undefined;
  category: SvcDeclineCategory;
  method: CheckoutMethod;
}

export class SvcDeclinedEvent extends DetailEvent<SvcDeclinedDetail> {
  static readonly eventName = 'svc-declined';
  constructor(
    readonly orderNumber: string,
    readonly reason: string | undefined,
    readonly category: SvcDeclineCategory = 'generic',
    readonly method: CheckoutMethod = 'card',
  ) {
    super(SvcDeclinedEvent.eventName, crossing);
  }
}

export class SvcCancelledEvent extends Event {
  static readonly eventName = 'svc-cancelled';
  constructor(
    readonly orderNumber: string,
    /** Whether the shopper may try again on this order (the element shows a retry button). */
    readonly canRetry: boolean,
  ) {
    super(SvcCancelledEvent.eventName, crossing);
  }
}

/** Why a checkout could not go on. widget/README.md ("Errors") says what a developer does about each. */
export type SvcErrorCode =
  | 'network' // the BFF could not be reached (offline, DNS, the BFF down)
  | 'origin-not-allowed' // the BFF refused this page's origin: add it to ALLOWED_ORIGINS (or use the session's own page)
  | 'asset-load' // a lazily loaded part of the widget (checkout-rules.js) failed to load, also when asked again
  | 'session-expired' // the session token expired (session mode; catalog mode renews it)
  | 'invalid-session' // the session token or catalog items were refused
  | 'popup-blocked' // popup mode: the browser refused to open the payment window
  | 'payment-error'; // the gateway or the BFF failed the payment (status `expired`, `reversed`, 5xx)

/**
 * A SINPE Móvil transfer is awaited: the shopper sees the phone, the exact amount and the reference
 * (also when a reloaded page resumes it). The page stays; svc-approved, svc-declined or svc-lapsed (its time ran out) follows.
 */
export class SvcSinpePendingEvent extends Event {
  static readonly eventName = 'svc-sinpe-pending';
  constructor(
    readonly orderNumber: string,
    readonly reference: string,
    readonly amount: string,
    readonly expiresAt: string,
  ) {
    super(SvcSinpePendingEvent.eventName, crossing);
  }
}

export class SvcErrorEvent extends Event {
  static readonly eventName = 'svc-error';
  constructor(
    readonly code: SvcErrorCode,
    readonly detail: string,
  ) {
    super(SvcErrorEvent.eventName, crossing);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'svc-ready': SvcReadyEvent;
    'svc-submit': SvcSubmitEvent;
    'svc-redirect': SvcRedirectEvent;
    'svc-status': SvcStatusEvent;
    'svc-approved': SvcApprovedEvent;
    'svc-declined': SvcDeclinedEvent;
    'svc-cancelled': SvcCancelledEvent;
    'svc-error': SvcErrorEvent;
    'svc-sinpe-pending': SvcSinpePendingEvent;
    'svc-method-change': SvcMethodChangeEvent;
  }
}
