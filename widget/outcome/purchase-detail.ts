// What svc-approved and svc-declined tell the merchant's analytics beyond the outcome: the lines
// bought (GA4's `items`), the method, and a refusal's category. Part of the lazy checkout-rules part
// (only the flow imports it). A card payment leaves the page for the hosted one: the lines are kept
// in this tab under the order number, so the approval after the return still names them.
import type { CheckoutMethod, OrderLine, OrderStatusResponse } from '../../contract/bff-api.ts';
import type { SvcDeclineCategory, SvcPurchasedItem } from '../events.ts';
import { readTab, writeTab } from '../kept/tab-storage.ts';

const prefix = 'svc-checkout:items:';

function itemsOf(lines: readonly OrderLine[]): SvcPurchasedItem[] {
  return lines.map(({ sku, name, quantity, unitAmount }) => ({ sku, name, quantity, price: unitAmount }));
}

/** Before the hosted page: the order's lines, for the approval read after the return. */
export function keepPurchasedItems(order: { orderNumber: string; lines?: readonly OrderLine[] | undefined }): void {
  if (order.lines?.length) writeTab(prefix + order.orderNumber, JSON.stringify(itemsOf(order.lines)));
}

/** The lines of `orderNumber`: the order on screen's, else those kept before the hosted page; undefined when unknown. */
export function purchasedItems(orderNumber: string, order: { orderNumber: string; lines?: readonly OrderLine[] | undefined } | undefined): SvcPurchasedItem[] | undefined {
  if (order?.orderNumber === orderNumber && order.lines?.length) return itemsOf(order.lines);
  const kept = readTab(prefix + orderNumber);
  try {
    return kept ? (JSON.parse(kept) as SvcPurchasedItem[]) : undefined;
  } catch {
    return undefined;
  }
}

export function forgetPurchasedItems(orderNumber: string): void {
  writeTab(prefix + orderNumber, undefined);
}

/** The method an outcome was paid (or refused) by: a transfer leaves its instructions or its paid amount. */
export function methodOfOutcome(status: OrderStatusResponse, transferEnded: boolean): CheckoutMethod {
  return transferEnded || status.paid || status.bankFailure ? 'sinpe_movil' : 'card';
}

/**
 * The refusal's category: the card decline catalog's, else the bank's (contract/bank-failure-messages.ts).
 * A transfer whose time ran out is no refusal (outcome/order-outcome.ts: `lapsed`), so never asked here.
 */
export function declineCategoryOf(status: OrderStatusResponse, method: CheckoutMethod): SvcDeclineCategory {
  return status.reason ?? status.bankFailure ?? (method === 'card' ? 'generic' : 'declined');
}
