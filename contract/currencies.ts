import { code as iso4217Record, codes as iso4217Codes } from 'currency-codes';

/**
 * ISO 4217 from the currency-codes package (the ISO list-one data). About 5 kB gzip:
 * Intl cannot replace it because CLDR's display digits differ from ISO minor units
 * (COP shows 0 decimals in Intl but has 2 in ISO 4217).
 */
export const currencyCodes: readonly string[] = iso4217Codes();

export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && iso4217Record(code) !== undefined;
}

/** ISO 4217 minor-unit digits, or undefined for a code that is not in the list. */
export function iso4217Digits(code: string): number | undefined {
  return isCurrencyCode(code) ? iso4217Record(code)?.digits : undefined;
}
