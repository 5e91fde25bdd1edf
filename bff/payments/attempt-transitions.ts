// The payment attempt's life, written down once beside the order's (order-rules.ts): its statuses,
// the table of moves with the evidence that may cause each, and what the rest of the BFF asks of an
// attempt's status. Pure: it imports only types, so any rule, view or writer may use it. The one
// writer of `payment_attempts.status` is attempt-machine.ts, which checks this table.
//
//   status      the attempt …
//   ──────────────────────────────────────────────────────────────────────────────────────────────
//   claimed     one caller won the claim and is sending its processPayment now (card)
//   refused     the gateway refused the request: nothing was created, the same number may be claimed again
//   open        its hosted page exists (card), or its transfer is awaited (SINPE Móvil): it may be paid
//   unknown     the call failed where the page may exist: consult settles it, it is never re-sent
//   approved    paid (consult, the bank, or the merchant's decision)
//   declined    refused by the gateway or the bank after it was open
//   cancelled   the buyer cancelled, or the merchant closed it (a review voided, a bank payment attached)
//   expired     its page or transfer was never paid in time (or its lost call was closed with the order)
//   review      what was paid contradicts the order, or nobody could confirm it: a person decides
//   abandoned   its call was lost and consult found no payment, after the order had moved on
//
//   from                      → to         evidence
//   ──────────────────────────────────────────────────────────────────────────────────────────────
//   (new), refused            → claimed    claim            the one caller that sends processPayment
//   claimed                   → open       page-created     processPayment answered its page
//   claimed                   → refused    refused          processPayment was refused (nothing created)
//   claimed                   → unknown    call-lost        the call failed where the page may exist
//   (new), refused            → open       transfer-opened  a SINPE Móvil transfer (a refused card number becomes it)
//   open, claimed, unknown    → approved   consult          consult's record is the truth of the attempt
//   ·· and declined, cancelled, expired, abandoned, review → approved (a late approval wins)
//   open, claimed, unknown, expired, abandoned → declined, cancelled  consult
//   open                      → declined, cancelled  redirect   a verified redirect of the buyer
//   open                      → approved, declined   bank       a bank event matched to the transfer
//   declined, expired         → approved   bank             a late transfer of the right amount
//   approved                  → review     bank             the bank failed the very transfer that paid it
//   every unpaid status       → review     mismatch         money that contradicts the order
//   open, claimed, unknown    → review     unconfirmed      consults gave no readable answer for too long
//   open, claimed, unknown    → expired    no-payment       never paid in time (a lost call closed with the order)
//   claimed, unknown          → abandoned  no-payment       a lost call consult never found, the order moved on
//   review                    → approved, cancelled  merchant   the merchant decides a review
//   open, claimed, unknown, refused → cancelled  merchant   the merchant attached a bank payment instead
//
// A write of the status an attempt already has is legal when its evidence may lead there (it only
// refreshes the gateway's answer on it). Everything else is refused: `IllegalAttemptMoveError`.
import type { AttemptOutcome, AttemptStatus } from '../store/schema.ts';

export type { AttemptStatus } from '../store/schema.ts';

export type AttemptEvidence =
  | 'claim'
  | 'page-created'
  | 'refused'
  | 'call-lost'
  | 'transfer-opened'
  | 'consult'
  | 'redirect'
  | 'bank'
  | 'mismatch'
  | 'unconfirmed'
  | 'no-payment'
  | 'merchant';

export const allAttemptStatuses: readonly AttemptStatus[] = ['claimed', 'refused', 'open', 'unknown', 'approved', 'declined', 'cancelled', 'expired', 'review', 'abandoned'];
export const allAttemptEvidence: readonly AttemptEvidence[] = [
  'claim',
  'page-created',
  'refused',
  'call-lost',
  'transfer-opened',
  'consult',
  'redirect',
  'bank',
  'mismatch',
  'unconfirmed',
  'no-payment',
  'merchant',
];

/** Where a new attempt row starts, by the evidence that creates it. */
export const attemptBirths: Partial<Record<AttemptEvidence, AttemptStatus>> = { claim: 'claimed', 'transfer-opened': 'open' };

type Table = Partial<Record<AttemptStatus, Partial<Record<AttemptStatus, readonly AttemptEvidence[]>>>>;

/** What may end a call nobody knows the answer of: a claim whose holder vanished, or an unknown outcome. */
const lostCallEnds = {
  approved: ['consult'],
  declined: ['consult'],
  cancelled: ['consult', 'merchant'],
  review: ['mismatch', 'unconfirmed'],
  expired: ['no-payment'],
  abandoned: ['no-payment'],
} as const satisfies Partial<Record<AttemptStatus, readonly AttemptEvidence[]>>;

export const attemptTransitions: Table = {
  claimed: { open: ['page-created'], refused: ['refused'], unknown: ['call-lost'], ...lostCallEnds },
  refused: { claimed: ['claim'], open: ['transfer-opened'], review: ['mismatch'], cancelled: ['merchant'] },
  open: {
    approved: ['consult', 'bank'],
    declined: ['consult', 'redirect', 'bank'],
    cancelled: ['consult', 'redirect', 'merchant'],
    review: ['mismatch', 'unconfirmed'],
    expired: ['no-payment'],
  },
  unknown: lostCallEnds,
  declined: { approved: ['consult', 'bank'], review: ['mismatch'] },
  cancelled: { approved: ['consult'], review: ['mismatch'] },
  expired: { approved: ['consult', 'bank'], declined: ['consult'], cancelled: ['consult'], review: ['mismatch'] },
  abandoned: { approved: ['consult'], declined: ['consult'], cancelled: ['consult'], review: ['mismatch'] },
  review: { approved: ['consult', 'merchant'], cancelled: ['merchant'] },
  approved: { review: ['bank'] },
};

export class IllegalAttemptMoveError extends Error {
  override name = 'IllegalAttemptMoveError';
  constructor(
    readonly from: AttemptStatus | undefined,
    readonly to: AttemptStatus,
    readonly evidence: AttemptEvidence,
  ) {
    super(`attempt move ${from ?? '(new)'} → ${to} is not allowed on ${evidence} evidence`);
  }
}

/** Whether `evidence` may move an attempt from `from` (undefined: the attempt is new) to `to`. */
export function isLegalAttemptMove(from: AttemptStatus | undefined, to: AttemptStatus, evidence: AttemptEvidence): boolean {
  if (from === undefined) return attemptBirths[evidence] === to;
  if (from === to) return allAttemptStatuses.some((other) => attemptTransitions[other]?.[to]?.includes(evidence) ?? false) || attemptBirths[evidence] === to;
  return attemptTransitions[from]?.[to]?.includes(evidence) ?? false;
}

// ---------------------------------------------------------------------------------------------
// Questions the rest of the BFF asks (instead of comparing status strings)
// ---------------------------------------------------------------------------------------------

/** The attempt may still take money or tell of it: nothing has ended it. */
export function isUnsettledAttempt(status: AttemptStatus): boolean {
  return status === 'claimed' || status === 'refused' || status === 'open' || status === 'unknown';
}

/** Its processPayment call's answer is held by nobody: a claim in progress (or whose holder died), or an unknown outcome. */
export function isLostCall(status: AttemptStatus | null): boolean {
  return status === 'claimed' || status === 'unknown';
}

/** The attempt paid (whatever became of the order since). */
export function isPaidAttempt(status: AttemptStatus): boolean {
  return status === 'approved';
}

/** A card attempt's hosted page may be out, on its way out, or we lost track of whether it was. */
export function mayHavePageOut(status: AttemptStatus): boolean {
  return status === 'claimed' || status === 'open' || status === 'unknown';
}

/**
 * The outcome the merchant's order detail shows (contract: `open` until it ended). A lost call
 * nobody could pay is shown as expired.
 */
export function outcomeOfAttempt(status: AttemptStatus): AttemptOutcome {
  switch (status) {
    case 'claimed':
    case 'refused':
    case 'open':
    case 'unknown':
      return 'open';
    case 'abandoned':
      return 'expired';
    default:
      return status;
  }
}
