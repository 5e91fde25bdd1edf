// The merchant API in /v1/openapi.json, built from the same schemas the routes validate with.
import { reviewDecisionRequest } from '../../contract/merchant-review.ts';
import type { OperationDoc, ParameterDoc } from '../openapi/document.ts';
import { idempotencyHeader, replayedHeader } from './idempotency.ts';
import {
  createPaymentLinkRequest,
  merchantOrderDetail,
  modificationRequest,
  modificationResponse,
  orderListQuery,
  orderListResponse,
  paymentLinkDetail,
  paymentLinkListQuery,
  paymentLinkPage,
  splitRequest,
  splitResponse,
  transactionsQuery,
} from '../../contract/merchant-api.ts';

const problems = {
  400: { description: 'Invalid request: `errors[]` names each field.' },
  401: { description: 'Missing or wrong merchant secret.', headers: { 'WWW-Authenticate': 'Bearer challenge' } },
  404: { description: 'No such order or link.' },
  409: { description: 'Not allowed in the current state (the detail says why), or an Idempotency-Key reused with another request.' },
  502: { description: 'The gateway refused, or its outcome is unknown (the detail says which).' },
  503: { description: 'The gateway is unavailable; nothing was sent.', headers: { 'Retry-After': 'Seconds to wait' } },
};

const idempotencyKey: ParameterDoc = {
  name: idempotencyHeader,
  in: 'header',
  required: true,
  description: 'Unique per intended operation. The same key and body replay the first response (kept 24 h); another body gets 409.',
};
const orderNumber: ParameterDoc = { name: 'orderNumber', in: 'path' };
const queryOf = (shape: Record<string, unknown>): ParameterDoc[] => Object.keys(shape).map((name) => ({ name, in: 'query' }));
const replayed = { [replayedHeader]: '`true` when this is the stored response of an earlier request with the same key.' };

const modification = (action: 'capture' | 'refund' | 'reverse', summary: string): OperationDoc => ({
  method: 'post',
  path: `/v1/merchant/orders/{orderNumber}/${action}`,
  operationId: `${action}Order`,
  summary,
  tags: ['merchant'],
  security: 'merchant',
  parameters: [orderNumber, idempotencyKey],
  requestBody: modificationRequest,
  responses: {
    200: { description: 'Applied; the order as it is now.', schema: modificationResponse, headers: replayed },
    ...problems,
  },
});

export const merchantOperations: OperationDoc[] = [
  {
    method: 'get',
    path: '/v1/merchant/orders',
    operationId: 'listOrders',
    summary: 'Orders, newest first, with filters; `nextCursor` pages on. Payments made through payment links are listed too (`source: link`, filter `source=link`; no detail or actions here).',
    tags: ['merchant'],
    security: 'merchant',
    parameters: queryOf(orderListQuery.shape),
    responses: { 200: { description: 'A page of orders.', schema: orderListResponse }, 400: problems[400], 401: problems[401] },
  },
  {
    method: 'get',
    path: '/v1/merchant/orders/{orderNumber}',
    operationId: 'getOrder',
    summary: 'One order with its amounts, allowed actions and status history.',
    tags: ['merchant'],
    security: 'merchant',
    parameters: [orderNumber],
    responses: { 200: { description: 'The order.', schema: merchantOrderDetail }, 401: problems[401], 404: problems[404] },
  },
  modification('capture', 'Capture an authorized order (capture was false), in full or in part (processModification type 1).'),
  modification('refund', 'Refund a captured order, in full or in part, cumulatively (processModification type 2).'),
  modification('reverse', 'Release the whole authorization of an uncaptured order (processModification type 3).'),
  {
    method: 'post',
    path: '/v1/merchant/orders/{orderNumber}/split',
    operationId: 'splitOrder',
    summary: "Split an approved order's settlement; the owning merchant receives the remainder.",
    tags: ['merchant'],
    security: 'merchant',
    parameters: [orderNumber, idempotencyKey],
    requestBody: splitRequest,
    responses: { 200: { description: 'Split.', schema: splitResponse, headers: replayed }, ...problems },
  },
  {
    method: 'post',
    path: '/v1/merchant/orders/{orderNumber}/review',
    operationId: 'decideReview',
    summary: 'Close an order in review: approve the payment consult found, or void it (the order is cancelled and payable again).',
    tags: ['merchant'],
    security: 'merchant',
    parameters: [orderNumber, idempotencyKey],
    requestBody: reviewDecisionRequest,
    responses: { 200: { description: 'Decided.', schema: merchantOrderDetail, headers: replayed }, ...problems },
  },
  {
    method: 'get',
    path: '/v1/merchant/transactions',
    operationId: 'listTransactions',
    summary: 'consultTransactions with every filter as a query parameter (dates ISO 8601; default the last 30 days).',
    tags: ['merchant'],
    security: 'merchant',
    parameters: queryOf(transactionsQuery.shape),
    responses: { 200: { description: 'Transactions.' }, 400: problems[400], 401: problems[401], 503: problems[503] },
  },
  {
    method: 'post',
    path: '/v1/merchant/payment-links',
    operationId: 'createPaymentLink',
    summary: 'Create a payment link; its payment is reported to this BFF and confirmed by lookup.',
    tags: ['merchant'],
    security: 'merchant',
    parameters: [idempotencyKey],
    requestBody: createPaymentLinkRequest,
    responses: { 201: { description: 'Created.', schema: paymentLinkDetail, headers: replayed }, ...problems },
  },
  {
    method: 'get',
    path: '/v1/merchant/payment-links',
    operationId: 'listPaymentLinks',
    summary: 'Active payment links, one page at a time.',
    tags: ['merchant'],
    security: 'merchant',
    parameters: queryOf(paymentLinkListQuery.shape),
    responses: { 200: { description: 'A page of links.', schema: paymentLinkPage }, 400: problems[400], 401: problems[401], 503: problems[503] },
  },
  {
    method: 'get',
    path: '/v1/merchant/payment-links/{id}',
    operationId: 'getPaymentLink',
    summary: 'One payment link with its payments.',
    tags: ['merchant'],
    security: 'merchant',
    parameters: [{ name: 'id', in: 'path' }],
    responses: { 200: { description: 'The link.', schema: paymentLinkDetail }, 401: problems[401], 404: problems[404], 503: problems[503] },
  },
  {
    method: 'delete',
    path: '/v1/merchant/payment-links/{id}',
    operationId: 'deletePaymentLink',
    summary: 'Delete a payment link.',
    tags: ['merchant'],
    security: 'merchant',
    parameters: [{ name: 'id', in: 'path' }],
    responses: { 204: { description: 'Deleted.' }, 401: problems[401], 404: problems[404], 502: problems[502], 503: problems[503] },
  },
];
