import { approvedCode, testCards, type TestCardOutcome } from '../../contract/gateway-facts.ts';

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

/** A cancel on the payment page: not approved, and the redirect carries `cancel=1`. */
export const cancelOutcome = { code: '3', description: 'Cancelled by the buyer' } as const;

/**
 * The test cards of gateway-facts.md decide the outcome. Any other card that passed the
 * form checks (Luhn-valid, not expired) is approved: that is how a merchant tries its own
 * integration with any well-formed test number.
 */
export function outcomeForCard(cardNumber: string): CardOutcomeName {
  return testCards[cardNumber] ?? 'approved';
}
