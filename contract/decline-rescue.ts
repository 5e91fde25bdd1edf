// Decline rescue: after a card decline that another card is unlikely to fix (no funds, a limit
// reached, the bank blocked the card), the status answer offers the shopper another means for the
// same order. Pure: the BFF decides, the widget renders a button from `alternatives`.
import type { DeclineCategory } from './decline-messages.ts';

/** The means a declined order may be offered instead of another card (the status answer's `alternatives`). */
export const alternativeMethods = ['sinpe_movil'] as const;
export type AlternativeMethod = (typeof alternativeMethods)[number];

/**
 * Categories where the shopper's money or card is the problem, not what they typed: insufficient
 * funds (ISO 8583 51, and the limit codes 61 and 65 read as it) and a card the bank will not
 * authorise (04, 05, 07, 41, 43, 57, 62). `card_details` (a mistyped CVV or date) is fixed by
 * typing again; `generic` says too little to send anyone elsewhere.
 */
export const rescuableDeclines: readonly DeclineCategory[] = ['insufficient_funds', 'card_blocked'];

export interface RescueFacts {
  /** The order's status is `declined`. */
  declined: boolean;
  /** The declined attempt was a card (a refused SINPE transfer is not rescued by another transfer). */
  cardAttempt: boolean;
  /** The decline's category (decline-messages.ts). */
  reason: DeclineCategory | undefined;
  /** Another attempt may be opened for this order. */
  canRetry: boolean;
  /** SINPE Móvil is offered for this order now (a merchant phone; colones, or dollars with a fresh rate). */
  sinpeOffered: boolean;
}

/** The means offered instead of another card; empty when none. */
export function alternativesAfterDecline(facts: RescueFacts): AlternativeMethod[] {
  const rescuable = facts.declined && facts.cardAttempt && facts.canRetry && facts.reason !== undefined && rescuableDeclines.includes(facts.reason);
  return rescuable && facts.sinpeOffered ? ['sinpe_movil'] : [];
}
