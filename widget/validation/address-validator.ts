import { createAddressSchemas, type AddressChecks } from '../../contract/address.ts';
import type { AddressSection } from '../address-fields.ts';
import type { AddressFieldName } from '../i18n/translation.ts';
import { toFieldErrorCode, type AddressErrors, type AddressValidation, type AddressValidator as Validator } from './field-error-code.ts';

/**
 * Checks an address with the very schemas the BFF applies (contract/address.ts). The two checks
 * that need big data (subdivisions, phone metadata) are given in the constructor, so the widget
 * can pass implementations it loaded lazily and tests can pass plain functions.
 */
export class AddressValidator implements Validator {
  readonly #schemas: ReturnType<typeof createAddressSchemas>;

  constructor(checks: AddressChecks) {
    this.#schemas = createAddressSchemas(checks);
  }

  validate(section: AddressSection, value: unknown): AddressValidation {
    const schema = section === 'billing' ? this.#schemas.billingAddress : this.#schemas.address;
    const result = schema.safeParse(value);
    if (result.success) return { isValid: true, errors: {} };
    const errors: AddressErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as AddressFieldName | undefined;
      if (field !== undefined && errors[field] === undefined) errors[field] = toFieldErrorCode(issue.message);
    }
    return { isValid: false, errors };
  }
}
