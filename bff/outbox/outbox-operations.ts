// Merchant webhooks' endpoints in /v1/openapi.json, from the same schemas the routes check with.
import {
  createWebhookEndpointRequest,
  merchantEventBody,
  renewWebhookEndpointRequest,
  rotateWebhookSecretRequest,
  webhookDeliveriesQuery,
  webhookDelivery,
  webhookDeliveryPage,
  webhookEndpoint,
  webhookEndpointList,
  webhookEndpointSecretAnswer,
  webhookEvent,
  webhookEventPage,
  webhookEventsQuery,
} from '../../contract/merchant-webhooks.ts';
import { getWebhookEventRoute, listWebhookEventsRoute } from './webhook-events-routes.ts';
import type { OperationDoc, ParameterDoc } from '../openapi/document.ts';

const id: ParameterDoc = { name: 'id', in: 'path' };
const unauthorized = { description: 'Missing or wrong merchant secret.', headers: { 'WWW-Authenticate': 'Bearer challenge' } };
const notFound = { description: 'No such endpoint or delivery.' };

export const merchantWebhookOperations: OperationDoc[] = [
  {
    method: 'post',
    path: '/v1/merchant/webhook-endpoints',
    operationId: 'createWebhookEndpoint',
    summary:
      'Adds an endpoint for merchant webhooks (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature). The secret is answered here once. Every event after its creation whose type it lists (all when none) is POSTed to it as ' +
      JSON.stringify(Object.keys(merchantEventBody.shape)) +
      '.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    requestBody: createWebhookEndpointRequest,
    responses: { 201: { description: 'Created, with its secret. A replay of its Idempotency-Key answers the endpoint with `secretShownOnce: true` and no secret.', schema: webhookEndpointSecretAnswer }, 400: { description: 'A bad field (an http: URL off loopback, a host that is not public, an unknown type).' }, 401: unauthorized },
  },
  {
    method: 'get',
    path: '/v1/merchant/webhook-endpoints',
    operationId: 'listWebhookEndpoints',
    summary: 'The endpoints events go to: MERCHANT_WEBHOOK_URL (id `env`) and those added here. Secrets are never listed.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    responses: { 200: { description: 'The endpoints.', schema: webhookEndpointList }, 401: unauthorized },
  },
  {
    method: 'delete',
    path: '/v1/merchant/webhook-endpoints/{id}',
    operationId: 'deleteWebhookEndpoint',
    summary: 'Stops sending to an endpoint: its waiting deliveries end as dead.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    parameters: [id],
    responses: { 204: { description: 'Deleted.' }, 401: unauthorized, 404: notFound, 409: { description: 'The environment’s endpoint: change MERCHANT_WEBHOOK_URL instead.' } },
  },
  {
    method: 'post',
    path: '/v1/merchant/webhook-endpoints/{id}/expiry',
    operationId: 'renewWebhookEndpoint',
    summary: 'Moves the expiry of an endpoint created with `expiresAt` (a listener renewing itself while it runs). Past its expiry an endpoint receives nothing, is not listed and cannot be renewed.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    parameters: [id],
    requestBody: renewWebhookEndpointRequest,
    responses: { 200: { description: 'The endpoint with its new expiry.', schema: webhookEndpoint }, 400: { description: '`expiresAt` is not a future date-time.' }, 401: unauthorized, 404: notFound, 409: { description: 'The environment’s endpoint.' } },
  },
  {
    method: 'post',
    path: '/v1/merchant/webhook-endpoints/{id}/rotate-secret',
    operationId: 'rotateWebhookSecret',
    summary: 'A new secret, answered once. The old one keeps signing beside it for overlapSeconds: webhook-signature then carries two `v1,` entries.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    parameters: [id],
    requestBody: rotateWebhookSecretRequest,
    responses: { 200: { description: 'Rotated, with the new secret. A replay of its Idempotency-Key answers the endpoint with `secretShownOnce: true` and no secret.', schema: webhookEndpointSecretAnswer }, 401: unauthorized, 404: notFound, 409: { description: 'Rotated meanwhile, or the environment’s endpoint.' } },
  },
  {
    method: 'get',
    path: '/v1/merchant/webhook-deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'Each event’s delivery to each endpoint, newest first, with every attempt’s status code and time. Retries follow MERCHANT_WEBHOOK_RETRY_SCHEDULE with the same webhook-id; then dead.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    parameters: Object.keys(webhookDeliveriesQuery.shape).map((name) => ({ name, in: 'query' as const })),
    responses: { 200: { description: 'A page of deliveries.', schema: webhookDeliveryPage }, 400: { description: 'A bad filter or cursor.' }, 401: unauthorized },
  },
  {
    method: 'post',
    path: '/v1/merchant/webhook-deliveries/{id}/replay',
    operationId: 'replayWebhookDelivery',
    summary: 'Sends a delivery again (a dead one, or one already delivered) from the start of the retry schedule, with the same webhook-id.',
    tags: ['merchant-webhooks'],
    security: 'merchant',
    parameters: [id],
    responses: { 202: { description: 'Queued.', schema: webhookDelivery }, 401: unauthorized, 404: notFound },
  },
  {
    method: 'get',
    path: '/v1/merchant/webhook-events',
    operationId: listWebhookEventsRoute.operationId!,
    summary: listWebhookEventsRoute.description!,
    tags: ['merchant-webhooks'],
    security: 'merchant',
    parameters: Object.keys(webhookEventsQuery.shape).map((name) => ({ name, in: 'query' as const })),
    responses: { 200: { description: 'A page of events.', schema: webhookEventPage }, 400: { description: 'A bad filter or cursor.' }, 401: unauthorized },
  },
  {
    method: 'get',
    path: '/v1/merchant/webhook-events/{id}',
    operationId: getWebhookEventRoute.operationId!,
    summary: getWebhookEventRoute.description!,
    tags: ['merchant-webhooks'],
    security: 'merchant',
    parameters: [{ ...id, description: 'The `webhook-id` header the receiver got (`msg_…`).' }],
    responses: { 200: { description: 'The event.', schema: webhookEvent }, 401: unauthorized, 404: { description: 'No event with this webhook-id.' } },
  },
];
