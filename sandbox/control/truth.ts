import { fromMinorUnits } from '../../contract/money.ts';
import type { GatewayBillTo, GatewayOrder } from '../gateway/ledger.ts';
import { captureWindowMs } from '../gateway/modification-rules.ts';

/**
 * The sandbox's own view of an order, for tests that reconcile what a client believes
 * with what really happened. `status` uses the BFF's vocabulary where it can.
 */
export type TruthStatus = 'created' | 'approved' | 'captured' | 'refunded' | 'reversed' | 'declined' | 'cancelled' | 'expired' | 'pending';

export interface OrderTruth {
  orderNumber: string;
  /** The latest attempt's state; an approved attempt wins over later declines. */
  status: TruthStatus;
  attempts: AttemptTruth[];
}

export interface AttemptTruth {
  tpt: number;
  source: GatewayOrder['source'];
  status: TruthStatus;
  amount: string;
  currency: string;
  captureRequested: boolean;
  code: string | null;
  description: string | null;
  auth: string | null;
  authorized: string;
  captured: string;
  refunded: string;
  reversed: boolean;
  createdAt: string;
  settledAt: string | null;
  modifications: Array<{ transactionId: number; kind: string; amount: string; at: string }>;
  /** The billing place processPayment carried (hosted pages), null for links and splits. */
  billTo: GatewayBillTo | null;
}

export function truthOf(orderNumber: string, orders: readonly GatewayOrder[], now: Date): OrderTruth | undefined {
  if (orders.length === 0) return undefined;
  const attempts = orders.map((order) => attemptTruth(order, now));
  const approved = attempts.filter((a) => ['approved', 'captured', 'refunded', 'reversed', 'expired'].includes(a.status)).at(-1);
  return { orderNumber, status: (approved ?? attempts.at(-1)!).status, attempts };
}

function attemptTruth(order: GatewayOrder, now: Date): AttemptTruth {
  const money = (minor: bigint) => fromMinorUnits(minor, order.currency);
  return {
    tpt: order.tpt,
    source: order.source,
    status: statusOf(order, now),
    amount: order.amount,
    currency: order.currency,
    captureRequested: order.captureRequested,
    code: order.outcome?.code ?? null,
    description: order.outcome?.description ?? null,
    auth: order.outcome?.auth ?? null,
    authorized: money(order.authorizedMinor),
    captured: money(order.capturedMinor),
    refunded: money(order.refundedMinor),
    reversed: order.reversed,
    createdAt: order.createdAt.toISOString(),
    settledAt: order.settledAt?.toISOString() ?? null,
    modifications: order.modifications.map((m) => ({ transactionId: m.transactionId, kind: m.kind, amount: m.amount, at: m.at.toISOString() })),
    billTo: order.billTo ?? null,
  };
}

function statusOf(order: GatewayOrder, now: Date): TruthStatus {
  if (order.status !== 'approved') return order.status;
  if (order.reversed) return 'reversed';
  if (order.capturedMinor > 0n) return order.refundedMinor >= order.capturedMinor ? 'refunded' : 'captured';
  if (order.settledAt && now.getTime() - order.settledAt.getTime() > captureWindowMs) return 'expired';
  return 'approved';
}
