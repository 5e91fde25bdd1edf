// Part of the lazy checkout-rules part, with the flow (checkout-flow.ts): what the pay button sends.
import type { CheckoutRequest } from '../../contract/bff-api.ts';
import type { CheckoutView } from './flow-api.ts';
import type { InvoiceDetailsHook } from '../invoice/invoice-fieldset.ts';
import { pageLeftOf } from '../kept/kept-session.ts';
import { asksAddress, contactOf } from '../address/method-fields.ts';
import type { OrderSummary } from '../address/order-summary.ts';

/**
 * The checkout request for `order` as the form `v` describes it: a transfer that asks no address sends
 * the buyer's contact only; a card the addresses, its currency, and the attempt a page left replaces.
 */
export function checkoutBodyOf(v: CheckoutView, order: OrderSummary, noShipping: boolean, invoice: InvoiceDetailsHook, locale: string): CheckoutRequest {
  const body: CheckoutRequest = !asksAddress(v)
    ? { billing: contactOf(v.billing), method: 'sinpe_movil', locale, ...invoice.body() }
    : noShipping || v.sameAsBilling
      ? { billing: v.billing, sameAsBilling: true, locale, ...order.cardColones?.body(v.method), ...invoice.body(), ...pageLeftOf(order.orderNumber) }
      : { billing: v.billing, shipping: v.shipping, locale, ...order.cardColones?.body(v.method), ...invoice.body(), ...pageLeftOf(order.orderNumber) };
  if (v.method === 'sinpe_movil') body.method = 'sinpe_movil';
  return body;
}
