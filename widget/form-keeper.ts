import type { CheckoutAddress, CheckoutBillingAddress } from '../contract/bff-api.ts';

/**
 * What the shopper typed, kept per order in sessionStorage (this tab only, gone with it) until the
 * order is approved or the shopper starts over: a decline, a cancel, Back from the hosted page, a
 * reload or a closed popup must not cost them nine fields again. Only address details live here:
 * card data is typed on the gateway's hosted page and never reaches the widget.
 */
export interface KeptForm {
  billing: CheckoutBillingAddress;
  shipping: CheckoutAddress;
  sameAsBilling: boolean;
}

const formPrefix = 'svc-checkout:form:';
// A catalog page makes a new order each time it loads (Back, reload): the last unfinished order
// of the same page and items says whose form to carry over.
const catalogPrefix = 'svc-checkout:catalog-order:';

function read(key: string): string | undefined {
  try {
    return sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined; // storage off (privacy mode, a sandboxed frame): nothing was kept
  }
}

function write(key: string, value: string | undefined): void {
  try {
    if (value === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage full or off: the form still works, it is just not kept.
  }
}

function isKeptForm(value: unknown): value is KeptForm {
  if (typeof value !== 'object' || value === null) return false;
  const form = value as Partial<KeptForm>;
  return typeof form.billing === 'object' && typeof form.shipping === 'object' && typeof form.sameAsBilling === 'boolean';
}

export function keepForm(orderNumber: string, form: KeptForm): void {
  write(formPrefix + orderNumber, JSON.stringify(form));
}

export function keptForm(orderNumber: string): KeptForm | undefined {
  const text = read(formPrefix + orderNumber);
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isKeptForm(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
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
