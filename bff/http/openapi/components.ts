// The shared objects of /v1/openapi.json, by the name a generated client gives them. The schemas stay
// in contract/; this list only names them. A body or answer of one operation that is not listed
// here still becomes a component, named after its operation (createMerchantSessionRequest →
// CreateMerchantSessionRequest), so a generator never meets an inlined object.
import type * as core from 'zod/v4/core';
import { bankPaymentsPage, bankPaymentView } from '../../../contract/bank-payment-view.ts';
import {
  checkoutResponse,
  merchantCreateSessionRequest,
  merchantCreateSessionResponse,
  orderLine,
  orderStatus,
  orderStatusResponse,
  prefill,
  problem,
  problemFieldError,
  sessionResponse,
} from '../../../contract/bff-api.ts';
import {
  historyEntry,
  merchantOrder,
  merchantOrderDetail,
  modificationRequest,
  modificationResponse,
  orderListResponse,
  paymentAttempt,
  paymentLink,
  paymentLinkDetail,
  paymentLinkPage,
  transactionView,
  transactionsResponse,
} from '../../../contract/merchant-api.ts';
import { webhookAttempt, webhookDelivery, webhookDeliveryPage, webhookEndpoint, webhookEndpointList } from '../../../contract/merchant-webhooks.ts';
import { sinpeCheckoutResponse, sinpeMovilInstructions } from '../../../contract/sinpe-movil.ts';

/** Objects the API answers with (JSON Schema of what the BFF sends). */
export const responseComponents: ReadonlyArray<readonly [string, core.$ZodType]> = [
  ['Problem', problem],
  ['ProblemFieldError', problemFieldError],
  ['OrderStatus', orderStatus],
  ['OrderLine', orderLine],
  ['Order', merchantOrder],
  ['OrderDetail', merchantOrderDetail],
  ['OrderHistoryEntry', historyEntry],
  ['PaymentAttempt', paymentAttempt],
  ['OrderList', orderListResponse],
  ['OrderStatusView', orderStatusResponse],
  ['ModificationResult', modificationResponse],
  ['Session', sessionResponse],
  ['MerchantSession', merchantCreateSessionResponse],
  ['CheckoutRedirect', checkoutResponse],
  ['SinpeMovilCheckout', sinpeCheckoutResponse],
  ['SinpeMovilTransfer', sinpeMovilInstructions],
  ['Transaction', transactionView],
  ['TransactionList', transactionsResponse],
  ['PaymentLink', paymentLink],
  ['PaymentLinkDetail', paymentLinkDetail],
  ['PaymentLinkPage', paymentLinkPage],
  ['BankPayment', bankPaymentView],
  ['BankPaymentPage', bankPaymentsPage],
  ['WebhookEndpoint', webhookEndpoint],
  ['WebhookEndpointList', webhookEndpointList],
  ['Delivery', webhookDelivery],
  ['DeliveryAttempt', webhookAttempt],
  ['DeliveryPage', webhookDeliveryPage],
];

/** Objects a caller sends (JSON Schema of what the BFF accepts). */
export const requestComponents: ReadonlyArray<readonly [string, core.$ZodType]> = [
  ['MerchantSessionRequest', merchantCreateSessionRequest],
  ['Prefill', prefill],
  ['ModificationRequest', modificationRequest],
];
