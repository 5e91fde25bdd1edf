// Whether SINPE Móvil can work for the buyer the form describes: it moves colones between Costa Rican
// phones, so a buyer whose billing country is not Costa Rica, or whose phone is plainly another
// country's, is offered the card alone. Part of the lazy checkout-rules part (the flow decides).
import type { CheckoutBillingAddress } from '../../contract/bff-api.ts';

/** Costa Rica's calling code; a national number has 8 digits. */
const costaRica = '506';

/**
 * A phone that is plainly not Costa Rican: another calling code after `+` or `00`, or more digits
 * than a Costa Rican number has. An empty or half-typed number is not judged yet.
 */
export function isForeignPhone(telephone: string): boolean {
  const plain = telephone.replace(/[\s().-]/g, '');
  const international = /^(?:\+|00)/.exec(plain);
  const digits = plain.slice(international?.[0].length ?? 0);
  const withCode = digits.startsWith(costaRica);
  if (international) return !(withCode || costaRica.startsWith(digits)) || digits.length > costaRica.length + 8;
  return digits.length > 8 && !(withCode && digits.length === costaRica.length + 8);
}

export function sinpeFitsBuyer(billing: Pick<CheckoutBillingAddress, 'country' | 'telephone'>): boolean {
  return billing.country === 'CR' && !isForeignPhone(billing.telephone);
}
