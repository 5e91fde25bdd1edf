import { isCountryCode } from './iso-countries.ts';
import { isPostalCodeOptional } from './postal-code-optional.ts';

/**
 * The address rules as plain functions, without zod: the widget checks the fields it shows with
 * addressIssues (zod's core is ~5 kB gzip, more than the rest of a purchase's checks together), and
 * the BFF's zod schemas (address.ts) are built from the very limits, patterns and cross-field rules
 * here. test/contract/address-rules.spec.ts holds the two to the same issues, in the same order, on
 * generated input. Pure and DOM-free.
 */
export interface AddressChecks {
  isSubdivisionOf(state: string, country: string): boolean;
  isValidPhone(telephone: string, country: string): boolean;
  /**
   * The country's postal code format, from the maintained postcode-validator table (no
   * hand-written patterns); undefined where the country has none, so the code may stay empty.
   */
  postcodeFormat(country: string): PostcodeFormat | undefined;
}

/** One country's postal code format (a RegExp is one). */
export interface PostcodeFormat {
  test(zip: string): boolean;
}

export interface Address {
  firstName: string;
  lastName: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  telephone: string;
}

export interface BillingAddress extends Address {
  email: string;
}

/** What a SINPE Móvil checkout asks of the buyer (unless the merchant asks the address too). */
export type ContactBillingAddress = Pick<BillingAddress, 'firstName' | 'lastName' | 'email' | 'telephone'> & { [K in keyof BillingAddress]?: string | undefined };

export type AddressIssueCode =
  | 'required'
  | 'too_long'
  | 'invalid_country'
  | 'state_not_in_country'
  | 'invalid_email'
  | 'invalid_phone'
  | 'invalid_zip';

/**
 * Gateway field limits are "not shown" in gateway-api.md; these follow the usual card
 * processor limits (names 60, street 60, city 50, postal code 10, e-mail 254 per RFC 5321).
 */
export const addressFieldLimits: Record<keyof BillingAddress, { min: number; max: number }> = {
  firstName: { min: 1, max: 60 },
  lastName: { min: 1, max: 60 },
  address: { min: 1, max: 60 },
  address2: { min: 0, max: 60 },
  city: { min: 1, max: 50 },
  state: { min: 1, max: 6 },
  // Required only where the country has postal codes (postalCodeProblem below).
  zip: { min: 0, max: 10 },
  country: { min: 1, max: 2 },
  telephone: { min: 1, max: 20 },
  email: { min: 1, max: 254 },
};

/** The fields of an address, in the order their issues are reported. */
export const addressFieldNames = ['firstName', 'lastName', 'address', 'address2', 'city', 'state', 'zip', 'country', 'telephone'] as const;

// Letters, digits, spaces and hyphens: postal codes worldwide (CR 10101, CA K1A 0B1, PT 1000-001),
// the shape asked of a code where the country's own format is not known.
const zipPattern = /^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/;

/** One @, no spaces, a dotted domain: what a gateway accepts, without pretending to be RFC 5322. */
export const emailPattern = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * A postal code against its country's format: required and checked where the country has a
 * format, optional (any code-like text) where it has none.
 */
export function postalCodeProblem(zip: string, format: PostcodeFormat | undefined, optional = false): 'required' | 'invalid_zip' | undefined {
  const code = zip.trim();
  if (code === '') return format && !optional ? 'required' : undefined;
  if (!zipPattern.test(code)) return 'invalid_zip';
  return format && !format.test(code) ? 'invalid_zip' : undefined;
}

/** A field's own problems, in order, on its trimmed value: within its limits, a country, an e-mail. */
export function fieldProblems(name: keyof BillingAddress, trimmed: string): AddressIssueCode[] {
  const { min, max } = addressFieldLimits[name];
  const problems: AddressIssueCode[] = [];
  if (trimmed.length < min) problems.push('required');
  if (trimmed.length > max) problems.push('too_long');
  if (name === 'country' && !isCountryCode(trimmed)) problems.push('invalid_country');
  if (name === 'email' && !emailPattern.test(trimmed)) problems.push('invalid_email');
  return problems;
}

/** An address's fields after their own checks: strings trimmed, anything else as it came. */
export type ReadAddress = Record<string, unknown>;

/** The postal code's problem once the zip and the country are strings; the country's format when it is a real one. */
export function zipProblem(value: ReadAddress, checks: AddressChecks): 'required' | 'invalid_zip' | undefined {
  const { zip, country } = value;
  if (typeof zip !== 'string' || typeof country !== 'string') return undefined;
  return postalCodeProblem(zip, isCountryCode(country) ? checks.postcodeFormat(country) : undefined, isPostalCodeOptional(country));
}

/** The state's and the telephone's checks run only once they and a real country are given. */
export function hasCountryAnd(value: ReadAddress, key: 'state' | 'telephone'): boolean {
  const { country, [key]: other } = value;
  return typeof country === 'string' && isCountryCode(country) && typeof other === 'string' && other.trim() !== '';
}

/** The cross-field issues of an address whose fields were read, in the order the BFF reports them. */
export function crossFieldIssues(value: ReadAddress, checks: AddressChecks): AddressIssue[] {
  const issues: AddressIssue[] = [];
  const zip = zipProblem(value, checks);
  if (zip) issues.push({ field: 'zip', code: zip });
  if (hasCountryAnd(value, 'state') && !checks.isSubdivisionOf(value['state'] as string, value['country'] as string)) {
    issues.push({ field: 'state', code: 'state_not_in_country' });
  }
  if (hasCountryAnd(value, 'telephone') && !checks.isValidPhone(value['telephone'] as string, value['country'] as string)) {
    issues.push({ field: 'telephone', code: 'invalid_phone' });
  }
  return issues;
}

/** One problem of an address; `field` is absent when the address is no object at all. */
export interface AddressIssue {
  field?: keyof BillingAddress;
  code: AddressIssueCode;
}

/**
 * Every issue of an address (a billing one with its e-mail when `withEmail`), in the order the
 * BFF's schema reports them: each field's own, then the cross-field ones. A value that is not a
 * string is `required`.
 */
export function addressIssues(input: unknown, checks: AddressChecks, withEmail: boolean): AddressIssue[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [{ code: 'required' }];
  const given = input as ReadAddress;
  const read: ReadAddress = {};
  const issues: AddressIssue[] = [];
  for (const field of withEmail ? [...addressFieldNames, 'email' as const] : addressFieldNames) {
    const raw = given[field];
    if (typeof raw !== 'string') {
      read[field] = raw;
      issues.push({ field, code: 'required' });
      continue;
    }
    read[field] = raw.trim();
    for (const code of fieldProblems(field, read[field] as string)) issues.push({ field, code });
  }
  return [...issues, ...crossFieldIssues(read, checks)];
}
