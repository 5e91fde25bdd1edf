// Entry of its own (dist/widget/checkout-rules.js): everything the widget takes from contract/
// that is built on zod. the zod/mini code it uses is ~6 kB gzip, which the first bundle cannot carry
// next to Lit; this chunk loads at start, in parallel with nothing the shopper waits on
// (the element shows its loading state meanwhile). widget/lazy-assets.ts loads it.
export { orderNumberOfStatusToken, resultFragmentParameter } from '../../contract/status-token.ts';
export { problemTypes } from '../../contract/problem-types.ts';
export { AddressValidator } from '../validation/address-validator.ts';
export { InvoiceValidator } from '../validation/invoice-validator.ts';
export { invoiceIdNumberLengths, invoiceIdTypes, isInvoiceIdType } from '../../contract/invoice-id-types.ts';
