/**
 * Countries whose postal code may stay empty although they have a format. Costa Ricans rarely know
 * theirs: it is the district's 5-digit code, which the widget fills from the district they choose.
 * Apart from address.ts so the widget's first script can ask without loading zod.
 */
const postalCodeOptionalCountries: ReadonlySet<string> = new Set(['CR']);

export function isPostalCodeOptional(country: string): boolean {
  return postalCodeOptionalCountries.has(country);
}
