// Part of the lazy checkout-rules part, with the flow (checkout-flow.ts) that is its only user.
import type { OrderStatusResponse } from '../../contract/bff-api.ts';
import type { SvcErrorCode } from '../events.ts';
import type { CheckoutState } from './checkout-state.ts';

/** What happens to a checkout: the shopper's actions, the BFF's answers and the order's statuses. */
export type CheckoutEvent =
  /** A session is asked for: the start, a restart, a new session or items, a renewed or reopened one. */
  | 'load'
  /** The session is here: the form takes input (svc-ready). */
  | 'ready'
  /** The form again for a session already announced: the same order's next attempt, a renewed catalog session, a kept transfer after a reload. */
  | 'reopen'
  /** Valid details are sent (svc-submit first: the page may cancel the payment). */
  | 'submit'
  /** The hosted page is ready: this page leaves for it. */
  | 'redirect'
  /** The hosted page is ready: popup mode's window shows it while this page watches the order. */
  | 'popup'
  /** A SINPE Móvil transfer is open (just made, or resumed after a reload). */
  | 'transfer'
  /** Back from the gateway with a status token (or a kept payment after a reload): the order is watched. */
  | 'return'
  /** The order's status is not final yet. */
  | 'pending'
  /** The BFF refused fields of the form. */
  | 'refuse'
  /** The browser blocked popup mode's payment window: the form again, and svc-error popup-blocked. */
  | 'blocked'
  /** The form again with nothing decided: the popup closed, Back from the hosted page. */
  | 'back'
  /** The order's final status (or a retryable decline or cancel): the outcome of the same name. */
  | 'approved'
  | 'declined'
  | 'cancelled'
  | 'review'
  /** A SINPE Móvil transfer's time ran out with no money seen, the order still open: not a refusal. */
  | 'lapsed'
  /** The order's status is one the shopper cannot act on (a reversed payment): an outcome in the error panel. */
  | 'error'
  /** The order expired unpaid and takes no other attempt. */
  | 'expired'
  /** The checkout cannot go on (a part, the network, the BFF): the error panel. */
  | 'failed'
  /** The session ran out. */
  | 'timedOut'
  /** The order's watch lost its token: this page can no longer follow the payment. */
  | 'lost'
  /** The shopper tries again on the same form. */
  | 'retry'
  /** reset(): back to the session's form. */
  | 'reset';

/**
 * What a move does besides changing the state, declared with it below and performed, in order, by the
 * flow's one interpreter (move-effects.ts, called by checkout-flow.ts's `go`): some before the new state
 * shows, some after. Where an effect's details come from is said here: the move's data (`MoveData`) or
 * the flow's view. Each effect is a number in the table, named below (the names minify away; the table
 * test prints them).
 */
export type CheckoutEffect = number;
/** svc-submit with the view's order number; a page that cancels it stops the move. */
export const svcSubmit: CheckoutEffect = 0;
/** The shopper's focus follows the status, when they were in the element as they pressed. */
export const followFocus: CheckoutEffect = 1;
/** The form is back: the focus stops following the status; after "Try again" the live region says so and the pay button takes the focus. */
export const formBack: CheckoutEffect = 2;
/** The session asked for is for the page's cart now: a new cart waits no more for "Try again". */
export const cartTaken: CheckoutEffect = 3;
/** svc-ready with the view's order number. */
export const svcReady: CheckoutEffect = 4;
/** The card's attempt is kept for a return: its session, the catalog page's open page, the order's lines. */
export const keepCard: CheckoutEffect = 5;
/** The hosted page is left with this attempt (data `orderNumber`, `attempt`): a reload after Back continues it. */
export const pageLeft: CheckoutEffect = 6;
/** The payment this page follows is kept for a reload (data `orderNumber`, the view's transfer). */
export const follow: CheckoutEffect = 7;
/** A catalog page's open transfer is kept (its session) for a reload. */
export const keepTransfer: CheckoutEffect = 8;
/** svc-redirect with data `url` and the mode; the page leaves (unless the page cancels it), or the popup shows the hosted page. */
export const leave: CheckoutEffect = 9;
/** svc-sinpe-pending with data `orderNumber` and the view's transfer. */
export const svcSinpePending: CheckoutEffect = 10;
/** The order's watch starts: data `orderNumber`, `token` (else the payment's status token, else the session's), `asked` (a first poll on its way). */
export const watch: CheckoutEffect = 11;
/** The order's watch stops (its poller, and a watch whose part is still on its way). */
export const stopWatch: CheckoutEffect = 12;
/** Popup mode's payment window closes. */
export const closePopup: CheckoutEffect = 13;
/** The outcome is kept for reloads of this page, with the token the order was watched with. */
export const keepResult: CheckoutEffect = 14;
/** This page follows no payment any more; a transfer an outcome ended (data `status`) stays for the result's words. */
export const unfollow: CheckoutEffect = 15;
/** The shopper is taken to the result panel (scrolled to, focused). */
export const reveal: CheckoutEffect = 16;
/** The outcome's event, from the view's outcome: svc-approved, svc-declined, svc-cancelled, svc-lapsed, or svc-error for an order that failed or expired. */
export const svcOutcome: CheckoutEffect = 17;
/** A paid order's kept form and lines are forgotten. */
export const forgetPaid: CheckoutEffect = 18;
/** The failure's words and svc-error, from data `error` and `code` (a refused origin named as such). */
export const svcError: CheckoutEffect = 19;
/** svc-error session-expired (data `detail`), and the clock's words (data `words`). */
export const svcExpired: CheckoutEffect = 20;
/** reset(): the kept form and result are forgotten. */
export const forgetForm: CheckoutEffect = 21;

/** What a move's effects read besides the view: the details the event came with. */
export interface MoveData {
  orderNumber?: string | undefined;
  /** The token the order is watched with. */
  token?: string | undefined;
  /** A status request already on its way: the watch's first poll. */
  asked?: Promise<OrderStatusResponse> | undefined;
  /** The hosted page. */
  url?: string | undefined;
  attempt?: number | undefined;
  /** The order's status an outcome moves by. */
  status?: OrderStatusResponse | undefined;
  /** A failure: what went wrong and its code for svc-error. */
  error?: unknown;
  code?: SvcErrorCode | undefined;
  detail?: string | undefined;
  /** The clock's words for a session or a watch that ran out. */
  words?: 'ended' | 'watchLost' | undefined;
}

/** Each event leads to one state, from the states listed (undefined: from every state), doing its effects before and after the state changes. */
type Move = readonly [to: CheckoutState, from?: readonly CheckoutState[] | undefined, before?: readonly CheckoutEffect[], after?: readonly CheckoutEffect[]];

const waitingForOrder: readonly CheckoutState[] = ['returned', 'redirecting', 'polling'];
/** Attempts that ended unpaid: the order may take another ("Try again"). */
const endedUnpaid: readonly CheckoutState[] = ['declined', 'cancelled', 'lapsed'];
/** A move that ends the payment: nothing is watched or left open any more. */
const ends: readonly CheckoutEffect[] = [stopWatch, closePopup];
/** An order's outcome: the payment ends, is kept for a reload and is followed no more. */
const outcome: readonly CheckoutEffect[] = [...ends, keepResult, unfollow];
const told: readonly CheckoutEffect[] = [reveal, svcOutcome];
const toForm: readonly CheckoutEffect[] = [formBack];

/** The table: read as `state × event → state`, with what each move does, by moveOf. */
const table: Record<CheckoutEvent, Move> = {
  load: ['loading', undefined, [...ends, cartTaken]],
  ready: ['idle', ['loading'], toForm, [svcReady]],
  reopen: ['idle', ['loading'], toForm],
  submit: ['submitting', ['idle'], [svcSubmit, followFocus]],
  redirect: ['redirecting', ['submitting'], [keepCard], [pageLeft, leave]],
  popup: ['redirecting', ['submitting'], [keepCard, follow], [leave, watch]],
  transfer: ['polling', ['idle', 'submitting'], [keepTransfer, follow], [svcSinpePending, watch]],
  return: ['returned', ['loading'], [], [watch]],
  pending: ['polling', ['returned', 'redirecting']],
  refuse: ['idle', ['submitting'], toForm],
  blocked: ['idle', ['submitting'], toForm, [svcError]],
  back: ['idle', ['redirecting', 'polling'], toForm],
  approved: ['approved', waitingForOrder, outcome, [...told, forgetPaid]],
  declined: ['declined', waitingForOrder, outcome, told],
  cancelled: ['cancelled', waitingForOrder, outcome, told],
  review: ['review', waitingForOrder, outcome, [reveal]],
  lapsed: ['lapsed', waitingForOrder, outcome, told],
  error: ['error', waitingForOrder, outcome, told],
  expired: ['expired', waitingForOrder, outcome, told],
  failed: ['error', undefined, ends, [svcError]],
  // From the form and a retryable outcome too: the session ran out while the shopper read them.
  timedOut: ['expired', ['loading', 'idle', 'submitting', ...endedUnpaid, ...waitingForOrder], ends, [svcExpired]],
  lost: ['expired', waitingForOrder, [...ends, unfollow], [svcExpired]],
  retry: ['idle', [...endedUnpaid, 'error', 'expired'], toForm],
  reset: ['idle', ['idle', 'submitting', 'redirecting', 'returned', 'polling', 'approved', ...endedUnpaid, 'review', 'error', 'expired'], [...ends, forgetForm, unfollow], toForm],
};

/**
 * The move by `event` from `state`: the state it leads to and what it does before and after the new
 * state shows, in order; undefined when `state` ignores `event`.
 */
export function moveOf(state: CheckoutState, event: CheckoutEvent): readonly [to: CheckoutState, before: readonly CheckoutEffect[], after: readonly CheckoutEffect[]] | undefined {
  const [to, from, before = [], after = []] = table[event];
  return !from || from.includes(state) ? [to, before, after] : undefined;
}
