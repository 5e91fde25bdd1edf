// A lazy part (dist/widget/chunks/checkout-rules-<hash>.js, reached by widget/parts/checkout-rules.ts): what the element loads at start, before the form
// first shows, and what the first script therefore need not carry: the contract's address rules
// (contract/address-rules.ts, plain functions: the widget carries no zod), the
// status token reader, the problem types, and the payment flow (widget/checkout-flow.ts, the
// element's reactive controller, with its state table widget/checkout-machine.ts: the session's loading, the kept form, the payment, the order's watch and outcome, retries). This chunk loads in
// parallel with the page's words while the element shows its loading state. widget/parts/checkout-rules.ts
// loads it.
export { orderNumberOfStatusToken, resultFragmentParameter } from '../../contract/status-token.ts';
export { problemTypes } from '../../contract/problem-types.ts';
export { AddressValidator } from '../validation/address-validator.ts';
export { PhoneCheck } from '../phone-check.ts';
export { CheckoutFlow } from '../checkout-flow.ts';
export { TerritoryHook } from '../costa-rica/territory-hook.ts';
// What the form renders, which shows only once the session is loaded (the first script draws the
// skeleton alone): the order summary, the address fieldsets, the country list and the subdivisions' order.
export { renderOrderSummary } from '../order-summary.ts';
export { renderAddressFieldset } from '../address-fieldset.ts';
export { countryOptions } from '../i18n/countries.ts';
export { sortedSubdivisions } from '../subdivision-order.ts';
// A chosen country's subdivisions and postal code format: asked only once the form shows, so the
// country table (data-modules) is reached from here alone and ISO's country list stays in this file.
export { loadSubdivisions } from '../parts/country-data.ts';
export { PostcodeFormats } from '../postcode-formats.ts';
// The billing e-mail's "did you mean …?" (its typo table need not ride in the first script).
export { emailSuggestionHint } from '../email-suggestion-hint.ts';
