// What every fixture page buys: the BFF comes in the page's query (?bff=…), the items are a Costa
// Rican cart (CRC, so SINPE Móvil is offered), in English.
export const bff = new URLSearchParams(location.search).get('bff') ?? '';
export const items = [{ sku: 'CR-COFFEE-500', quantity: 1 }];

/** The element made in plain DOM, its properties set (before or after the tag is defined). */
export function mountCheckout() {
  const element = document.createElement('svc-checkout');
  element.bff = bff;
  element.items = items;
  element.locale = 'en';
  element.noShipping = true;
  document.body.append(element);
}
