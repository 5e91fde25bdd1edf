// Creating an order for a new checkout session, whichever way it was asked for.
import { randomBytes } from 'node:crypto';
import type { OrderLine, Prefill } from '../../../contract/bff-api.ts';
import { bearOrder } from '../lifecycle/unit-of-work.ts';
import { recordSession } from '../../store/orders.ts';
import type { Store } from '../../store/database.ts';
import type { OrderRow, OrderWithAttempt } from '../../store/schema.ts';

export interface NewOrder {
  orderNumber?: string | undefined;
  source: 'catalog' | 'merchant';
  amount: string;
  currency: string;
  capture: boolean;
  description?: string | undefined;
  lines: OrderLine[];
  prefill: Prefill;
  returnUrl: string;
  origin: string;
  locale?: string | undefined;
  merchantReference?: string | undefined;
  /** The checkout offers a Costa Rican electronic invoice. */
  invoice?: boolean | undefined;
  metadata?: Readonly<Record<string, string>> | undefined;
  clientReference?: string | undefined;
}

/** Ours are `SVC-<time>-<random>`: sortable by creation, unguessable, and safe in URLs. */
export function generateOrderNumber(now: Date): string {
  return `SVC-${now.getTime().toString(36).toUpperCase()}-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Inserts the order; undefined when the order number is already taken. */
export async function createOrder(
  store: Store,
  order: NewOrder,
  session: { sessionId: string; now: Date; expiresAt: Date },
): Promise<OrderWithAttempt | undefined> {
  const now = session.now.toISOString();
  const row: OrderRow = {
    order_number: order.orderNumber ?? generateOrderNumber(session.now),
    source: order.source,
    amount: order.amount,
    currency: order.currency,
    capture: order.capture ? 1 : 0,
    status: 'created',
    description: order.description ?? null,
    lines_json: JSON.stringify(order.lines),
    prefill_json: JSON.stringify(order.prefill),
    return_url: order.returnUrl,
    origin: order.origin,
    locale: order.locale ?? null,
    merchant_reference: order.merchantReference ?? null,
    return_ref: randomBytes(18).toString('base64url'),
    email: null,
    attempt_number: 0,
    gateway_order_number: null,
    payment_claim_id: null,
    gateway_tpt: null,
    gateway_auth: null,
    gateway_code: null,
    status_message: null,
    bank_failure_code: null,
    invoice_offered: order.invoice ? 1 : 0,
    invoice_json: null,
    card_brand: null,
    card_last4: null,
    metadata_json: order.metadata === undefined ? null : JSON.stringify(order.metadata),
    client_reference: order.clientReference ?? null,
    paid_discount: null,
    local_amount: null,
    local_rate: null,
    local_rate_date: null,
    local_rate_source: null,
    charged_amount: null,
    charged_currency: null,
    charged_rate: null,
    invoice_location_json: null,
    paid_reference: null,
    paid_amount: null,
    paid_currency: null,
    captured_amount: '0',
    refunded_amount: '0',
    pending_refund_amount: null,
    pending_refund_transaction: null,
    session_expires_at: session.expiresAt.toISOString(),
    created_at: now,
    updated_at: now,
    next_consult_at: null,
  };
  if (!(await bearOrder(store.db, row))) return undefined;
  await recordSession(store.db, {
    sessionId: session.sessionId,
    orderNumber: row.order_number,
    origin: order.origin,
    createdAt: now,
    expiresAt: session.expiresAt.toISOString(),
  });
  // A new order has no attempt yet.
  return { ...row, attempt_status: null, attempt_method: null, attempt_updated_at: null, attempt_hosted_url: null, attempt_cancel_flag_at: null };
}
