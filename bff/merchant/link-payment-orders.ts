// Payments made through payment links, listed among the merchant's orders (source `link`): a link
// payment has no order of ours (the gateway made its order number), but it is money the merchant
// took, so GET /v1/merchant/orders shows it beside checkout orders, filtered and paged alike.
import type { MerchantOrder, OrderListQuery } from '../../contract/merchant-api.ts';
import type { OrderStatus } from '../../contract/bff-api.ts';
import { canonicalAmount, fromMinorUnits } from '../../contract/money.ts';
import { paymentMeansCodes } from '../../contract/invoice-hand-off.ts';
import type { LinkPaymentRow, LinkPaymentStatus, WebhookDb } from '../store/webhook-tables.ts';
import { sharedListFilters, type ListCursor } from './order-list-filters.ts';

/** How a confirmed link payment reads as an order status (links charge at once: no capture step). */
const orderStatusOfLinkPayment: Record<LinkPaymentStatus, OrderStatus> = { paid: 'approved', review: 'review', declined: 'declined' };

const notHere = 'A payment link’s payment is managed with the gateway’s link tools, not through this API.';
const noAction = { allowed: false, maxAmount: null, reason: notHere, reasonCode: 'link-payment' as const };

/** Whether link payments belong in a list asked for with these filters. */
function wantsLinkPayments(query: OrderListQuery): boolean {
  // No e-mail and no shop reference is known for a link buyer: those filters match no link payment.
  return (query.source === undefined || query.source === 'link') && query.email === undefined && query.clientReference === undefined;
}

/** Up to `limit + 1` link payments matching the list's filters, newest first (same keyset as orders). */
export async function listLinkPayments(db: WebhookDb, query: OrderListQuery, cursor: ListCursor | undefined): Promise<LinkPaymentRow[]> {
  if (!wantsLinkPayments(query)) return [];
  let select = db.selectFrom('link_payments').selectAll();
  if (query.status) {
    const wanted = (Object.keys(orderStatusOfLinkPayment) as LinkPaymentStatus[]).filter((status) => query.status!.includes(orderStatusOfLinkPayment[status]));
    if (wanted.length === 0) return [];
    select = select.where('status', 'in', wanted);
  }
  for (const filter of sharedListFilters(db, query, cursor)) select = select.where(filter);
  return select.orderBy('created_at', 'desc').orderBy('order_number', 'desc').limit(query.limit + 1).execute();
}

export function linkPaymentOrderView(payment: LinkPaymentRow): MerchantOrder {
  const status = orderStatusOfLinkPayment[payment.status];
  const amount = canonicalAmount(payment.amount, payment.currency);
  return {
    orderNumber: payment.order_number,
    status,
    source: 'link',
    amount,
    currency: payment.currency,
    capture: true,
    capturedAmount: payment.status === 'paid' ? amount : fromMinorUnits(0n, payment.currency),
    refundedAmount: fromMinorUnits(0n, payment.currency),
    description: `Payment link ${payment.link_id}`,
    lines: [],
    email: null,
    auth: payment.auth,
    gatewayOrderId: payment.svc_order_id,
    ...(payment.gateway_order_number !== null && { gatewayOrderNumber: payment.gateway_order_number }),
    message: null,
    // Money taken by card: the hand-off names it and its authorisation; a link asks for no receptor.
    invoice: payment.status === 'paid' ? { receptor: null, paymentMeans: [{ code: paymentMeansCodes.card, amount, currency: payment.currency }], currency: payment.currency, reference: payment.auth, lines: [] } : null,
    paidBy: payment.status === 'paid' ? 'card' : null,
    metadata: {},
    clientReference: null,
    returnData: null,
    discount: null,
    paid: null,
    localAmount: null,
    charged: null,
    createdAt: payment.created_at,
    updatedAt: payment.updated_at,
    actions: { capture: noAction, refund: noAction, reverse: noAction, split: noAction },
  };
}

/** Newest first, ties by order number (descending), as both queries sort. */
export function newestFirst(a: Pick<MerchantOrder, 'createdAt' | 'orderNumber'>, b: Pick<MerchantOrder, 'createdAt' | 'orderNumber'>): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.orderNumber < b.orderNumber ? 1 : a.orderNumber > b.orderNumber ? -1 : 0;
}
