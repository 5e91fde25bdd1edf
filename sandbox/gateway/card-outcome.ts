import { approvedCode, documentedCancelCodes, pendingCode, testCards, type TestCardOutcome } from '../../contract/gateway-facts.ts';
import type { SandboxState } from '../state.ts';
import { cardBrand, type EnteredCard } from './card-form.ts';
import type { CardOnRecord, GatewayOrder, PaymentOutcome } from './ledger.ts';

export type CardOutcomeName = TestCardOutcome;

/**
 * The redirect `code` and `description` of each outcome. Only `1` = approved is given by
 * the spec; the decline codes are the sandbox's (ISO 8583-style), listed in sandbox/README.md.
 */
export const outcomeCodes: Record<CardOutcomeName, { code: string; description: string }> = {
  approved: { code: approvedCode, description: 'Approved' },
  denied: { code: '05', description: 'Transaction denied' },
  insufficient_funds: { code: '51', description: 'Insufficient funds' },
  invalid_cvv: { code: 'N7', description: 'Invalid security code' },
  lost_stolen: { code: '43', description: 'Lost or stolen card' },
};

/**
 * The codes of the same outcomes as the real service is observed to write them (gateway-facts.ts
 * observedDeclineCodes): the `tilopay` profile answers with these.
 */
export const observedOutcomeCodes: Record<CardOutcomeName, { code: string; description: string }> = {
  approved: outcomeCodes.approved,
  denied: { code: '2', description: 'Declined' },
  insufficient_funds: { code: '51', description: 'Insufficient funds' },
  invalid_cvv: { code: '82', description: 'Invalid CVV' },
  lost_stolen: { code: '43', description: 'Stolen card' },
};

/**
 * A cancel on the payment page: not approved, recorded with code 8 as the real service records it
 * (gateway-facts.md "Observed in public integrations", "Cancel"); the redirect carries the profile's flag.
 */
export const cancelOutcome = { code: documentedCancelCodes[0] ?? '8', description: 'Cancelled by the buyer' } as const;

/**
 * SINPE Móvil on the hosted page (gateway-facts.md "Redirect query": `Pending` "is used by the SINPE
 * Móvil method and is settled later by a webhook"): the buyer transfers from their bank app, the
 * bank's event settles it. The sandbox bank's transfer carries the order number as its reference.
 */
export const sinpePendingOutcome = { code: pendingCode, description: 'SINPE Móvil transfer pending', auth: '', cardToken: '' } as const;

/** SINPE Móvil moves colones only. */
export function offersSinpeMovil(order: Pick<GatewayOrder, 'currency' | 'source'>): boolean {
  return order.currency === 'CRC' && order.source === 'hosted';
}

/**
 * The test cards of gateway-facts.md decide the outcome. Any other card that passed the
 * form checks (Luhn-valid, not expired) is approved: that is how a merchant tries its own
 * integration with any well-formed test number.
 */
export function outcomeForCard(cardNumber: string): CardOutcomeName {
  return testCards[cardNumber] ?? 'approved';
}

/** Decides a card's outcome by the test-card table and makes the outcome fields. */
export function chargeCard(state: SandboxState, card: EnteredCard, saveCard: boolean): { status: 'approved' | 'declined'; outcome: PaymentOutcome } {
  const name = outcomeForCard(card.number);
  const approved = name === 'approved';
  return {
    status: approved ? 'approved' : 'declined',
    outcome: {
      ...(state.settings.profile.name === 'tilopay' ? observedOutcomeCodes : outcomeCodes)[name],
      // An approved auth number has at least 6 characters (gateway-facts.md, Redirect query).
      auth: approved ? state.ledger.authNumber() : '',
      cardToken: approved && saveCard ? state.ledger.cardToken() : '',
    },
  };
}

export function cardOnRecord(card: EnteredCard): CardOnRecord {
  return { bin: card.number.slice(0, 6), last4: card.number.slice(-4), brand: cardBrand(card.number) };
}
