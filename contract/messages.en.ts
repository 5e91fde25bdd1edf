import type { AddressIssueCode } from './address.ts';

/** English text for address issue codes; the BFF puts it in problem+json `errors[].message`. */
export const addressMessagesEn: Record<AddressIssueCode, string> = {
  required: 'This field is required.',
  too_long: 'This value is too long.',
  invalid_country: 'Choose a country from the list.',
  state_not_in_country: 'Choose a state or province of the selected country.',
  invalid_email: 'Enter a valid e-mail address.',
  invalid_phone: 'Enter a valid phone number for the selected country.',
  invalid_zip: 'Enter a valid postal code (letters, digits, spaces or hyphens).',
};
