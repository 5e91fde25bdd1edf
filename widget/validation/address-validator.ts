import { addressIssues, type AddressChecks } from '../../contract/address-rules.ts';
import type { AddressSection } from '../address/address-fields.ts';
import type { AddressFieldName } from '../i18n/translation.ts';
import { toFieldErrorCode, type AddressErrors, type AddressValidation, type AddressValidator as Validator } from './field-error-code.ts';

/**
 * Checks an address with the very rules the BFF applies (contract/address-rules.ts, which its zod
 * schemas are built from; the widget need not carry zod for them). The two checks that need big
 * data (subdivisions, phone metadata) are given in the constructor, so the widget can pass
 * implementations it loaded lazily and tests can pass plain functions.
 */
export class AddressValidator implements Validator {
  readonly #checks: AddressChecks;

  constructor(checks: AddressChecks) {
    this.#checks = checks;
  }

  validate(section: AddressSection, value: unknown): AddressValidation {
    const issues = addressIssues(value, this.#checks, section === 'billing');
    if (issues.length === 0) return { isValid: true, errors: {} };
    const errors: AddressErrors = {};
    for (const issue of issues) {
      const field = issue.field as AddressFieldName | undefined;
      if (field !== undefined && errors[field] === undefined) errors[field] = toFieldErrorCode(issue.code);
    }
    return { isValid: false, errors };
  }
}
