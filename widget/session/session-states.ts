// Which states a session still pays in: read by the flow (checkout-flow.ts) and by the session's
// renewal (session-renewal.ts, a lazy part), so it lives apart from both.
import { isBusy, type CheckoutState } from '../flow/checkout-state.ts';

/** Outcomes of an attempt that ended unpaid, after which the order may take another (the BFF's `canRetry`). */
export function endedUnpaid(state: CheckoutState): boolean {
  return state === 'declined' || state === 'cancelled' || state === 'lapsed';
}

/** States whose order a new cart does not replace: a payment under way, or an outcome the shopper may try again from. */
export function keepsItsOrder(state: CheckoutState): boolean {
  return isBusy(state) ? state !== 'loading' : endedUnpaid(state);
}

/** States in which the shopper may still pay with the session: the form, or an outcome "Try again" reopens. */
export function paysWithSession(state: CheckoutState): boolean {
  return state === 'idle' || endedUnpaid(state);
}
