// The money a card attempt is charged in: the order's own, or, for a dollar order where the merchant
// allows it (CARD_COLONES_FOR_USD), colones at the rate the order's `localAmount` shows. The attempt
// keeps what processPayment was sent, and every piece of evidence about the attempt (the redirect's
// hash, consult's record) and every modification of its payment is in that money. Pure.
import { colonesAt } from '../../contract/local-amount.ts';
import type { LocalAmount } from '../../contract/local-amount.ts';
import { canonicalAmount, fromMinorUnits, toMinorUnits } from '../../contract/money.ts';

export interface ChargedMoney {
  amount: string;
  currency: string;
  /** Colones per unit of the order's currency, when the charge was converted; null in the order's own money. */
  rate: string | null;
}

type Money = { amount: string; currency: string };

export type ChargeDecision = { ok: true; charge: ChargedMoney } | { ok: false; code: 'currency_unavailable' | 'rate_unavailable'; detail: string };

/**
 * What a card checkout charges: the order's money unless colones are asked for; colones only for a
 * dollar order of a merchant who allows it, at the fresh rate (`local`, undefined when stale or unset).
 */
export function chargeFor(order: Money, asked: string | undefined, allowed: boolean, local: LocalAmount | undefined): ChargeDecision {
  const own: ChargeDecision = { ok: true, charge: { amount: order.amount, currency: order.currency, rate: null } };
  if (asked === undefined) return own;
  if (order.currency !== 'USD') return { ok: false, code: 'currency_unavailable', detail: 'Only a dollar (USD) order may choose the currency of its card charge.' };
  if (asked === order.currency) return own;
  if (!allowed) return { ok: false, code: 'currency_unavailable', detail: 'This shop does not take card payments in colones for dollar orders.' };
  if (!local) return { ok: false, code: 'rate_unavailable', detail: 'No current exchange rate is set, so the order cannot be charged in colones.' };
  return { ok: true, charge: { amount: local.amount, currency: local.currency, rate: local.rate } };
}

/** The charge an attempt recorded; an attempt without one (a SINPE Móvil transfer) is in the order's money. */
export function chargedMoneyOf(
  attempt: { charged_amount: string | null; charged_currency: string | null } | undefined,
  order: Money,
): Money {
  // `!= null`: a row read before migration 0084 ran, or a partial row, has neither.
  const amount = attempt?.charged_amount;
  const currency = attempt?.charged_currency;
  return amount != null && currency != null ? { amount, currency } : { amount: order.amount, currency: order.currency };
}

/** The order's paying charge when it was converted (shown to the merchant and in the invoice); otherwise null. */
export function convertedChargeOf(order: { currency: string; charged_amount: string | null; charged_currency: string | null; charged_rate: string | null }): (ChargedMoney & { rate: string }) | null {
  if (order.charged_amount === null || order.charged_currency === null || order.charged_rate === null || order.charged_currency === order.currency) return null;
  return { amount: order.charged_amount, currency: order.charged_currency, rate: order.charged_rate };
}

/**
 * A capture or refund the merchant states in the order's currency, as the gateway takes it for a
 * converted charge: the difference of the running totals converted at the charge's rate, so the
 * pieces always add up to the colones charged (no rounding drift) and a full refund returns exactly
 * what was charged. `before` is what was captured (or refunded) before this one, in the order's currency.
 */
export function chargedPieceOf(charge: ChargedMoney, orderCurrency: string, before: string, piece: string): string {
  if (charge.rate === null) return piece;
  const after = fromMinorUnits(toMinorUnits(before, orderCurrency) + toMinorUnits(piece, orderCurrency), orderCurrency);
  const colones = toMinorUnits(colonesAt(after, charge.rate), charge.currency) - toMinorUnits(colonesAt(canonicalAmount(before, orderCurrency), charge.rate), charge.currency);
  return fromMinorUnits(colones, charge.currency);
}

/** The session's `cardInColones`: a dollar order with a fresh colón amount, of a merchant who allows it. */
export function cardInColonesOffered(order: Money, allowed: boolean, local: LocalAmount | undefined): { cardInColones?: true } {
  return allowed && order.currency === 'USD' && local ? { cardInColones: true } : {};
}
