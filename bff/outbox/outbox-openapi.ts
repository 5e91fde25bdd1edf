// Merchant webhooks' endpoints in /v1/openapi.json, from the same schemas the routes check with;
// each route hands its entry to describeRoute() where it is registered.
import {
  merchantEventBody,
  webhookDeliveriesQuery,
  webhookDelivery,
  webhookDeliveryPage,
  webhookEndpoint,
  webhookEndpointList,
  webhookEndpointSecretAnswer,
  webhookEvent,
  webhookEventPage,
} from '../../contract/merchant-webhooks.ts';
import type { ParameterDoc } from '../http/openapi/document.ts';
import type { RouteDoc } from '../http/openapi/route-doc.ts';

const id: ParameterDoc = { name: 'id', in: 'path' };
const unauthorized = { description: 'Missing or wrong merchant secret.', headers: { 'WWW-Authenticate': 'Bearer challenge' } };
const notFound = { description: 'No such endpoint or delivery.' };

export const merchantWebhookDocs = {
  createWebhookEndpoint: {
    operationId: 'createWebhookEndpoint',
    summary: 'Add a webhook endpoint',
    description:
      'Adds an endpoint for merchant webhooks (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature). The secret is answered here once. Every event after its creation whose type it lists (all when none) is POSTed to it as ' +
      JSON.stringify(Object.keys(merchantEventBody.shape)) +
      '.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    responses: { 201: { description: 'Created, with its secret. A replay of its Idempotency-Key answers the endpoint with `secretShownOnce: true` and no secret.', schema: webhookEndpointSecretAnswer }, 400: { description: 'A bad field (an http: URL off loopback, a host that is not public, an unknown type).' }, 401: unauthorized },
  },
  listWebhookEndpoints: {
    operationId: 'listWebhookEndpoints',
    summary: 'List webhook endpoints',
    description: 'The endpoints events go to: MERCHANT_WEBHOOK_URL (id `env`) and those added here. Secrets are never listed.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    responses: { 200: { description: 'The endpoints.', schema: webhookEndpointList }, 401: unauthorized },
  },
  deleteWebhookEndpoint: {
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint',
    description: 'Stops sending to an endpoint: its waiting deliveries end as dead.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    parameters: [id],
    responses: { 204: { description: 'Deleted.' }, 401: unauthorized, 404: notFound, 409: { description: 'The environment’s endpoint: change MERCHANT_WEBHOOK_URL instead.' } },
  },
  renewWebhookEndpoint: {
    operationId: 'renewWebhookEndpoint',
    summary: 'Renew a webhook endpoint',
    description: 'Moves the expiry of an endpoint created with `expiresAt` (a listener renewing itself while it runs). Past its expiry an endpoint receives nothing, is not listed and cannot be renewed.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    parameters: [id],
    responses: { 200: { description: 'The endpoint with its new expiry.', schema: webhookEndpoint }, 400: { description: '`expiresAt` is not a future date-time.' }, 401: unauthorized, 404: notFound, 409: { description: 'The environment’s endpoint.' } },
  },
  rotateWebhookSecret: {
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate a webhook endpoint secret',
    description: 'A new secret, answered once. The old one keeps signing beside it for overlapSeconds: webhook-signature then carries two `v1,` entries.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    parameters: [id],
    responses: { 200: { description: 'Rotated, with the new secret. A replay of its Idempotency-Key answers the endpoint with `secretShownOnce: true` and no secret.', schema: webhookEndpointSecretAnswer }, 401: unauthorized, 404: notFound, 409: { description: 'Rotated meanwhile, or the environment’s endpoint.' } },
  },
  listWebhookDeliveries: {
    operationId: 'listWebhookDeliveries',
    summary: 'List webhook deliveries',
    description: 'Each event’s delivery to each endpoint, newest first, with every attempt’s status code and time. Retries follow MERCHANT_WEBHOOK_RETRY_SCHEDULE with the same webhook-id; then dead.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    query: webhookDeliveriesQuery,
    responses: { 200: { description: 'A page of deliveries.', schema: webhookDeliveryPage }, 400: { description: 'A bad filter or cursor.' }, 401: unauthorized },
  },
  replayWebhookDelivery: {
    operationId: 'replayWebhookDelivery',
    summary: 'Replay a webhook delivery',
    description: 'Sends a delivery again (a dead one, or one already delivered) from the start of the retry schedule, with the same webhook-id.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    parameters: [id],
    responses: { 202: { description: 'Queued.', schema: webhookDelivery }, 401: unauthorized, 404: notFound },
  },
  listWebhookEvents: {
    operationId: 'listWebhookEvents',
    summary: 'The merchant events sent (or to be sent), newest first',
    description:
      'Every merchant event as its deliveries carry it (`type`, `timestamp`, `data`), with its `webhook-id` and each delivery’s attempts. Filter by type or by order. ' +
      'The inbound bank and link log is GET /v1/merchant/events.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    responses: { 200: { description: 'A page of events.', schema: webhookEventPage }, 400: { description: 'A bad filter or cursor.' }, 401: unauthorized },
  },
  getWebhookEvent: {
    operationId: 'getWebhookEvent',
    summary: 'One merchant event by the webhook-id its receiver got',
    description: 'The event exactly as delivered (`type`, `timestamp`, `data`) with every delivery to every endpoint and each attempt.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    parameters: [{ ...id, description: 'The `webhook-id` header the receiver got (`msg_…`).' }],
    responses: { 200: { description: 'The event.', schema: webhookEvent }, 401: unauthorized, 404: { description: 'No event with this webhook-id.' } },
  },
} satisfies Record<string, RouteDoc>;
