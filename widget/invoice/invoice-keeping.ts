// What of the electronic invoice request is kept with the typed address (form-keeper.ts): the
// checkbox, the fields, and which of them the shopper edited (the others follow the billing
// address). Nothing here is a secret: an ID number is printed on every invoice the buyer receives.
export type KeptInvoiceField = 'idType' | 'idNumber' | 'name' | 'email';

export interface KeptInvoice {
  requested: boolean;
  value: Record<KeptInvoiceField, string>;
  /** The fields the shopper typed in themselves; the name and e-mail follow billing until then. */
  edited: KeptInvoiceField[];
}

/** A kept record from sessionStorage, which a page script or an older version may have written. */
export function isKeptInvoice(value: unknown): value is KeptInvoice {
  const invoice = value as Partial<KeptInvoice> | null;
  return typeof invoice?.requested === 'boolean' && typeof invoice.value === 'object' && Array.isArray(invoice.edited);
}
