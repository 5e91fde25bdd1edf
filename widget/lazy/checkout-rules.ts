// A lazy part (dist/widget/chunks/checkout-rules-<hash>.js, reached by widget/parts/checkout-rules.ts): what the element loads at start, before the form
// first shows, and what the first script therefore need not carry: the contract's address rules
// (contract/address-rules.ts, plain functions: the widget carries no zod), and the payment flow (widget/flow/checkout-flow.ts, the
// element's reactive controller, with its state table widget/flow/checkout-machine.ts: the session's loading, the kept form, the payment, the order's watch and outcome, retries). This chunk loads in
// parallel with the page's words while the element shows its loading state. widget/parts/checkout-rules.ts
// loads it.
export { CheckoutFlow } from '../flow/checkout-flow.ts';
// The form's checks: the validator over each country's data, the e-mail's hint, Costa Rica's selects.
export { FormChecks } from '../address/form-checks.ts';
// What the form renders, which shows only once the session is loaded (the first script draws the
// skeleton alone): the order summary, the address fieldsets, the country list and the subdivisions' order.
export { renderOrderSummary } from '../address/order-summary.ts';
export { renderAddressFieldset } from '../address/address-fieldset.ts';
export { sortedSubdivisions } from '../address/subdivision-order.ts';
