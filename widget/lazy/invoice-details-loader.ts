// How the invoice hook (widget/invoice/invoice-fieldset.ts, inside the checkout-rules part) loads the
// `invoice-details` part. The `import()` sits here, in the rules' module graph rather than the first
// script's, so the bundler knows the rules are loaded whenever the invoice part is: the e-mail hint
// and the kept form both use stay in the rules' own file instead of a chunk shared between them.
import type * as InvoiceDetails from './invoice-details.ts';
import { once } from '../parts/loader.ts';

/** `invoice-details`: the electronic invoice form, only for sessions that offer one. */
export function loadInvoiceDetails(): Promise<typeof InvoiceDetails> {
  return once('invoice-details', () => import('./invoice-details.ts'));
}
