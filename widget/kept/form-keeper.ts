import type { CheckoutAddress, CheckoutBillingAddress } from '../../contract/bff-api.ts';
import { isKeptInvoice, type KeptInvoice } from '../invoice/invoice-keeping.ts';
import { readTab as read, writeTab as write } from './tab-storage.ts';

/**
 * What the shopper typed, kept per order in sessionStorage (this tab only, gone with it) until the
 * order is approved or the shopper starts over: a decline, a cancel, Back from the hosted page, a
 * reload or a closed popup must not cost them nine fields again. Only address details and the
 * electronic invoice request live here: card data is typed on the gateway's hosted page and never
 * reaches the widget.
 */
export interface KeptForm {
  billing: CheckoutBillingAddress;
  shipping: CheckoutAddress;
  sameAsBilling: boolean;
  /** The invoice checkbox and its fields, when the checkout offered one. */
  invoice?: KeptInvoice | undefined;
}

const formPrefix = 'svc-checkout:form:';
// A catalog page makes a new order each time it loads (Back, reload): the last unfinished order
// of the same page and items says whose form to carry over.
const catalogPrefix = 'svc-checkout:catalog-order:';
// The last form typed in this tab, whatever its order: a new order (after an approval, or another
// cart) starts from it rather than from nothing.
const lastFormKey = 'svc-checkout:last-form';

function isKeptForm(value: unknown): value is KeptForm {
  if (typeof value !== 'object' || value === null) return false;
  const form = value as Partial<KeptForm>;
  return (
    typeof form.billing === 'object' &&
    typeof form.shipping === 'object' &&
    typeof form.sameAsBilling === 'boolean' &&
    (form.invoice === undefined || isKeptInvoice(form.invoice))
  );
}

export function keepForm(orderNumber: string, form: KeptForm): void {
  const text = JSON.stringify(form);
  write(formPrefix + orderNumber, text);
  write(lastFormKey, text);
}

export function keptForm(orderNumber: string): KeptForm | undefined {
  return parsedForm(read(formPrefix + orderNumber));
}

/** The last form typed in this tab, for an order that has none of its own. */
export function lastTypedForm(): KeptForm | undefined {
  return parsedForm(read(lastFormKey));
}

/** "Start over": not even the next order starts from what was typed. */
export function forgetLastTypedForm(): void {
  write(lastFormKey, undefined);
}

function parsedForm(text: string | undefined): KeptForm | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isKeptForm(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The invoice request changed: kept with the address as the element holds it now. */
export function keepInvoiceRequest(orderNumber: string, address: Omit<KeptForm, 'invoice'>, invoice: KeptInvoice): void {
  keepForm(orderNumber, { billing: address.billing, shipping: address.shipping, sameAsBilling: address.sameAsBilling, invoice });
}

export function forgetForm(orderNumber: string): void {
  write(formPrefix + orderNumber, undefined);
}

/** A catalog page's identity: its path and its items. */
export function catalogScope(path: string, items: unknown): string {
  return `${path} ${JSON.stringify(items)}`;
}

/**
 * A new catalog order for the same page and items: the previous unfinished order's form moves to
 * it. Returns the carried form, if any.
 */
export function carryCatalogForm(scope: string, orderNumber: string): KeptForm | undefined {
  const previous = read(catalogPrefix + scope);
  write(catalogPrefix + scope, orderNumber);
  if (!previous || previous === orderNumber) return keptForm(orderNumber);
  const form = keptForm(previous);
  forgetForm(previous);
  if (form) keepForm(orderNumber, form);
  return form;
}

export function forgetCatalogOrder(scope: string): void {
  write(catalogPrefix + scope, undefined);
}
