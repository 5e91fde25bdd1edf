// How an order row is shown to the browser (contract/bff-api.ts shapes).
import type { OrderStatusResponse } from '../../contract/bff-api.ts';
import { declineCategoryOfGatewayCode, declineMessage, type DeclineCategory } from '../../contract/decline-messages.ts';
import { isAwaitingOutcome, isDeclined, isExpired, isRetryableStatus } from '../payments/orders/order-rules.ts';
import { canRetry, isTransferAttempt } from '../payments/attempt-rules.ts';
import type { OrderWithAttempt } from '../store/schema.ts';
import { transferShopperMessage } from '../sinpe/transfer-messages.ts';
import { alternativesAfterDecline, type AlternativeMethod } from '../../contract/decline-rescue.ts';
import type { LocalAmount } from '../../contract/local-amount.ts';
import { paidTransferOf } from '../payments/orders/transfer-amount-view.ts';

/**
 * The shopper's message: for a decline or a cancel, the catalog's text in the checkout's language,
 * never the gateway's own (English, sometimes too telling); otherwise none.
 */
function shopperMessage(order: OrderWithAttempt): Pick<OrderStatusResponse, 'message' | 'reason' | 'bankFailure'> {
  if (isTransferAttempt(order)) return transferShopperMessage(order) ?? {};
  // An expired order's message is one of ours (why it expired), not the gateway's.
  if (isExpired(order.status)) return order.status_message ? { message: order.status_message } : {};
  // The buyer came back saying they cancelled and consult has no record yet: their own words, not a
  // status (the flag is unsigned; contract/gateway-facts.ts carriesCancelFlag).
  if (isAwaitingOutcome(order.status) && order.attempt_cancel_flag_at) return { message: declineMessage('cancelled', order.locale), reason: 'cancelled' };
  if (!isRetryableStatus(order.status)) return {};
  const reason = isDeclined(order.status) ? declineCategoryOfGatewayCode(order.gateway_code) : 'cancelled';
  return { message: declineMessage(reason, order.locale), reason };
}

/** The means offered instead of another card after this order's decline (decline rescue); none: no field. */
function alternativesOf(order: OrderWithAttempt, said: { reason?: DeclineCategory | undefined }, retry: boolean, sinpeOffered: boolean): { alternatives?: AlternativeMethod[] } {
  const alternatives = alternativesAfterDecline({ declined: isDeclined(order.status), cardAttempt: !isTransferAttempt(order), reason: said.reason, canRetry: retry, sinpeOffered });
  return alternatives.length > 0 ? { alternatives } : {};
}

function withPaidTransfer(order: OrderWithAttempt): Pick<OrderStatusResponse, 'paid'> {
  const paid = paidTransferOf(order);
  return paid ? { paid } : {};
}

export function orderStatusView(order: OrderWithAttempt, rules: { maxAttempts: number; now: Date; sinpeOffered: boolean; local?: LocalAmount | undefined }): OrderStatusResponse {
  const retry = canRetry(order, rules.maxAttempts, rules.now);
  const said = shopperMessage(order);
  return {
    orderNumber: order.order_number,
    status: order.status,
    // Polling can stop: no attempt is running, and none can be opened (a retry starts a new poll).
    final: !isAwaitingOutcome(order.status) && !retry,
    amount: order.amount,
    currency: order.currency,
    attempts: order.attempt_number,
    canRetry: retry,
    ...(order.gateway_auth ? { auth: order.gateway_auth } : {}),
    ...said,
    ...alternativesOf(order, said, retry, rules.sinpeOffered),
    ...(order.card_brand && order.card_last4 ? { card: { brand: order.card_brand, last4: order.card_last4 } } : {}),
    ...(rules.local && { localAmount: rules.local }),
    ...withPaidTransfer(order),
    updatedAt: order.updated_at,
  };
}
