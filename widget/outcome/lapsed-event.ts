// A lazy part of its own (dist/widget/chunks/lapsed-event-<hash>.js): asked by the flow only when a
// SINPE Móvil transfer's time ran out, so neither the first script nor a purchase carries it.
import type { CheckoutMethod } from '../../contract/bff-api.ts';

export interface SvcLapsedDetail {
  orderNumber: string;
  /** What to do now, and if the transfer was sent anyway, in the checkout's language (the BFF's message). */
  reason: string | undefined;
  canRetry: boolean;
  method: CheckoutMethod;
}

/**
 * A SINPE Móvil transfer's time ran out and no money was seen. Not a decline: nothing was refused,
 * so a page that counts svc-declined does not count it. Bubbles and is composed like every svc-* event.
 */
export class SvcLapsedEvent extends Event {
  static readonly eventName = 'svc-lapsed';
  constructor(
    readonly orderNumber: string,
    readonly reason: string | undefined,
    /** Whether the shopper may try again on this order (the element shows a retry button). */
    readonly canRetry: boolean,
    readonly method: CheckoutMethod = 'sinpe_movil',
  ) {
    super(SvcLapsedEvent.eventName, { bubbles: true, composed: true });
  }

  /** The same fields as the event's own (what analytics tags read). */
  get detail(): SvcLapsedDetail {
    const { orderNumber, reason, canRetry, method } = this;
    return { orderNumber, reason, canRetry, method };
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'svc-lapsed': SvcLapsedEvent;
  }
}
