import type { OrderStatus } from '../contract/bff-api.ts';

// Every event bubbles and is composed, so a listener on the page (or a framework binding on the
// element) hears it through the shadow root. Each fires for something the shopper or the gateway
// did, never because code set a property.
const crossing = { bubbles: true, composed: true } as const;

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

export class SvcApprovedEvent extends Event {
  static readonly eventName = 'svc-approved';
  constructor(
    readonly orderNumber: string,
    readonly amount: string,
    readonly currency: string,
    readonly auth: string | undefined,
  ) {
    super(SvcApprovedEvent.eventName, crossing);
  }
}

export class SvcDeclinedEvent extends Event {
  static readonly eventName = 'svc-declined';
  constructor(
    readonly orderNumber: string,
    readonly reason: string | undefined,
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
 * (also when a reloaded page resumes it). The page stays; svc-approved or svc-declined follows.
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
  }
}
