import * as z from 'zod/mini';
import { isCountryCode } from './iso-countries.ts';
import {
  addressFieldLimits,
  emailPattern,
  hasCountryAnd,
  zipProblem,
  type Address,
  type AddressChecks,
  type AddressIssueCode,
  type BillingAddress,
  type ContactBillingAddress,
  type ReadAddress,
} from './address-rules.ts';

/**
 * The buyer's address as the widget sends it and the BFF re-checks it, as zod schemas built from
 * the plain rules of address-rules.ts (which the widget runs without zod). Pure and DOM-free.
 * The three checks that need big tables (subdivisions, phone metadata, postal code formats) are
 * injected, so the widget can pass lazily loaded implementations and the server passes
 * serverAddressChecks.
 * Every issue message is a stable code (see AddressIssueCode); prose lives in messages.*.ts.
 */
export {
  addressFieldLimits,
  postalCodeProblem,
  type Address,
  type AddressChecks,
  type AddressIssueCode,
  type BillingAddress,
  type ContactBillingAddress,
  type PostcodeFormat,
} from './address-rules.ts';

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
/** The object as its fields were read, or null before it is one. */
const readOf = (payload: Payload): ReadAddress | null =>
  typeof payload.value === 'object' && payload.value !== null ? (payload.value as ReadAddress) : null;

/** The zip checks run once the zip and the country are strings; their code depends on the country. */
function zipCheck(issue: 'required' | 'invalid_zip', checks: AddressChecks) {
  return z.refine<Address>((value) => zipProblem(value as unknown as ReadAddress, checks) !== issue, {
    path: ['zip'],
    message: code(issue),
    when: (payload: Payload) => {
      const value = readOf(payload);
      return value !== null && typeof value['zip'] === 'string' && typeof value['country'] === 'string';
    },
  });
}

/** The state's and the telephone's checks run only when they parsed as strings with a real country. */
function whenCountryAnd(key: 'state' | 'telephone') {
  return (payload: Payload): boolean => {
    const value = readOf(payload);
    return value !== null && hasCountryAnd(value, key);
  };
}

function crossFieldChecks(checks: AddressChecks) {
  return [
    zipCheck('required', checks),
    zipCheck('invalid_zip', checks),
    z.refine<Address>((value) => checks.isSubdivisionOf(value.state, value.country), {
      path: ['state'],
      message: code('state_not_in_country'),
      when: whenCountryAnd('state'),
    }),
    z.refine<Address>((value) => checks.isValidPhone(value.telephone, value.country), {
      path: ['telephone'],
      message: code('invalid_phone'),
      when: whenCountryAnd('telephone'),
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
