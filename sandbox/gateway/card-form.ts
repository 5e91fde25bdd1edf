/**
 * The card a buyer typed on a hosted or link page, checked the way a real payment page
 * checks it before it ever reaches an acquirer. Pure: no HTML, no state.
 */
export interface EnteredCard {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvv: string;
  holderName: string;
}

export type CardFormField = 'cardNumber' | 'expiry' | 'cvv' | 'holderName';
export type CardFormResult = { ok: true; card: EnteredCard } | { ok: false; errors: Partial<Record<CardFormField, string>> };

export function readCardForm(form: Record<string, string>, now: Date): CardFormResult {
  const errors: Partial<Record<CardFormField, string>> = {};
  const number = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !passesLuhn(number)) errors.cardNumber = 'Enter a valid card number.';

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? (expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : 0;
  if (!expiry || month < 1 || month > 12) errors.expiry = 'Enter the expiry as MM/YY.';
  else if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) errors.expiry = 'This card has expired.';

  const cvv = (form.cvv ?? '').trim();
  if (!/^\d{3,4}$/.test(cvv)) errors.cvv = 'Enter the 3 or 4 digit security code.';

  const holderName = (form.holderName ?? '').trim();
  if (holderName.length < 2 || holderName.length > 100) errors.holderName = 'Enter the name on the card.';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, card: { number, expiryMonth: month, expiryYear: year, cvv, holderName } };
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Brand label for records and link reports, from the leading digits. */
export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMEX';
  return 'CARD';
}
