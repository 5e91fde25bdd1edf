import type { OrderStatus } from '../contract/bff-api.ts';

/**
 * The element's flow: loading → idle → submitting → redirecting, then, back from the
 * gateway, returned → polling → one of the outcomes. `expired` is the session's, not the order's.
 */
export type CheckoutState =
  | 'loading'
  | 'idle'
  | 'submitting'
  | 'redirecting'
  | 'returned'
  | 'polling'
  | 'approved'
  | 'declined'
  | 'cancelled'
  | 'review'
  | 'error'
  | 'expired';

export type OutcomeState = Extract<CheckoutState, 'approved' | 'declined' | 'cancelled' | 'review' | 'error' | 'expired'>;

/**
 * What a final order status means to the shopper. Captured and refunded orders were approved
 * first (a later merchant action does not change what the buyer did); a reversed payment did not
 * go through.
 */
export function outcomeOfStatus(status: OrderStatus): OutcomeState {
  switch (status) {
    case 'approved':
    case 'captured':
    case 'refunded':
      return 'approved';
    case 'declined':
      return 'declined';
    case 'cancelled':
      return 'cancelled';
    case 'review':
      return 'review';
    case 'expired':
      return 'expired';
    default:
      return 'error';
  }
}

/** States in which the shopper is waiting on the gateway rather than filling the form. */
export function isBusy(state: CheckoutState): boolean {
  return state === 'loading' || state === 'submitting' || state === 'redirecting' || state === 'returned' || state === 'polling';
}

/** States that end an attempt: the result panel shows them. */
export function isOutcome(state: CheckoutState): state is OutcomeState {
  return !isBusy(state) && state !== 'idle';
}
