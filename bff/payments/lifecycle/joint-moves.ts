// The product of the two machines, written down (bff/README.md "The payment lifecycle"): which
// (order status, current attempt status) pairs may coexist, and which joint moves take one pair to
// another. Pure: it imports only the two machines' tables, so a test walks every combination.
//
// A joint move is one piece of evidence applied to the order and to one of its attempts. It is
// listed (and the unit of work applies it) when:
//   1. each part is a move its own machine allows on that evidence (order-rules.ts,
//      attempt-transitions.ts), or stays;
//   2. before and after, the order and its current attempt form a pair of `coexistingPairs`;
//   3. when the order moves to a status an attempt can share (`matchingAttemptStatus`), its current
//      attempt ends in that status, except for the few decisions about the order that
//      `unmatchedOrderMoves` lists (a bank payment the merchant attached, say);
//   4. a new attempt is opened (claimed, or an awaited transfer) only for an order that may still
//      be paid, and a transfer moves the order to pending.
// A move of an earlier attempt (superseded by the current one) follows its own machine; the order
// may move with it only into a pair its current attempt allows.
import type { OrderStatus } from '../../../contract/bff-api.ts';
import { allOrderStatuses, isLegalTransition, type TransitionEvidence } from '../orders/order-rules.ts';
import { allAttemptEvidence, allAttemptStatuses, isLegalAttemptMove, type AttemptEvidence, type AttemptStatus } from '../attempt-transitions.ts';

export type JointEvidence = TransitionEvidence | AttemptEvidence;
/** The current attempt's status, or `none` before the order's first attempt. */
export type CurrentAttemptStatus = AttemptStatus | 'none';

export const allJointEvidence: readonly JointEvidence[] = [...new Set<JointEvidence>(['session', 'page-created', 'consult', 'redirect', 'mismatch', 'no-payment', 'merchant', 'transfer-opened', 'bank', 'unconfirmed', ...allAttemptEvidence])];
export const allCurrentAttemptStatuses: readonly CurrentAttemptStatus[] = ['none', ...allAttemptStatuses];

/**
 * A paid order's current attempt may be one that did not pay it: an earlier attempt paid (a late
 * transfer), or the merchant attached a bank payment instead (the attempt it superseded is
 * cancelled, or stays in review), or the merchant approved a review while a later card page was
 * open (`open`: the page stays payable until consult or the reconciler ends it).
 */
const besidePaidOrder: readonly CurrentAttemptStatus[] = ['approved', 'cancelled', 'review', 'declined', 'expired', 'abandoned', 'open'];

/**
 * The current attempt's statuses each order status may stand beside. An order in review may keep a
 * running attempt (money arrived for an earlier one meanwhile: a late transfer, a replaced page paid),
 * or the cancelled one a merchant's attached payment superseded before the bank failed it.
 */
export const coexistingPairs: Readonly<Record<OrderStatus, readonly CurrentAttemptStatus[]>> = {
  created: ['none', 'claimed', 'refused', 'unknown'],
  // A page replacing one still out (Back from it) is claimed, then opened, refused or lost while
  // the order stays pending: the replaced page's attempt is an earlier one, still payable.
  pending: ['open', 'claimed', 'refused', 'unknown'],
  declined: ['declined', 'claimed', 'refused', 'unknown', 'abandoned'],
  cancelled: ['cancelled', 'claimed', 'refused', 'unknown', 'abandoned'],
  expired: ['none', 'expired', 'declined', 'cancelled', 'abandoned', 'claimed', 'refused', 'unknown'],
  review: ['review', 'open', 'cancelled', 'claimed', 'refused', 'unknown'],
  approved: besidePaidOrder,
  captured: besidePaidOrder,
  refunded: besidePaidOrder,
  reversed: besidePaidOrder,
};

/** When the order and its current attempt both move: the attempt's status that goes with the order's. */
export const matchingAttemptStatus: Readonly<Partial<Record<OrderStatus, readonly AttemptStatus[]>>> = {
  pending: ['open'],
  approved: ['approved'],
  declined: ['declined'],
  cancelled: ['cancelled'],
  expired: ['expired'],
  review: ['review'],
};

export interface JointMoveShape {
  evidence: JointEvidence;
  /** from = to: the order's status stays. */
  order: { from: OrderStatus; to: OrderStatus };
  /**
   * The attempt the evidence is about. `current`: the order's current attempt (after the move, for
   * a new one). `born`: a new current attempt (or a refused number claimed again): `from` is the
   * attempt it replaces. from = to: the attempt stays. For an earlier attempt, `currentStatus` is
   * the current attempt's, which stays.
   */
  attempt: { current: boolean; from: CurrentAttemptStatus; to: CurrentAttemptStatus; born?: boolean; currentStatus?: CurrentAttemptStatus };
}

/** A same-status write (a merchant's partial refund or split) is order-machine.ts's own check. */
function orderPartAllowed({ order, evidence }: JointMoveShape): boolean {
  return order.from === order.to || isLegalTransition(order.from, order.to, evidence as TransitionEvidence);
}

/**
 * What a new attempt may replace as the current one: nothing yet, one that ended unpaid, or a pending
 * order's hosted page still out (one cart is one order: Back from it continues the same order).
 */
const replaceableByNewAttempt: readonly CurrentAttemptStatus[] = ['none', 'refused', 'declined', 'cancelled', 'expired', 'abandoned', 'open'];
const birthOf: Partial<Record<JointEvidence, AttemptStatus>> = { claim: 'claimed', 'transfer-opened': 'open' };

function attemptPartAllowed({ attempt, evidence }: JointMoveShape): boolean {
  if (attempt.born) return replaceableByNewAttempt.includes(attempt.from) && birthOf[evidence] === attempt.to;
  if (attempt.from === attempt.to) return true;
  if (attempt.from === 'none' || attempt.to === 'none') return false;
  return isLegalAttemptMove(attempt.from, attempt.to, evidence as AttemptEvidence);
}

const coexist = (order: OrderStatus, attempt: CurrentAttemptStatus) => coexistingPairs[order].includes(attempt);

/**
 * The order moves to a status `matchingAttemptStatus` names while its current attempt ends
 * elsewhere: only these, each a decision about the order rather than about that attempt.
 */
export const unmatchedOrderMoves: readonly { evidence: JointEvidence; from: readonly OrderStatus[]; to: OrderStatus; attempt: readonly CurrentAttemptStatus[]; why: string }[] = [
  { evidence: 'merchant', from: ['pending', 'review'], to: 'approved', attempt: ['cancelled', 'review', 'open'], why: 'the merchant attached a bank payment, or approved a review a later attempt is open beside' },
  { evidence: 'no-payment', from: ['created', 'declined', 'cancelled'], to: 'expired', attempt: ['none', 'refused', 'declined', 'cancelled', 'abandoned'], why: 'the session lapsed with nothing sent, or the buyer never came back to retry' },
  { evidence: 'bank', from: ['approved'], to: 'review', attempt: ['cancelled'], why: 'the bank failed a payment the merchant attached' },
];

/** Where a new attempt may be opened: an order that may still take a payment (a pending one: its page replaced). */
const payableOrders: readonly OrderStatus[] = ['created', 'pending', 'declined', 'cancelled', 'expired'];

/** Whether the joint table lists the move (the header's rules). */
export function isListedJointMove(move: JointMoveShape): boolean {
  if (!orderPartAllowed(move) || !attemptPartAllowed(move)) return false;
  const { order, attempt, evidence } = move;
  if (!attempt.current) {
    const current = attempt.currentStatus ?? 'none';
    return attempt.from !== 'none' && coexist(order.from, current) && coexist(order.to, current);
  }
  if (!coexist(order.from, attempt.from) || !coexist(order.to, attempt.to)) return false;
  if (attempt.born || attempt.to === 'claimed' || (evidence === 'transfer-opened' && attempt.to === 'open')) {
    // A new attempt (or a refused number claimed again): only for an order that may still be paid.
    return payableOrders.includes(order.from) && (evidence === 'claim' ? order.to === order.from : order.to === 'pending');
  }
  if (order.from === order.to) return true;
  const matching = matchingAttemptStatus[order.to];
  // A move no attempt status goes with (a session renewed, a capture, a refund, a reversal) leaves the attempt as it is.
  if (!matching) return attempt.from === attempt.to;
  if (matching.includes(attempt.to as AttemptStatus)) return true;
  return unmatchedOrderMoves.some((allowed) => allowed.evidence === evidence && allowed.to === order.to && allowed.from.includes(order.from) && allowed.attempt.includes(attempt.to));
}

export class IllegalJointMoveError extends Error {
  override name = 'IllegalJointMoveError';
  constructor(readonly move: JointMoveShape) {
    super(
      `joint move (${move.order.from}, ${move.attempt.from}) → (${move.order.to}, ${move.attempt.to}) on ${move.evidence} evidence is not in the joint table` +
        (move.attempt.current ? '' : ' (an earlier attempt)'),
    );
  }
}

export function assertListedJointMove(move: JointMoveShape): void {
  if (!isListedJointMove(move)) throw new IllegalJointMoveError(move);
}

/** Every listed move of an order and its current attempt (births included): the table bff/README.md shows. */
export function listedCurrentAttemptMoves(): JointMoveShape[] {
  listed ??= listCurrentAttemptMoves();
  return [...listed];
}

let listed: JointMoveShape[] | undefined;

function listCurrentAttemptMoves(): JointMoveShape[] {
  const moves: JointMoveShape[] = [];
  for (const evidence of allJointEvidence) {
    for (const orderFrom of allOrderStatuses) {
      for (const orderTo of allOrderStatuses) {
        for (const attemptFrom of allCurrentAttemptStatuses) {
          for (const attemptTo of allCurrentAttemptStatuses) {
            for (const born of [false, true]) {
              const move: JointMoveShape = { evidence, order: { from: orderFrom, to: orderTo }, attempt: { current: true, from: attemptFrom, to: attemptTo, ...(born && { born }) } };
              if (isListedJointMove(move)) moves.push(move);
            }
          }
        }
      }
    }
  }
  return moves;
}

const attemptPart = (move: JointMoveShape) =>
  move.attempt.born ? `${move.attempt.from} ⇒ new ${move.attempt.to}` : move.attempt.from === move.attempt.to ? `${move.attempt.from} (stays)` : `${move.attempt.from} → ${move.attempt.to}`;

/**
 * The listed moves of an order and its current attempt as a Markdown table (bff/README.md shows it;
 * a unit test keeps the two equal): one row per evidence and order move, with every attempt move
 * that may go with it.
 */
export function jointTableMarkdown(): string {
  const rows = new Map<string, string[]>();
  // A move in which neither status changes (evidence about something already settled) is listed, but not shown.
  for (const move of listedCurrentAttemptMoves().filter((listed) => listed.attempt.born || listed.order.from !== listed.order.to || listed.attempt.from !== listed.attempt.to)) {
    const order = move.order.from === move.order.to ? `${move.order.from} (stays)` : `${move.order.from} → ${move.order.to}`;
    const key = `| ${move.evidence} | ${order} |`;
    rows.set(key, [...(rows.get(key) ?? []), attemptPart(move)]);
  }
  return ['| evidence | order | its current attempt |', '|---|---|---|', ...[...rows].map(([key, attempts]) => `${key} ${attempts.join(', ')} |`)].join('\n');
}
