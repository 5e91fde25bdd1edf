// The merchant API in /v1/openapi.json: each route hands its entry to describeRoute() where it is
// registered; bodies and queries come from the route's own validate() middleware.
import type { ParameterDoc } from '../http/openapi/document.ts';
import type { RouteDoc } from '../http/openapi/route-doc.ts';
import { idempotencyHeader, replayedHeader } from '../http/idempotency.ts';
import {
  merchantOrderDetail,
  modificationResponse,
  orderListResponse,
  paymentLinkDetail,
  paymentLinkPage,
  splitResponse,
  transactionsResponse,
} from '../../contract/merchant-api.ts';

export const problems = {
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
const replayed = { [replayedHeader]: '`true` when this is the stored response of an earlier request with the same key.' };

const modification = (action: 'capture' | 'refund' | 'reverse', description: string): RouteDoc => ({
  operationId: `${action}Order`,
  summary: `${action.charAt(0).toUpperCase()}${action.slice(1)} an order`,
  description,
  tags: ['merchant'],
  security: 'merchant',
  parameters: [orderNumber, idempotencyKey],
  responses: {
    200: { description: 'Applied; the order as it is now.', schema: modificationResponse, headers: replayed },
    ...problems,
  },
});

export const merchantDocs = {
  listOrders: {
    operationId: 'listOrders',
    summary: 'List orders',
    description: 'Orders, newest first, with filters; `nextCursor` pages on. Payments made through payment links are listed too (`source: link`, filter `source=link`; no detail or actions here).',
    tags: ['merchant'],
    security: 'merchant',
    responses: { 200: { description: 'A page of orders.', schema: orderListResponse }, 400: problems[400], 401: problems[401] },
  },
  getOrder: {
    operationId: 'getOrder',
    summary: 'Get an order',
    description: 'One order with its amounts, allowed actions and status history.',
    tags: ['merchant'],
    security: 'merchant',
    parameters: [orderNumber],
    responses: { 200: { description: 'The order.', schema: merchantOrderDetail }, 401: problems[401], 404: problems[404] },
  },
  captureOrder: modification('capture', 'Capture an authorized order (capture was false), in full or in part (processModification type 1).'),
  refundOrder: modification('refund', 'Refund a captured order, in full or in part, cumulatively (processModification type 2).'),
  reverseOrder: modification('reverse', 'Release the whole authorization of an uncaptured order (processModification type 3).'),
  splitOrder: {
    operationId: 'splitOrder',
    summary: 'Split an order',
    description: "Split an approved order's settlement; the owning merchant receives the remainder.",
    tags: ['merchant'],
    security: 'merchant',
    parameters: [orderNumber, idempotencyKey],
    responses: { 200: { description: 'Split.', schema: splitResponse, headers: replayed }, ...problems },
  },
  decideReview: {
    operationId: 'decideReview',
    summary: 'Close an order in review',
    description: 'Close an order in review: approve the payment consult found, or void it (the order is cancelled and payable again).',
    tags: ['merchant'],
    security: 'merchant',
    parameters: [orderNumber, idempotencyKey],
    responses: { 200: { description: 'Decided.', schema: merchantOrderDetail, headers: replayed }, ...problems },
  },
  listTransactions: {
    operationId: 'listTransactions',
    summary: 'List gateway transactions',
    description: 'consultTransactions with every filter as a query parameter (dates ISO 8601; default the last 30 days).',
    tags: ['merchant'],
    security: 'merchant',
    responses: { 200: { description: 'Transactions.', schema: transactionsResponse }, 400: problems[400], 401: problems[401], 503: problems[503] },
  },
  createPaymentLink: {
    operationId: 'createPaymentLink',
    summary: 'Create a payment link',
    description: 'Create a payment link; its payment is reported to this BFF and confirmed by lookup.',
    tags: ['merchant'],
    security: 'merchant',
    parameters: [idempotencyKey],
    responses: { 201: { description: 'Created.', schema: paymentLinkDetail, headers: replayed }, ...problems },
  },
  listPaymentLinks: {
    operationId: 'listPaymentLinks',
    summary: 'List payment links',
    description: 'Active payment links, one page at a time.',
    tags: ['merchant'],
    security: 'merchant',
    responses: { 200: { description: 'A page of links.', schema: paymentLinkPage }, 400: problems[400], 401: problems[401], 503: problems[503] },
  },
  getPaymentLink: {
    operationId: 'getPaymentLink',
    summary: 'Get a payment link',
    description: 'One payment link with its payments.',
    tags: ['merchant'],
    security: 'merchant',
    parameters: [{ name: 'id', in: 'path' }],
    responses: { 200: { description: 'The link.', schema: paymentLinkDetail }, 401: problems[401], 404: problems[404], 503: problems[503] },
  },
  deletePaymentLink: {
    operationId: 'deletePaymentLink',
    summary: 'Delete a payment link',
    description: 'Delete a payment link.',
    tags: ['merchant'],
    security: 'merchant',
    parameters: [{ name: 'id', in: 'path' }],
    responses: { 204: { description: 'Deleted.' }, 401: problems[401], 404: problems[404], 502: problems[502], 503: problems[503] },
  },
} satisfies Record<string, RouteDoc>;
