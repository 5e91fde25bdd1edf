// Which fields the chosen payment method asks: a card asks the whole billing (and shipping) address,
// the gateway's fraud checks use it; a SINPE Móvil transfer only who pays and how to reach them,
// unless the merchant asks the address too (the session's `sinpeMovil.askAddress`).
import type { CheckoutMethod } from '../../contract/bff-api.ts';
import type { BillingAddress, ContactBillingAddress } from '../../contract/address.ts';
import type { AddressFieldName } from '../i18n/translation.ts';

export const sinpeContactFields = ['firstName', 'lastName', 'email', 'telephone'] as const satisfies readonly AddressFieldName[];

/** True when the form shows (and checks) the address fieldsets and "same as billing". */
export function asksAddress(view: { method: CheckoutMethod; sinpeAsksAddress?: boolean | undefined }): boolean {
  return view.method !== 'sinpe_movil' || view.sinpeAsksAddress === true;
}

/** The billing fields a SINPE Móvil checkout sends when the address is not asked: the rest stays in the form, unsent. */
export function contactOf(billing: BillingAddress): ContactBillingAddress {
  return Object.fromEntries(sinpeContactFields.map((field) => [field, billing[field]])) as ContactBillingAddress;
}
