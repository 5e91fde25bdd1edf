/**
 * The element's flow: loading → idle → submitting → redirecting, then, back from the
 * gateway, returned → polling → one of the outcomes. `expired` is the session's, not the order's.
 * The moves between them are the table of checkout-machine.ts, which the flow's controller alone follows.
 */
import type { CheckoutState } from '../svc-checkout.public.d.ts';

// The states are part of the published API (the `state` property), so they are declared there.
export type { CheckoutState };

export type OutcomeState = Extract<CheckoutState, 'approved' | 'declined' | 'lapsed' | 'cancelled' | 'review' | 'error' | 'expired'>;

/** States in which the shopper is waiting on the gateway rather than filling the form. */
export function isBusy(state: CheckoutState): boolean {
  return state === 'loading' || state === 'submitting' || state === 'redirecting' || state === 'returned' || state === 'polling';
}

/** States that end an attempt: the result panel shows them. */
export function isOutcome(state: CheckoutState): state is OutcomeState {
  return !isBusy(state) && state !== 'idle';
}
