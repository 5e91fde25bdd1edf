import type { FlowWordKey, OutcomeWordKey, Translation } from '../translation.ts';

/**
 * English without its outcome words (they ride in order-watch.js, i18n/en/en-outcome.ts, with the result
 * panel) and the words said only once the rules are here (checkout-rules.js, i18n/en/en-flow.ts).
 */
export const en: Omit<Translation, OutcomeWordKey | FlowWordKey> = {
  lang: 'en',
  form: 'Checkout',
  billing: 'Billing address',
  shipping: 'Shipping address',
  sameAsBilling: 'Ship to my billing address',
  fields: {
    firstName: 'First name',
    lastName: 'Last name',
    address: 'Address',
    address2: 'Apartment, suite, etc.',
    city: 'City',
    state: 'State or province',
    zip: 'Postal code',
    country: 'Country',
    telephone: 'Phone',
    email: 'E-mail',
  },
  optional: 'optional',
  chooseCountry: 'Choose a country',
  chooseState: 'Choose one',
  loadingStates: 'Loading…',
  errors: {
    required: 'Fill in this field.',
    too_long: 'This is too long.',
    invalid_country: 'Choose a country from the list.',
    state_not_in_country: 'Choose a state or province of the selected country.',
    invalid_email: 'Enter an e-mail address like name@example.com.',
    invalid_phone: 'Enter a phone number valid in the selected country.',
    invalid_zip: 'Enter a valid postal code.',
    invalid: 'Check this field.',
  },
  invalidZipFormat: (example, digits) => (digits ? `Enter a ${digits}-digit postal code, e.g. ${example}.` : `Enter a postal code like ${example}.`),
  didYouMean: ['Did you mean ', '?'],
  total: 'Total',
  pay: (amount) => `Pay ${amount}`,
  retry: 'Try again',
  loading: 'Loading checkout…',
  assetLoad: 'Part of the checkout did not load, so nothing was charged. Check your connection and try again.',
};
