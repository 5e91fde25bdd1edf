// Entry of its own (dist/widget/checkout-rules.js): what the widget takes from contract/ at start:
// the zod-based address rules (the invoice's schema is in invoice-details.js, only for sessions that
// offer one), the status token reader and the problem types. The zod/mini code it uses is ~6 kB gzip,
// which the first bundle cannot carry next to Lit; this chunk loads at start, in parallel with
// nothing the shopper waits on (the element shows its loading state meanwhile). widget/lazy-assets.ts
// loads it.
export { orderNumberOfStatusToken, resultFragmentParameter } from '../../contract/status-token.ts';
export { problemTypes } from '../../contract/problem-types.ts';
export { AddressValidator } from '../validation/address-validator.ts';
