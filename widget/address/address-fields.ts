import type { CheckoutAddress, CheckoutBillingAddress } from '../../contract/bff-api.ts';
import type { AddressFieldName } from '../i18n/translation.ts';

export type AddressSection = 'billing' | 'shipping';

export interface AddressFieldSpec {
  name: AddressFieldName;
  /** The autofill detail token; the element prefixes `section-billing` / `section-shipping`. */
  autocomplete: string;
  type?: 'email' | 'tel';
  optional?: boolean;
  wide?: boolean;
  billingOnly?: boolean;
}

/** The address of ARCHITECTURE.md in the order a shopper fills it. */
export const addressFields: readonly AddressFieldSpec[] = [
  { name: 'firstName', autocomplete: 'given-name' },
  { name: 'lastName', autocomplete: 'family-name' },
  { name: 'email', autocomplete: 'email', type: 'email', wide: true, billingOnly: true },
  { name: 'country', autocomplete: 'country' },
  { name: 'state', autocomplete: 'address-level1' },
  { name: 'city', autocomplete: 'address-level2' },
  { name: 'zip', autocomplete: 'postal-code' },
  { name: 'address', autocomplete: 'address-line1', wide: true },
  { name: 'address2', autocomplete: 'address-line2', optional: true, wide: true },
  { name: 'telephone', autocomplete: 'tel', type: 'tel', wide: true },
];

export function emptyAddress(): CheckoutAddress {
  return { firstName: '', lastName: '', address: '', address2: '', city: '', state: '', zip: '', country: '', telephone: '' };
}

export function emptyBillingAddress(): CheckoutBillingAddress {
  return { ...emptyAddress(), email: '' };
}

export function fieldsOf(section: AddressSection): AddressFieldSpec[] {
  return addressFields.filter((field) => section === 'billing' || !field.billingOnly);
}
