// What the gateway's own records say about an order (consult is the truth, ARCHITECTURE.md flow 4).
import type { TransactionRecord } from '../../contract/gateway/index.ts';
import { approvedCode } from '../../contract/gateway-facts.ts';
import type { OrderStatus } from '../../contract/bff-api.ts';
import type { OrderRow, OrderUpdate } from '../store/schema.ts';

export interface GatewayOutcome {
  status: Extract<OrderStatus, 'approved' | 'declined'>;
  auth: string | null;
  tpt: string;
  code: string;
  message: string;
}

/**
 * The payment's outcome from consult's records, or undefined while the gateway has none (the
 * buyer has not paid yet). consult also lists modifications (refunds, captures): the payment is
 * the record of type "Payment" (gateway-api.md §2.3, observed value); any approved payment wins.
 */
export function outcomeFromConsult(records: readonly TransactionRecord[]): GatewayOutcome | undefined {
  const payments = records.filter((record) => record.type.toLowerCase() === 'payment');
  const candidates = payments.length > 0 ? payments : records;
  const approved = candidates.find((record) => record.code === approvedCode);
  const chosen = approved ?? candidates.at(-1);
  if (!chosen) return undefined;
  return {
    status: approved ? 'approved' : 'declined',
    auth: chosen.auth || null,
    tpt: String(chosen.id_svc),
    code: chosen.code,
    message: chosen.response,
  };
}

/** The columns an outcome writes. An approval with capture=1 is captured in full at once. */
export function outcomeFields(order: OrderRow, outcome: GatewayOutcome): OrderUpdate {
  return {
    gateway_tpt: outcome.tpt,
    gateway_auth: outcome.auth,
    gateway_code: outcome.code,
    status_message: outcome.message,
    captured_amount: outcome.status === 'approved' && order.capture === 1 ? order.amount : order.captured_amount,
  };
}
