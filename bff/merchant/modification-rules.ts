// The state rules of gateway-facts.md "processModification" and "Split", checked on our own record
// BEFORE the gateway is called, so a disallowed action gets a clear 409 instead of a gateway code.
// Pure: the order's amounts in, a decision out (exact minor-unit arithmetic, no floats).
import { isApprovedOnly, isCapturedStatus, isSplittableStatus, mayHoldCapturedMoney } from '../payments/orders/order-rules.ts';
import { captureWindowSeconds } from '../../contract/gateway-facts.ts';
import { fromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import type { OrderStatus } from '../../contract/bff-api.ts';
import type { ActionRefusalCode, MerchantRefusalCode } from '../../contract/merchant-api.ts';

export type MerchantAction = 'capture' | 'refund' | 'reverse';

/** The parts of an order the rules read. */
export interface OrderState {
  status: OrderStatus;
  /** 1 = authorize and capture, 0 = authorize only. */
  capture: number;
  amount: string;
  currency: string;
  captured_amount: string;
  refunded_amount: string;
  /** The paying card's currency when it was not the order's (a dollar order charged in colones). */
  charged_currency?: string | null;
  /** A refund the gateway scheduled and consult does not show done yet. */
  pending_refund_amount?: string | null;
}

export interface RuleContext {
  now: Date;
  /** When the gateway approved the authorization (capture window start); null if never approved. */
  authorizedAt: Date | null;
  /** Whether the settlement was already split (a second split is refused). */
  alreadySplit: boolean;
  /** A SINPE Móvil transfer paid it: the card gateway holds none of its money. */
  paidByBankTransfer: boolean;
}

export type Refusal<Code extends MerchantRefusalCode = MerchantRefusalCode> = { ok: false; kind: 'conflict' | 'invalid'; detail: string; code?: Code };
export type ActionPlan = { ok: true; minor: bigint; amount: string } | Refusal;

const conflict = <Code extends MerchantRefusalCode>(detail: string, code?: Code): Refusal<Code> => ({ ok: false, kind: 'conflict', detail, ...(code ? { code } : {}) });
const invalid = (detail: string): Refusal => ({ ok: false, kind: 'invalid', detail });

/** Authorized by the gateway, nothing captured yet (capture was 0): can be captured or reversed. */
function isUncapturedAuthorization(order: OrderState): boolean {
  return isApprovedOnly(order.status) && order.capture === 0 && toMinorUnits(order.captured_amount, order.currency) === 0n;
}

/** The largest amount each action could take now, or the refusal explaining why not. */
export function actionLimit(order: OrderState, action: MerchantAction | 'split', context: RuleContext): { ok: true; minor: bigint } | Refusal<ActionRefusalCode> {
  const money = (minor: bigint) => `${fromMinorUnits(minor, order.currency)} ${order.currency}`;
  const amount = toMinorUnits(order.amount, order.currency);
  const captured = toMinorUnits(order.captured_amount, order.currency);
  const refunded = toMinorUnits(order.refunded_amount, order.currency);
  if (context.paidByBankTransfer) {
    return conflict(
      action === 'refund'
        ? 'This order was paid by a SINPE Móvil transfer: refund it from the bank (a transfer back to the buyer), outside this API.'
        : `This order was paid by a SINPE Móvil transfer: the card gateway has nothing to ${action}.`,
      'paid-by-transfer',
    );
  }
  switch (action) {
    case 'capture': {
      if (!isUncapturedAuthorization(order)) {
        return isCapturedStatus(order.status) || captured > 0n
          ? conflict('This order is already captured; a capture is possible only once.', 'already-captured')
          : conflict(`Only an authorized, uncaptured order can be captured; this order is ${order.status}.`, 'not-authorized');
      }
      const windowEnds = (context.authorizedAt?.getTime() ?? 0) + captureWindowSeconds * 1000;
      if (context.authorizedAt === null || context.now.getTime() > windowEnds) {
        return conflict('The authorization has lapsed: a capture is allowed up to 7 days after authorization.', 'authorization-lapsed');
      }
      return { ok: true, minor: amount };
    }
    case 'reverse':
      if (!isUncapturedAuthorization(order)) {
        return captured > 0n
          ? conflict('A captured order cannot be reversed; refund it instead.', 'captured-not-reversible')
          : conflict(`Only an authorized, uncaptured order can be reversed; this order is ${order.status}.`, 'not-authorized');
      }
      return { ok: true, minor: amount };
    case 'refund': {
      if (captured === 0n || !mayHoldCapturedMoney(order.status)) {
        return conflict(`Only a captured order can be refunded; this order is ${order.status} with nothing captured.`, 'nothing-captured');
      }
      if (order.pending_refund_amount) {
        // Sent again, it could be done twice: the gateway already holds it (scheduled).
        return conflict(`A refund of ${order.pending_refund_amount} ${order.currency} is scheduled at the gateway and not done yet; another refund waits for it.`, 'refund-pending');
      }
      const refundable = captured - refunded;
      if (refundable <= 0n) {
        return conflict(`Nothing is left to refund: ${money(refunded)} of ${money(captured)} captured is already refunded.`, 'fully-refunded');
      }
      return { ok: true, minor: refundable };
    }
    case 'split':
      if (!isSplittableStatus(order.status) || captured !== amount || refunded !== 0n) {
        return conflict(`Only an approved order, captured in full with nothing refunded, can be split; this order is ${order.status}.`, 'not-splittable');
      }
      if (context.alreadySplit) return conflict('This order was already split.', 'already-split');
      // The gateway splits the money it holds, in the charge's currency; shares stated in the order's would not add up.
      if (order.charged_currency && order.charged_currency !== order.currency) {
        return conflict(`This order was charged in ${order.charged_currency}, not in its own ${order.currency}: it cannot be split.`, 'not-splittable');
      }
      return { ok: true, minor: amount };
  }
}

/** Decides a capture, refund or reversal of `requested` (default: the most the action allows). */
export function planModification(order: OrderState, action: MerchantAction, requested: string | undefined, context: RuleContext): ActionPlan {
  const limit = actionLimit(order, action, context);
  if (!limit.ok) return limit;
  if (requested === undefined) return { ok: true, minor: limit.minor, amount: fromMinorUnits(limit.minor, order.currency) };
  let minor: bigint;
  try {
    minor = toMinorUnits(requested, order.currency);
  } catch {
    return invalid(`${requested} has more decimals than ${order.currency} allows.`);
  }
  if (minor <= 0n) return invalid('The amount must be positive.');
  const money = (value: bigint) => `${fromMinorUnits(value, order.currency)} ${order.currency}`;
  if (action === 'reverse' && minor !== limit.minor) {
    return conflict(`A reversal releases the whole authorization of ${money(limit.minor)}; a partial reversal is not possible.`, 'partial-reversal');
  }
  if (minor > limit.minor) {
    const what = {
      capture: `the authorized amount of ${money(limit.minor)}`,
      refund: `the refundable amount of ${money(limit.minor)} (captured ${order.captured_amount}, refunded ${order.refunded_amount})`,
      reverse: `the authorized amount of ${money(limit.minor)}`,
    }[action];
    return conflict(`The ${action} amount ${money(minor)} is more than ${what}.`, 'more-than-allowed');
  }
  return { ok: true, minor, amount: fromMinorUnits(minor, order.currency) };
}

export type SplitPlan = { ok: true; sharedMinor: bigint; remainderMinor: bigint } | Refusal;

/**
 * gateway-api.md §4.6: the shares may not exceed the order; the owning merchant (listed or not)
 * receives the remainder, which the gateway adds to its share. We check and compute it first.
 */
export function planSplit(order: OrderState, commerces: ReadonlyArray<{ email: string; amount: string }>, context: RuleContext): SplitPlan {
  const limit = actionLimit(order, 'split', context);
  if (!limit.ok) return limit;
  const seen = new Set<string>();
  let shared = 0n;
  for (const commerce of commerces) {
    const email = commerce.email.trim().toLowerCase();
    if (seen.has(email)) return invalid(`${email} is listed twice.`);
    seen.add(email);
    let minor: bigint;
    try {
      minor = toMinorUnits(commerce.amount, order.currency);
    } catch {
      return invalid(`${commerce.amount} has more decimals than ${order.currency} allows.`);
    }
    if (minor <= 0n) return invalid('Every share must be positive.');
    shared += minor;
  }
  if (shared > limit.minor) {
    const money = (value: bigint) => `${fromMinorUnits(value, order.currency)} ${order.currency}`;
    return conflict(`The shares add up to ${money(shared)}, more than the order amount of ${money(limit.minor)}.`, 'shares-exceed-amount');
  }
  return { ok: true, sharedMinor: shared, remainderMinor: limit.minor - shared };
}

/** The status an order moves to after an accepted modification of `minor`. */
export function statusAfter(order: OrderState, action: MerchantAction, minor: bigint): { status: OrderStatus; captured: string; refunded: string } {
  const captured = toMinorUnits(order.captured_amount, order.currency);
  const refunded = toMinorUnits(order.refunded_amount, order.currency);
  const text = (value: bigint) => fromMinorUnits(value, order.currency);
  switch (action) {
    case 'capture':
      return { status: 'captured', captured: text(minor), refunded: order.refunded_amount };
    case 'reverse':
      return { status: 'reversed', captured: order.captured_amount, refunded: order.refunded_amount };
    case 'refund': {
      const total = refunded + minor;
      // Partly refunded keeps its status (the amounts say how much); fully refunded is `refunded`.
      return { status: total >= captured ? 'refunded' : order.status, captured: order.captured_amount, refunded: text(total) };
    }
  }
}
