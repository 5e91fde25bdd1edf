import * as z from 'zod/mini';
import { isCountryCode } from './iso-countries.ts';
import { isPostalCodeOptional } from './postal-code-optional.ts';

/**
 * The buyer's address as the widget sends it and the BFF re-checks it. Pure and DOM-free.
 * The three checks that need big tables (subdivisions, phone metadata, postal code formats) are
 * injected, so the widget can pass lazily loaded implementations and the server passes
 * serverAddressChecks.
 * Every issue message is a stable code (see AddressIssueCode); prose lives in messages.*.ts.
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

const code = (issue: AddressIssueCode): AddressIssueCode => issue;

/** Trimmed string within the field's limits; a missing or non-string value is `required`. */
function field(name: keyof BillingAddress) {
  const { min, max } = addressFieldLimits[name];
  return z.string({ error: code('required') }).check(
    z.trim(),
    z.minLength(min, code('required')),
    z.maxLength(max, code('too_long')),
  );
}

// Letters, digits, spaces and hyphens: postal codes worldwide (CR 10101, CA K1A 0B1, PT 1000-001),
// the shape asked of a code where the country's own format is not known.
const zipPattern = /^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/;

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
// One @, no spaces, a dotted domain: what a gateway accepts, without pretending to be RFC 5322.
const emailPattern = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

const addressShape = {
  firstName: field('firstName'),
  lastName: field('lastName'),
  address: field('address'),
  address2: field('address2'),
  city: field('city'),
  state: field('state'),
  zip: field('zip'),
  country: field('country').check(z.refine(isCountryCode, code('invalid_country'))),
  telephone: field('telephone'),
};

type Payload = { value: unknown };
/** The cross-field checks run only when the fields they read parsed as strings with a real country. */
function hasCountryAnd(key: 'state' | 'telephone') {
  return (payload: Payload): boolean => {
    const value = payload.value as Record<string, unknown> | null;
    if (typeof value !== 'object' || value === null) return false;
    const country = value['country'];
    const other = value[key];
    return typeof country === 'string' && isCountryCode(country) && typeof other === 'string' && other.trim() !== '';
  };
}

/** Only a real country has a postal code format. */
function postcodeFormatOf(country: string, checks: AddressChecks): PostcodeFormat | undefined {
  return isCountryCode(country) ? checks.postcodeFormat(country) : undefined;
}

/** The zip checks run once the country is a real one; their code depends on it. */
function zipCheck(issue: 'required' | 'invalid_zip', checks: AddressChecks) {
  return z.refine<Address>((value) => postalCodeProblem(value.zip, postcodeFormatOf(value.country, checks), isPostalCodeOptional(value.country)) !== issue, {
    path: ['zip'],
    message: code(issue),
    when: (payload: Payload) => {
      const value = payload.value as Record<string, unknown> | null;
      return typeof value === 'object' && value !== null && typeof value['zip'] === 'string' && typeof value['country'] === 'string';
    },
  });
}

function crossFieldChecks(checks: AddressChecks) {
  return [
    zipCheck('required', checks),
    zipCheck('invalid_zip', checks),
    z.refine<Address>((value) => checks.isSubdivisionOf(value.state, value.country), {
      path: ['state'],
      message: code('state_not_in_country'),
      when: hasCountryAnd('state'),
    }),
    z.refine<Address>((value) => checks.isValidPhone(value.telephone, value.country), {
      path: ['telephone'],
      message: code('invalid_phone'),
      when: hasCountryAnd('telephone'),
    }),
  ] as const;
}

export function createAddressSchemas(checks: AddressChecks) {
  const address = z.object(addressShape).check(...crossFieldChecks(checks));
  const billingAddress = z.object({ ...addressShape, email: emailField() }).check(...crossFieldChecks(checks));
  return { address, billingAddress };
}

/**
 * A SINPE Móvil transfer needs who pays and how to reach them, not where they live: the address
 * fields may be left out, and are still checked when given. Apart from createAddressSchemas, so the
 * widget (which checks the fields it shows) does not bundle it.
 */
export function createContactBillingSchema(checks: AddressChecks) {
  const { address: line1, address2, city, state, zip, country, ...contact } = addressShape;
  return z
    .object({ ...contact, email: emailField(), ...optionalFields({ address: line1, address2, city, state, zip, country }) })
    // Each cross-field check runs only once the fields it reads are strings (their `when`).
    .check(...(crossFieldChecks(checks) as unknown as z.core.$ZodCheck<ContactBillingAddress>[]));
}

function emailField() {
  return field('email').check(z.regex(emailPattern, code('invalid_email')));
}

function optionalFields<S extends Record<string, z.ZodMiniType>>(shape: S): { [K in keyof S]: z.ZodMiniOptional<S[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, z.optional(schema)])) as { [K in keyof S]: z.ZodMiniOptional<S[K]> };
}
