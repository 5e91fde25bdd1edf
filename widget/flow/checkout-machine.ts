// Part of the lazy checkout-rules part, with the flow (checkout-flow.ts) that is its only user.
import type { CheckoutState } from './checkout-state.ts';

/** What happens to a checkout: the shopper's actions, the BFF's answers and the order's statuses. */
export type CheckoutEvent =
  /** A session is asked for: the start, a new session or items, a renewed or reopened one. */
  | 'load'
  /** The session is here: the form takes input. */
  | 'ready'
  /** Valid details are sent. */
  | 'submit'
  /** The hosted page is ready: the page leaves for it, or its popup shows it. */
  | 'redirect'
  /** A SINPE Móvil transfer is open (just made, or resumed after a reload). */
  | 'transfer'
  /** Back from the gateway with a status token. */
  | 'return'
  /** The order's status is not final yet. */
  | 'pending'
  /** The BFF refused fields of the form. */
  | 'refuse'
  /** The form again with nothing decided: the popup closed, Back from the hosted page. */
  | 'back'
  /** The order's final status (or a retryable decline or cancel): the outcome of the same name. */
  | 'approved'
  | 'declined'
  | 'cancelled'
  | 'review'
  /** A SINPE Móvil transfer's time ran out with no money seen, the order still open: not a refusal. */
  | 'lapsed'
  /** The checkout cannot go on (a part, the network, the BFF). */
  | 'error'
  /** The session, or the order, ran out of time. */
  | 'expired'
  /** The shopper tries again on the same form. */
  | 'retry'
  /** reset(): back to the session's form. */
  | 'reset';

/**
 * What a move does besides changing the state, declared with it below and performed by the flow's one
 * interpreter (checkout-flow.ts, `go`) before the new state shows.
 */
export type CheckoutEffect =
  /** The order's watch stops (its poller, and a watch whose part is still on its way). */
  | 'stopWatch'
  /** Popup mode's payment window closes. */
  | 'closePopup'
  /** The form is back: the focus stops following the status; after "Try again" the live region says so and the pay button takes the focus. */
  | 'formBack';

/** A move that ends the payment: nothing is watched or left open any more. */
const ends: readonly CheckoutEffect[] = ['stopWatch', 'closePopup'];
const formBack: readonly CheckoutEffect[] = ['formBack'];

const waitingForOrder: readonly CheckoutState[] = ['returned', 'redirecting', 'polling'];
/** Attempts that ended unpaid: the order may take another ("Try again"). */
const endedUnpaid: readonly CheckoutState[] = ['declined', 'cancelled', 'lapsed'];
/**
 * Each event leads to one state, from the states listed (undefined: from every state), doing what its
 * effects say; any other state ignores it. Read as `state × event → state` by nextState.
 */
const table: Record<CheckoutEvent, readonly [to: CheckoutState, from?: readonly CheckoutState[] | undefined, effects?: readonly CheckoutEffect[]]> = {
  load: ['loading'],
  ready: ['idle', ['loading'], formBack],
  submit: ['submitting', ['idle']],
  redirect: ['redirecting', ['submitting']],
  transfer: ['polling', ['idle', 'submitting']],
  return: ['returned', ['loading']],
  pending: ['polling', ['returned', 'redirecting']],
  refuse: ['idle', ['submitting'], formBack],
  back: ['idle', ['redirecting', 'polling'], formBack],
  approved: ['approved', waitingForOrder, ends],
  declined: ['declined', waitingForOrder, ends],
  cancelled: ['cancelled', waitingForOrder, ends],
  review: ['review', waitingForOrder, ends],
  lapsed: ['lapsed', waitingForOrder, ends],
  error: ['error', undefined, ends],
  // From the form and a retryable outcome too: the session ran out while the shopper read them.
  expired: ['expired', ['loading', 'idle', 'submitting', ...endedUnpaid, ...waitingForOrder], ends],
  retry: ['idle', [...endedUnpaid, 'error', 'expired'], formBack],
  reset: ['idle', ['idle', 'submitting', 'redirecting', 'returned', 'polling', 'approved', ...endedUnpaid, 'review', 'error', 'expired'], formBack],
};

/** The state `event` leads to from `state`; undefined when `state` ignores it. */
export function nextState(state: CheckoutState, event: CheckoutEvent): CheckoutState | undefined {
  const [to, from] = table[event];
  return !from || from.includes(state) ? to : undefined;
}

/** What the move by `event` does (when the state takes it), in order. */
export function effectsOf(event: CheckoutEvent): readonly CheckoutEffect[] {
  return table[event][2] ?? [];
}
