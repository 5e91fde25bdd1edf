// Entry of its own (dist/widget/checkout-rules.js): everything the widget takes from contract/
// that is built on zod. zod/mini alone is ~8 kB gzip, which the 20 kB first bundle cannot carry
// next to Lit; this chunk loads at start, in parallel with nothing the shopper waits on
// (the element shows its loading state meanwhile). widget/lazy-assets.ts loads it.
export { orderNumberOfStatusToken, resultFragmentParameter } from '../../contract/status-token.ts';
export { problemTypes } from '../../contract/problem-types.ts';
export { AddressValidator } from '../validation/address-validator.ts';
// The one catalog of decline and cancel messages, shared with the BFF's status answer.
export { declineMessage } from '../../contract/decline-messages.ts';
export { InvoiceValidator } from '../validation/invoice-validator.ts';
export { invoiceIdNumberLengths, invoiceIdTypes, isInvoiceIdType } from '../../contract/invoice-id-types.ts';
