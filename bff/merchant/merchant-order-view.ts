// How an order is shown to the merchant: amounts, gateway references, and the actions the state
// rules allow right now (so a back office can offer exactly the buttons that will work).
// The store keeps "0" for nothing yet; the API says "0.00" (canonicalAmount).
import { canonicalAmount, fromMinorUnits } from '../../contract/money.ts';
import { orderLinesOf } from '../payments/orders/order-contents.ts';
import { invoiceHandOffOf } from '../payments/orders/invoice-hand-off.ts';
import type { OrderRow, OrderWithAttempt, PaymentAttemptRow, StatusHistoryRow } from '../store/schema.ts';
import type { HistoryEntry, MerchantOrder, MerchantOrderDetail, OrderActions, PaymentAttempt } from '../../contract/merchant-api.ts';
import { actionLimit, type RuleContext } from './modification-rules.ts';
import { isPaid } from '../payments/orders/order-rules.ts';
import { outcomeOfAttempt } from '../payments/attempt-transitions.ts';
import { paidDiscountOf, paidTransferOf, transferAmountView } from '../payments/orders/transfer-amount-view.ts';
import { recordedLocalAmount } from '../payments/exchange-rates/current-rate.ts';
import { convertedChargeOf } from '../payments/charged-money.ts';


export function actionsOf(order: OrderRow, context: RuleContext): OrderActions {
  const entry = (action: keyof OrderActions) => {
    const limit = actionLimit(order, action, context);
    return limit.ok
      ? { allowed: true, maxAmount: fromMinorUnits(limit.minor, order.currency), reason: null, reasonCode: null }
      : { allowed: false, maxAmount: null, reason: limit.detail, reasonCode: limit.code ?? null };
  };
  return { capture: entry('capture'), refund: entry('refund'), reverse: entry('reverse'), split: entry('split') };
}

/** A transfer once it paid the order (even if since reversed); otherwise the card, once paid. */
function paidByOf(order: OrderRow, context: RuleContext): MerchantOrder['paidBy'] {
  if (context.paidByBankTransfer) return 'sinpe_movil';
  return isPaid(order.status) ? 'card' : null;
}

function metadataOf(order: OrderRow): Record<string, string> {
  return order.metadata_json === null ? {} : (JSON.parse(order.metadata_json) as Record<string, string>);
}

export function merchantOrderView(order: OrderRow, context: RuleContext): MerchantOrder {
  return {
    orderNumber: order.order_number,
    status: order.status,
    source: order.source,
    amount: order.amount,
    currency: order.currency,
    capture: order.capture === 1,
    capturedAmount: canonicalAmount(order.captured_amount, order.currency),
    refundedAmount: canonicalAmount(order.refunded_amount, order.currency),
    description: order.description,
    lines: orderLinesOf(order),
    email: order.email,
    auth: order.gateway_auth,
    gatewayOrderId: order.gateway_tpt,
    ...(order.pending_refund_amount && { pendingRefund: { amount: canonicalAmount(order.pending_refund_amount, order.currency), transactionId: order.pending_refund_transaction ?? '' } }),
    message: order.status_message,
    invoice: invoiceHandOffOf(order, context),
    paidBy: paidByOf(order, context),
    metadata: metadataOf(order),
    clientReference: order.client_reference,
    returnData: order.merchant_reference,
    discount: paidDiscountOf(order),
    paid: paidTransferOf(order) ?? null,
    localAmount: recordedLocalAmount(order) ?? null,
    charged: isPaid(order.status) ? convertedChargeOf(order) : null,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    actions: actionsOf(order, context),
  };
}

export function historyView(history: readonly StatusHistoryRow[]): HistoryEntry[] {
  return history.map((entry) => ({
    from: entry.from_status,
    to: entry.to_status,
    source: entry.source,
    detail: entry.detail,
    at: entry.created_at,
  }));
}

export function attemptView(attempt: PaymentAttemptRow): PaymentAttempt {
  return {
    number: attempt.number,
    method: attempt.method,
    gatewayOrderNumber: attempt.gateway_order_number,
    outcome: outcomeOfAttempt(attempt.status),
    gatewayOrderId: attempt.gateway_tpt,
    auth: attempt.gateway_auth,
    code: attempt.gateway_code,
    ...(attempt.sinpe_reference !== null && { sinpeReference: attempt.sinpe_reference, expiresAt: attempt.expires_at }),
    ...transferAmountView(attempt),
    ...chargeView(attempt),
    createdAt: attempt.created_at,
    updatedAt: attempt.updated_at,
  };
}

function chargeView(attempt: PaymentAttemptRow): { chargedAmount?: string; chargedCurrency?: string; chargedRate?: string } {
  if (attempt.charged_amount === null || attempt.charged_currency === null) return {};
  return { chargedAmount: attempt.charged_amount, chargedCurrency: attempt.charged_currency, ...(attempt.charged_rate !== null && { chargedRate: attempt.charged_rate }) };
}

export interface OrderRecord {
  order: OrderWithAttempt;
  history: readonly StatusHistoryRow[];
  attempts: readonly PaymentAttemptRow[];
  context: RuleContext;
}

export function merchantOrderDetailView({ order, history, attempts, context }: OrderRecord): MerchantOrderDetail {
  return { ...merchantOrderView(order, context), history: historyView(history), attempts: attempts.map(attemptView) };
}
