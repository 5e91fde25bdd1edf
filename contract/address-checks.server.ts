import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { AddressChecks, PostcodeFormat } from './address.ts';
import { isSubdivisionOf } from './iso-subdivisions.ts';
import { isValidPhone } from './phone.ts';

/** A country's format from postcode-validator's whole table; undefined where the country has none. */
export function postcodeFormatOf(country: string): PostcodeFormat | undefined {
  if (!postcodeValidatorExistsForCountry(country)) return undefined;
  return { test: (zip) => postcodeValidator(zip, country) };
}

/** The full-table address checks for server code (the BFF); the widget loads its own lazily. */
export const serverAddressChecks: AddressChecks = { isSubdivisionOf, isValidPhone, postcodeFormat: postcodeFormatOf };
