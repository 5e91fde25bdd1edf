// Decline codes the real gateway is observed to write (a fact of contract/gateway-facts.ts, which
// re-exports them). Imports nothing: the widget's decline words read it.

/** What an observed decline code says went wrong (read into the shopper's words by contract/decline-messages.ts). */
export type ObservedDecline =
  | 'declined'
  | 'insufficient_funds'
  | 'invalid_cvv'
  | 'authentication_failed'
  | 'cancelled'
  | 'stolen_card'
  | 'issuer_unreachable';

/**
 * Decline codes seen from the real service (gateway-facts.md "Observed in public integrations of the
 * real service", "Decline codes seen": ONE source, a Node integration that lists the codes it saw
 * in Tilopay's sandbox; the cancel code 8 also comes with the firm `wp_cancel=yes`, see
 * documentedCancelCodes). A code listed nowhere reads as the ISO 8583 response code card processors
 * pass through (decline-messages.ts), else as a generic decline.
 */
export const observedDeclineCodes: Readonly<Record<string, ObservedDecline>> = {
  '2': 'declined',
  '3': 'insufficient_funds',
  '4': 'invalid_cvv',
  '7': 'authentication_failed',
  '8': 'cancelled',
  '43': 'stolen_card',
  '51': 'insufficient_funds',
  '82': 'invalid_cvv',
  '98': 'issuer_unreachable',
};

export function observedDeclineOf(code: string | null | undefined): ObservedDecline | undefined {
  const trimmed = (code ?? '').trim();
  return Object.hasOwn(observedDeclineCodes, trimmed) ? observedDeclineCodes[trimmed] : undefined;
}
