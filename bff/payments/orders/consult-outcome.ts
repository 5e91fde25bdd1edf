// What the gateway's own records say about an attempt (consult is the truth, ARCHITECTURE.md flow 4),
// and what that means for the order.
import { cardOfConsultRecord, type CardOnRecord } from './card-on-record.ts';
import type { TransactionRecord } from '../../../contract/gateway/index.ts';
import { approvedCode, isAwaitingBank, isBuyerCancelCode, isOwnOrderNumber } from '../../../contract/gateway-facts.ts';
import { sameUpstreamMoney, upstreamMoneyShown } from '../../../contract/upstream-money.ts';
import type { OrderStatus } from '../../../contract/bff-api.ts';
import type { TransitionEvidence } from './order-rules.ts';
import type { AttemptFactsUpdate, AttemptStatus, OrderRow, OrderUpdate } from '../../store/schema.ts';

export interface GatewayOutcome {
  approved: boolean;
  /** The record's amount and currency equal what the attempt was charged (the order's money, or its colones). */
  matchesOrder: boolean;
  auth: string | null;
  tpt: string;
  code: string;
  /** The gateway's own text: kept for the merchant, never shown to the shopper. */
  message: string;
  amount: string;
  currency: string;
  /** The paying card's brand and last four, when the record shows them. */
  card: CardOnRecord | undefined;
}

/**
 * The records consult lists that are the attempt's: its own order number (behind the gateway's
 * merchant prefix too, contract/gateway-facts.ts isOwnOrderNumber), or its tpt once known. A record
 * of another number (a later attempt's `<order>-R2` when this one is `<order>`, should consult match
 * loosely) is not this attempt's; a record without a number says nothing against it and is kept.
 */
export function recordsOfAttempt(records: readonly TransactionRecord[], gatewayOrderNumber: string, tpt: string | null | undefined): TransactionRecord[] {
  return records.filter(
    (record) =>
      record.orderNumber.trim() === '' ||
      isOwnOrderNumber(record.orderNumber, gatewayOrderNumber) ||
      (!!tpt && record.id_svc !== null && String(record.id_svc) === tpt),
  );
}

/**
 * The attempt's outcome from consult's records, or undefined while the gateway has none (the buyer
 * has not paid yet). consult also lists modifications (refunds, captures): the payment is the record
 * of type "Payment" (gateway-api.md §2.3, observed value); any approved payment wins.
 */
export function outcomeFromConsult(records: readonly TransactionRecord[], charged: Pick<OrderRow, 'amount' | 'currency'>): GatewayOutcome | undefined {
  // A record without a code says nothing about the payment: it is neither an approval nor a decline.
  const telling = records.filter((record) => record.code.trim() !== '');
  const payments = telling.filter((record) => record.type.trim().toLowerCase() === 'payment');
  const candidates = payments.length > 0 ? payments : telling;
  const approved = candidates.find((record) => record.code.trim() === approvedCode);
  const chosen = approved ?? candidates.at(-1);
  // A SINPE Móvil payment through the gateway is not declined: the bank's event settles it later.
  if (!chosen || isAwaitingBank(chosen.code)) return undefined;
  return {
    approved: approved !== undefined,
    matchesOrder: sameUpstreamMoney(chosen, charged),
    auth: chosen.auth || null,
    tpt: chosen.id_svc === null ? '' : String(chosen.id_svc),
    code: chosen.code.trim(),
    message: chosen.response,
    // As our answers and history show money: "1.00 CRC", however the gateway wrote it.
    ...upstreamMoneyShown(chosen.amount, chosen.currency),
    card: cardOfConsultRecord(chosen),
  };
}

export interface OutcomeTarget {
  to: OrderStatus;
  evidence: TransitionEvidence;
  attempt: AttemptStatus;
  detail: string;
}

/**
 * Where a consult outcome takes the order: an approval of the attempt's charge (the order's amount
 * and currency, or the colones a dollar order was charged) approves it; an approval of anything else is a contradiction (review); a decline declines the attempt, or
 * cancels it when the record itself says the buyer cancelled (never a redirect's flag).
 */
export function targetOfOutcome(outcome: GatewayOutcome, charged: Pick<OrderRow, 'amount' | 'currency'>): OutcomeTarget {
  if (outcome.approved && outcome.matchesOrder) return { to: 'approved', evidence: 'consult', attempt: 'approved', detail: `gateway code ${outcome.code}` };
  if (outcome.approved) {
    return {
      to: 'review',
      evidence: 'mismatch',
      attempt: 'review',
      detail: `consult shows an approved payment of ${outcome.amount} ${outcome.currency} for an order of ${charged.amount} ${charged.currency}`,
    };
  }
  if (isBuyerCancelCode(outcome.code)) return { to: 'cancelled', evidence: 'consult', attempt: 'cancelled', detail: `buyer cancelled (gateway code ${outcome.code})` };
  return { to: 'declined', evidence: 'consult', attempt: 'declined', detail: `gateway code ${outcome.code}` };
}

/** The order's columns an outcome writes: an approval with capture=1 is captured in full at once. */
export function outcomeFields(order: OrderRow, target: OutcomeTarget): OrderUpdate {
  return { captured_amount: target.to === 'approved' && order.capture === 1 ? order.amount : order.captured_amount };
}

/**
 * The attempt's columns an outcome writes: the gateway's answer and its words, and the paying card
 * once approved (the order shows them through its paying attempt, store/orders.ts).
 */
export function attemptOutcomeFields(outcome: GatewayOutcome, target: OutcomeTarget): AttemptFactsUpdate {
  return {
    gateway_tpt: outcome.tpt,
    gateway_auth: outcome.auth,
    gateway_code: outcome.code,
    status_message: outcome.message,
    ...(target.attempt === 'approved' && { card_brand: outcome.card?.brand ?? null, card_last4: outcome.card?.last4 ?? null }),
  };
}
