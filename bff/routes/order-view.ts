// How an order row is shown to the browser (contract/bff-api.ts shapes).
import { isFinalOrderStatus, type OrderLine, type OrderStatusResponse, type Prefill } from '../../contract/bff-api.ts';
import type { OrderRow } from '../store/schema.ts';

export function orderLinesOf(order: OrderRow): OrderLine[] {
  return JSON.parse(order.lines_json) as OrderLine[];
}

export function prefillOf(order: OrderRow): Prefill {
  return JSON.parse(order.prefill_json) as Prefill;
}

export function orderStatusView(order: OrderRow): OrderStatusResponse {
  return {
    orderNumber: order.order_number,
    status: order.status,
    final: isFinalOrderStatus(order.status),
    amount: order.amount,
    currency: order.currency,
    ...(order.gateway_auth ? { auth: order.gateway_auth } : {}),
    ...(order.status_message ? { message: order.status_message } : {}),
    updatedAt: order.updated_at,
  };
}
