// The order's life, written down once (ARCHITECTURE.md "The order lifecycle"): the transition table
// and the predicates every caller asks instead of comparing status strings. Pure: it imports nothing
// but the contract, so any rule, view or writer may use it. The one writer of `orders.status` is
// `transitionOrder` (order-machine.ts), which checks this table.
//
//   from        → to          evidence that may cause it
//   ──────────────────────────────────────────────────────────────────────────────────────────────
//   (new)       → created     session          a checkout session was issued
//   created     → pending     page-created,    processPayment created the hosted page of attempt 1,
//                             transfer-opened    or a SINPE Móvil transfer was opened (its reference given)
//   declined    → pending     page-created,    the next attempt (attempts remain)
//   cancelled   → pending       transfer-opened  the same, after a cancel
//   expired     → pending     page-created,    the next attempt after a SINPE Móvil transfer lapsed unpaid
//                               transfer-opened  (attempt-rules.ts: only then is an expired order retried)
//   expired     → created     session          a new merchant session continued an order whose session
//                                                lapsed with nothing sent (orders/continued-order.ts)
//   created     → expired     no-payment       the session lapsed unused, or an interrupted first call
//                                              whose payment consult never found
//   created     → approved    consult          an interrupted first call that did create a payment
//   created     → declined    consult            (consult is asked before anything else happens)
//   created     → review      mismatch
//   pending     → approved    consult          a consult record of the attempt, approved, with the
//   declined    → approved    consult            order's amount and currency (a late approval wins)
//   cancelled   → approved    consult
//   expired     → approved    consult
//   review      → approved    consult, merchant  consult now agrees, or the merchant approves it (or
//                                                attaches an unmatched bank payment to it)
//   pending     → approved    bank, merchant   a bank event matched to the open transfer, of the order's
//   expired     → approved    bank               amount (a late transfer wins); the merchant attaches an
//   declined    → approved    bank               unmatched bank payment to a pending order
//   pending     → declined    bank             payment.failed matched to the open transfer
//   pending     → declined    consult, redirect  a declined consult record, or a verified redirect
//   pending     → cancelled   consult, redirect  the buyer cancelled (a verified cancel redirect)
//   review      → cancelled   merchant         the merchant voids the review: the order is payable again
//   pending     → review      mismatch         consult shows a payment of another amount or currency
//   declined    → review      mismatch
//   cancelled   → review      mismatch
//   expired     → review      mismatch
//   created     → review      unconfirmed      an attempt's consults kept failing (no readable answer)
//   pending     → review      unconfirmed        for longer than the abandon window: a person decides
//   declined    → review      unconfirmed        instead of the order waiting for ever
//   cancelled   → review      unconfirmed
//   approved    → review      bank             the bank failed (or reversed before posting) the very
//                                                transfer that paid the order: money it says never arrived
//   pending     → expired     no-payment       the hosted page was never paid in time
//   declined    → expired     no-payment       attempts remain but the buyer never came back
//   cancelled   → expired     no-payment
//   approved    → captured    merchant         capture (or a partial one)
//   approved    → reversed    merchant, bank   reversal of an uncaptured authorisation, or the bank's
//                                                payment.reversed of the transfer that paid it
//   approved    → refunded    merchant         refund in full of an order captured at approval
//   captured    → refunded    merchant         refund in full (a partial refund keeps the status)
//
// A same-status write with merchant evidence (a partial refund, a split) records a history entry
// without a transition. Everything else is refused: `IllegalTransitionError`.
import { isOpenOrderStatus, orderStatuses, type OrderStatus } from '../../../contract/bff-api.ts';

export type TransitionEvidence =
  | 'session'
  | 'page-created'
  | 'consult'
  | 'redirect'
  | 'mismatch'
  | 'no-payment'
  | 'merchant'
  /** A SINPE Móvil transfer attempt was opened: the buyer got the phone, amount and reference. */
  | 'transfer-opened'
  /** A bank event (banking-webhooks.md §6) matched to a SINPE Móvil attempt (bff/sinpe/matcher.ts). */
  | 'bank'
  /** The gateway gave no readable answer about an attempt for longer than the abandon window. */
  | 'unconfirmed';

type Table = Partial<Record<OrderStatus, Partial<Record<OrderStatus, readonly TransitionEvidence[]>>>>;

export const orderTransitions: Table = {
  created: { pending: ['page-created', 'transfer-opened'], expired: ['no-payment'], approved: ['consult'], declined: ['consult'], review: ['mismatch', 'unconfirmed'] },
  pending: {
    approved: ['consult', 'bank', 'merchant'],
    declined: ['consult', 'redirect', 'bank'],
    cancelled: ['consult', 'redirect'],
    review: ['mismatch', 'unconfirmed'],
    expired: ['no-payment'],
  },
  declined: { pending: ['page-created', 'transfer-opened'], approved: ['consult', 'bank'], review: ['mismatch', 'unconfirmed'], expired: ['no-payment'] },
  cancelled: { pending: ['page-created', 'transfer-opened'], approved: ['consult'], review: ['mismatch', 'unconfirmed'], expired: ['no-payment'] },
  expired: { created: ['session'], pending: ['page-created', 'transfer-opened'], approved: ['consult', 'bank'], review: ['mismatch'] },
  review: { approved: ['consult', 'merchant'], cancelled: ['merchant'] },
  approved: { captured: ['merchant'], reversed: ['merchant', 'bank'], refunded: ['merchant'], review: ['bank'] },
  captured: { refunded: ['merchant'] },
};

export class IllegalTransitionError extends Error {
  override name = 'IllegalTransitionError';
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
    readonly evidence: TransitionEvidence,
  ) {
    super(`order transition ${from} → ${to} is not allowed on ${evidence} evidence`);
  }
}

export function isLegalTransition(from: OrderStatus, to: OrderStatus, evidence: TransitionEvidence): boolean {
  // A partial refund or a split keeps the status: only where captured money may be held.
  if (from === to) return evidence === 'merchant' && mayHoldCapturedMoney(from);
  return orderTransitions[from]?.[to]?.includes(evidence) ?? false;
}

/** Every status, for tests that walk the whole table. */
export const allOrderStatuses: readonly OrderStatus[] = orderStatuses;

// ---------------------------------------------------------------------------------------------
// Questions the rest of the BFF asks (instead of comparing status strings)
// ---------------------------------------------------------------------------------------------

/** An attempt is running: the gateway (or the bank) may still report its outcome (the contract's open statuses). */
export function isAwaitingOutcome(status: OrderStatus): boolean {
  return isOpenOrderStatus(status);
}

/** The last attempt ended without payment: a new one may be opened (if the cap allows). */
export function isRetryableStatus(status: OrderStatus): boolean {
  return status === 'declined' || status === 'cancelled';
}

/** The buyer's attempt was refused by the gateway (a decline message applies). */
export function isDeclined(status: OrderStatus): boolean {
  return status === 'declined';
}

/** A hosted page is out and unpaid: the attempt is running at the gateway. */
export function isPending(status: OrderStatus): boolean {
  return status === 'pending';
}

/** Closed without payment: the session lapsed, the page was never paid, the call was lost. */
export function isExpired(status: OrderStatus): boolean {
  return status === 'expired';
}

/** Only a person resolves it. */
export function isUnderReview(status: OrderStatus): boolean {
  return status === 'review';
}

/** Money was authorised: the payment succeeded (whatever the merchant did with it since). */
export function isPaid(status: OrderStatus): boolean {
  return status === 'approved' || status === 'captured' || status === 'refunded' || status === 'reversed';
}

/** The statuses the reconciler re-consults for a while, so a late gateway approval still wins. */
export const parkedStatuses: readonly OrderStatus[] = ['review', 'expired'];
/** The statuses in which an attempt may be running or may be opened. */
export const unsettledStatuses: readonly OrderStatus[] = ['created', 'pending', 'declined', 'cancelled'];

/** Approved and nothing done with it yet: an authorisation a capture or a reversal acts on. */
export function isApprovedOnly(status: OrderStatus): boolean {
  return status === 'approved';
}

/** Captured (in part or in full) and not reversed: a refund may act on it. */
export function mayHoldCapturedMoney(status: OrderStatus): boolean {
  return status === 'approved' || status === 'captured' || status === 'refunded';
}

/** Approved or captured, nothing refunded by status: a split may act on it. */
export function isSplittableStatus(status: OrderStatus): boolean {
  return status === 'approved' || status === 'captured';
}

export function isCapturedStatus(status: OrderStatus): boolean {
  return status === 'captured';
}
