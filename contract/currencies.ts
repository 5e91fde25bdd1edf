import { data as iso4217 } from 'currency-codes';

/**
 * ISO 4217 from the currency-codes package (the ISO list-one data). About 5 kB gzip:
 * Intl cannot replace it because CLDR's display digits differ from ISO minor units
 * (COP shows 0 decimals in Intl but has 2 in ISO 4217).
 *
 * Read through a Map: every amount shown or computed asks for its digits (a merchant list page
 * of 50 orders several hundred times), and the package's own `code()` walks its list of 179
 * records each time (USD is the 148th).
 */
const digitsByCode = new Map(iso4217.map((record) => [record.code, record.digits]));

export const currencyCodes: readonly string[] = [...digitsByCode.keys()];

/** Case-sensitive: `crc` is not a code. */
export function isCurrencyCode(code: string): boolean {
  return digitsByCode.has(code);
}

/** ISO 4217 minor-unit digits, or undefined for a code that is not in the list. */
export function iso4217Digits(code: string): number | undefined {
  return digitsByCode.get(code);
}
