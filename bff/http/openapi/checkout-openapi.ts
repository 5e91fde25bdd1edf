// What the buyer's and the operators' routes say of themselves in /v1/openapi.json: each route hands
// its entry to describeRoute() where it is registered (routes/*.ts, app.ts), which gives it its
// method and path.
import * as z from 'zod/mini';
import {
  checkoutResponse,
  createSessionResponse,
  merchantCreateSessionResponse,
  orderStatusResponse,
  renewSessionResponse,
  sessionResponse,
} from '../../../contract/bff-api.ts';
import { healthResponse, readinessResponse } from '../../../contract/operations-api.ts';
import { sinpeCheckoutResponse } from '../../../contract/sinpe-movil.ts';
import type { RouteDoc } from './route-doc.ts';

const problems = {
  400: { description: 'Invalid request: `errors[]` names each field (`billing.state`).' },
  401: { description: 'Missing, expired or invalid token.', headers: { 'WWW-Authenticate': 'Bearer challenge' } },
  403: { description: 'Origin not allowed, or the token does not grant this resource.' },
  404: { description: 'Not found.' },
  409: { description: 'Conflict with the current state.' },
  413: { description: 'Request body too large.' },
  429: { description: 'Rate limited.', headers: { 'Retry-After': 'Seconds to wait' } },
  502: { description: 'The gateway refused the request.' },
  503: { description: 'The gateway is unavailable or the outcome is being confirmed.', headers: { 'Retry-After': 'Seconds to wait' } },
};

export const checkoutDocs = {
  createCatalogSession: {
    operationId: 'createCatalogSession',
    summary: 'Start a checkout from catalog items',
    description: 'Start a checkout from catalog items (the Origin must be allowed); prices come from the server.',
    tags: ['checkout'],
    security: 'none',
    responses: { 201: { description: 'Session created.', schema: createSessionResponse }, 400: problems[400], 403: problems[403], 413: problems[413], 429: problems[429] },
  },
  createMerchantSession: {
    operationId: 'createMerchantSession',
    summary: 'Create a checkout session',
    description: 'Start a checkout for an amount set by the merchant server.',
    tags: ['merchant'],
    security: 'merchant',
    responses: {
      201: { description: 'Session created.', schema: merchantCreateSessionResponse },
      400: problems[400],
      401: problems[401],
      409: problems[409],
    },
  },
  getSession: {
    operationId: 'getSession',
    summary: 'Read the current session',
    description: 'The order summary and prefill of the current session.',
    tags: ['checkout'],
    security: 'session',
    responses: { 200: { description: 'The session.', schema: sessionResponse }, 401: problems[401], 403: problems[403] },
  },
  renewSession: {
    operationId: 'renewSession',
    summary: 'Extend the current session',
    description:
      'A fresh session token for the same session and order, before the current one ends (the buyer asked for more time). Each token lives the session time (15 minutes), and a session is renewed until SESSION_MAX_MINUTES (default 120) after its first issue; past that, 403 with `errors[0].code` `session_max_reached`. An expired token renews nothing (401): the buyer starts again.',
    tags: ['checkout'],
    security: 'session',
    responses: { 200: { description: 'The renewed session.', schema: renewSessionResponse }, 401: problems[401], 403: problems[403] },
  },
  checkout: {
    operationId: 'checkout',
    summary: 'Submit the checkout form',
    description: 'Submit billing and shipping; returns the hosted payment page. With `"method":"sinpe_movil"` only the billing first and last name, e-mail and phone are needed (unless SINPE_MOVIL_ASK_ADDRESS=1). Calls that overlap share one hosted page; a later call (the buyer came Back from the page) opens the same order\'s next attempt, and money paid on the replaced page goes to review.',
    tags: ['checkout'],
    security: 'session',
    responses: {
      200: { description: 'The hosted payment page (card), or the SINPE Móvil transfer to make (`"method":"sinpe_movil"`).', schema: z.union([checkoutResponse, sinpeCheckoutResponse]) },
      400: problems[400],
      401: problems[401],
      403: problems[403],
      409: problems[409],
      429: problems[429],
      502: problems[502],
      503: problems[503],
    },
  },
  gatewayReturn: {
    operationId: 'gatewayReturn',
    summary: "The gateway's return redirect",
    description: "The gateway's redirect of the buyer: verified, confirmed with consult, then 303 to returnUrl#svc-result=<status token>.",
    tags: ['gateway'],
    security: 'none',
    parameters: ['code', 'description', 'auth', 'order', 'tpt', 'crd', 'svc-transaction', 'OrderHash', 'returnData', 'form_update', 'wp_cancel', 'brand', 'last-digits'].map((name) => ({
      name,
      in: 'query' as const,
    })),
    responses: {
      303: { description: 'To the merchant page, with the status token in the fragment.', headers: { Location: 'returnUrl#svc-result=<token>' } },
      404: { description: 'Unknown order: an HTML page.', schema: z.string(), contentType: 'text/html' },
    },
  },
  getOrderStatus: {
    operationId: 'getOrderStatus',
    summary: 'Read an order status (widget)',
    description:
      'Order status; while open, confirmed with the gateway at most once per interval (answered `Cache-Control: no-store`). ' +
      "A final order's answer carries an `ETag` and `Cache-Control: private, no-cache`: send it back in `If-None-Match` and an unchanged answer is a 304 without a body.",
    tags: ['checkout'],
    security: 'statusOrSession',
    parameters: [
      { name: 'orderNumber', in: 'path' },
      { name: 'If-None-Match', in: 'header', description: "The ETag of a final order's earlier answer (browsers send it by themselves)." },
    ],
    responses: {
      200: { description: 'The status.', schema: orderStatusResponse, headers: { ETag: "The answer's entity tag (final orders only)" } },
      304: { description: 'A final order whose answer is unchanged since the ETag sent in If-None-Match: no body.', headers: { ETag: "The answer's entity tag" } },
      401: problems[401],
      403: problems[403],
      404: problems[404],
    },
  },
  healthz: {
    operationId: 'healthz',
    summary: 'Liveness',
    description: 'Liveness.',
    tags: ['operations'],
    security: 'none',
    responses: { 200: { description: 'Alive.', schema: healthResponse } },
  },
  readyz: {
    operationId: 'readyz',
    summary: 'Readiness',
    description: 'Readiness: database and upstream (the gateway is asked at most once per READYZ_GATEWAY_EVERY_MS, whatever the call rate).',
    tags: ['operations'],
    security: 'none',
    responses: {
      200: { description: 'Ready.', schema: readinessResponse },
      503: { description: 'Not ready.', schema: readinessResponse },
    },
  },
  metrics: {
    operationId: 'metrics',
    summary: 'Prometheus metrics',
    description: 'Prometheus metrics. On the API port only with `Authorization: Bearer <METRICS_TOKEN>`; also served on OPS_PORT when set.',
    tags: ['operations'],
    security: 'metrics',
    responses: {
      200: { description: 'Text exposition format.', schema: z.string(), contentType: 'text/plain' },
      401: { description: 'Missing or wrong metrics token.', headers: { 'WWW-Authenticate': 'Bearer challenge' } },
      404: { description: 'No METRICS_TOKEN is set: not served on the API port.' },
    },
  },
  openapi: {
    operationId: 'openapi',
    summary: 'This OpenAPI document',
    description: 'This document: the OpenAPI 3.1 description of every route the BFF serves, and of the merchant webhooks it sends. Rendered at /docs.',
    tags: ['operations'],
    security: 'none',
    responses: { 200: { description: 'OpenAPI 3.1.', schema: z.record(z.string(), z.unknown()) } },
  },
} satisfies Record<string, RouteDoc>;
