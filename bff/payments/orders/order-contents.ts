// What an order row holds as JSON (its lines, the shopper's prefill), read back into contract types.
// Read by the buyer's views and the merchant's alike.
import type { OrderLine, Prefill } from '../../../contract/bff-api.ts';
import type { OrderRow } from '../../store/schema.ts';

export function orderLinesOf(order: OrderRow): OrderLine[] {
  return JSON.parse(order.lines_json) as OrderLine[];
}

export function prefillOf(order: OrderRow): Prefill {
  return JSON.parse(order.prefill_json) as Prefill;
}
