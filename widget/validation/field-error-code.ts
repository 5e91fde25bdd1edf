import type { AddressFieldName, FieldErrorCode } from '../i18n/translation.ts';
import type { AddressSection } from '../address/address-fields.ts';

export type AddressErrors = Partial<Record<AddressFieldName, FieldErrorCode>>;

export interface AddressValidation {
  isValid: boolean;
  /** The first problem of each field, as a stable code; messages are looked up by the caller. */
  errors: AddressErrors;
}

/** What the element needs of a validator; the zod-based one arrives in a lazily loaded chunk. */
export interface AddressValidator {
  validate(section: AddressSection, value: unknown): AddressValidation;
}

const knownCodes: ReadonlySet<string> = new Set<FieldErrorCode>([
  'required',
  'too_long',
  'invalid_country',
  'state_not_in_country',
  'invalid_email',
  'invalid_phone',
  'invalid_zip',
]);

/** A contract issue message (or a BFF field error code) when it is a stable code, else the generic `invalid`. */
export function toFieldErrorCode(message: string | undefined): FieldErrorCode {
  return message && knownCodes.has(message) ? (message as FieldErrorCode) : 'invalid';
}
