// The webhook intake's endpoints in /v1/openapi.json, from the same schemas the routes check with;
// each route hands its entry to describeRoute() where it is registered.
import { z } from 'zod';
import { deliveryBody } from '../../../contract/bank/delivery.ts';
import { destinationCreateRequest, webhookDestination } from '../../../contract/bank/destination.ts';
import { eventContract } from '../../../contract/bank/event-contracts.ts';
import { feature } from '../../../contract/bank/features.ts';
import { linkWebhookBody } from '../../../contract/gateway/links.ts';
import { merchantBankFeaturesQuery } from '../../../contract/merchant-banking.ts';
import { eventsQuery, merchantEventsResponse, reprocessUnreadableResponse, webhookAcknowledged as acknowledged } from '../../../contract/merchant-events.ts';
import type { ParameterDoc } from '../../http/openapi/document.ts';
import type { RouteDoc } from '../../http/openapi/route-doc.ts';

const withCorrelation = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, correlation_id: z.string() });
const queryOf = (names: readonly string[]): ParameterDoc[] => names.map((name) => ({ name, in: 'query' }));

const rejected = { description: 'Refused: the same generic problem whatever failed (body, decryption, JSON, not an object).' };
const merchantProblems = {
  401: { description: 'Missing or wrong merchant secret.', headers: { 'WWW-Authenticate': 'Bearer challenge' } },
  502: { description: 'The bank failed (its response_code is in `errors[].code` and the detail).' },
  503: { description: 'The bank is unavailable or not configured.' },
};

export const webhookDocs = {
  receiveBankDelivery: {
    operationId: 'receiveBankDelivery',
    summary: 'Bank webhook delivery',
    description:
      'An encrypted bank delivery `{data}` (AES-256-GCM). 200 once stored in the inbox; a repeated event_id is acknowledged and not processed again. A delivery that decrypts to a JSON object our event contract cannot read is stored too, as an `unreadable` event (listed by GET /v1/merchant/events?state=unreadable with why), and answered 200.',
    tags: ['webhooks'],
    security: 'none',
    requestBody: deliveryBody,
    responses: { 200: { description: 'Stored (or already stored).', schema: acknowledged }, 400: rejected, 413: { description: 'Body too large.' } },
  },
  receiveLinkWebhook: {
    operationId: 'receiveLinkWebhook',
    summary: 'Payment link report',
    description:
      "A payment link's webhook_url report. For a link created through /v1/merchant/payment-links: stored, then confirmed by lookup (paid only with a verified orderHash or the link's own listing). For any other link: acknowledged and counted, not stored.",
    tags: ['webhooks'],
    security: 'none',
    requestBody: linkWebhookBody,
    responses: {
      200: { description: 'Stored, already stored, or not ours (ignored).', schema: acknowledged },
      400: { description: 'Refused: not the §6.3 body, or it names one of our checkout orders.' },
      429: { description: 'Too many requests from this address (UPSTREAM_RATE_LIMIT_PER_MINUTE).', headers: { 'Retry-After': 'Seconds to wait' } },
    },
  },
  linkReturn: {
    operationId: 'linkReturn',
    summary: "A payment link's return",
    description: "The buyer's return from a payment link (callback_url). Confirms by lookup, then shows a result page (es, en, pt-BR) or redirects to LINK_RESULT_URL.",
    tags: ['webhooks'],
    security: 'none',
    parameters: queryOf(['code', 'description', 'auth', 'svcLinkId', 'orderNumber', 'svcOrderId', 'creditCardToken', 'creditCardBrand', 'last4CreditCardNumber', 'orderHash', 'lang']),
    responses: {
      200: { description: 'The result page.', contentType: 'text/html' },
      303: { description: 'To LINK_RESULT_URL with `result` and `orderNumber`.', headers: { Location: 'The result URL' } },
      400: { description: 'The query is not a link report, or names one of our checkout orders: the "invalid" page.', contentType: 'text/html' },
      429: { description: 'Too many requests from this address (UPSTREAM_RATE_LIMIT_PER_MINUTE).', headers: { 'Retry-After': 'Seconds to wait' } },
    },
  },
  createBankDestination: {
    operationId: 'createBankDestination',
    summary: 'Register a bank webhook destination',
    description: "Registers a webhook destination with the bank. webhook_url, secret_ref and destination_kind default to this BFF's receiver, its current BANK_SECRET_REF and EXTERNAL_WEBHOOK. Scope rules are checked before the bank is called.",
    tags: ['banking'],
    security: 'merchant',
    requestBody: destinationCreateRequest,
    responses: {
      201: { description: 'Created (the secret is never echoed).', schema: webhookDestination.omit({ secret_ref: true }).extend({ correlation_id: z.string() }) },
      400: { description: 'Breaks a scope rule, or the bank answered INVALID_REQUEST (`errors[].code`).' },
      429: { description: 'The bank answered TOO_MANY_REQUESTS.' },
      ...merchantProblems,
    },
  },
  listBankFeatures: {
    operationId: 'listBankFeatures',
    summary: 'List bank features',
    description: 'The features (per payment method) whose events can be subscribed to.',
    tags: ['banking'],
    security: 'merchant',
    query: merchantBankFeaturesQuery,
    responses: { 200: { description: 'Features.', schema: withCorrelation({ items: z.array(feature) }) }, 400: { description: 'A bad filter.' }, ...merchantProblems },
  },
  getBankEventContract: {
    operationId: 'getBankEventContract',
    summary: 'Get a bank event contract',
    description: 'The payload contract of one of payin.posted, payment.succeeded, payment.failed, payment.reversed.',
    tags: ['banking'],
    security: 'merchant',
    parameters: [{ name: 'eventType', in: 'path' }],
    responses: { 200: { description: 'The contract.', schema: withCorrelation(eventContract.shape) }, 404: { description: 'Not one of the four event types.' }, ...merchantProblems },
  },
  listReceivedEvents: {
    operationId: 'listReceivedEvents',
    summary: 'List received bank and link events (the inbound log)',
    description:
      'Received webhook events (bank and links), newest first, with their state: received, processed, failed (retrying), dead, or unreadable (a bank delivery that decrypted but does not read against the event contract; `lastError` says which fields).',
    tags: ['merchant'],
    security: 'merchant',
    query: eventsQuery,
    responses: { 200: { description: 'One page; `nextCursor` continues.', schema: merchantEventsResponse }, 400: { description: 'A bad filter or cursor.' }, 401: merchantProblems[401] },
  },
  reprocessUnreadableEvents: {
    operationId: 'reprocessUnreadableEvents',
    summary: 'Read unreadable bank events again',
    description:
      'Reads every unreadable bank event again with the running version’s event contract (the inbox worker also does when it starts). One that reads now is queued and processed like a new delivery, once; the others stay unreadable with their current reason.',
    tags: ['merchant'],
    security: 'merchant',
    responses: { 200: { description: 'How the unreadable events read now.', schema: reprocessUnreadableResponse }, 401: merchantProblems[401] },
  },
} satisfies Record<string, RouteDoc>;
