/**
 * Part of the payment flow (checkout-rules): whether a card decline may be rescued by SINPE Móvil.
 * The BFF says so in the status answer (`alternatives` holds `"sinpe_movil"`; it decides when, by the
 * decline's category); the button itself (sinpe-rescue.ts) comes with the method-choice part, which
 * the flow asks for before such an outcome shows.
 */
export function isSinpeRescueOffered(outcome: unknown): boolean {
  const answer = outcome as { status?: unknown; canRetry?: unknown; alternatives?: unknown } | undefined;
  return answer?.status === 'declined' && answer.canRetry === true && Array.isArray(answer.alternatives) && answer.alternatives.includes('sinpe_movil');
}
