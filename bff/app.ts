// createApp(config, deps): the BFF as a Hono app, one sub-app per resource mounted at its prefix,
// each with its own middleware, and one error path (problem+json).
//
//   every route   request metrics, security headers, body size limit
//   /             operators: /healthz, /readyz, /metrics (token or OPS_PORT), /v1/openapi.json
//   /v1/merchant  merchant API: back-office CORS, merchant secret, Idempotency-Key on POSTs
//   /v1/webhooks  the bank's deliveries and the gateway's link reports (authenticated by content)
//   /v1/links     the gateway's link callback (the buyer's browser), limited per address
//   /v1           the buyer: widget endpoints and the return, behind browser CORS and the origin check
//
// The buyer sub-app is mounted last: its middleware matches every /v1 path, and Hono runs a
// middleware only until a handler answers, so it sees just the requests the sub-apps above did not
// answer (test/bff/app-shape.spec.ts shows each sub-app gets its own middleware and no other's).
// Ahead of everything, the status lane answers a final order's kept status by replaying what the
// whole chain answered (routes/status-lane.ts); every middleware on that path is declared for it.
import { Hono } from 'hono';
import type { Config } from './config.ts';
import { bodySizeLimit } from './http/body-size.ts';
import { notFoundProblem, toProblemResponse } from './http/problem.ts';
import { handlersOf, type DeclaredMiddleware } from './http/declared-middleware.ts';
import { requestMetrics, requestRecorder } from './http/request-metrics.ts';
import { FinalStatusViews } from './orders/final-status-views.ts';
import { orderStatusPath, statusLane } from './routes/status-lane.ts';
import { securityHeaders } from './http/security-headers.ts';
import { merchantApp } from './merchant/merchant-routes.ts';
import { merchantOperations } from './merchant/merchant-operations.ts';
import { buildOpenApiDocument, type OperationDoc } from './openapi/document.ts';
import { checkoutOperations } from './openapi/operations.ts';
import { sinpeOperations } from './sinpe/sinpe-operations.ts';
import { exchangeRateOperations } from './exchange-rates/exchange-rate-operations.ts';
import { buyerApp, buyerMiddleware } from './routes/buyer-app.ts';
import { operationsRoutes } from './routes/operations.ts';
import { buildServices, type AppDeps, type Services } from './services.ts';
import { createWebhookModule } from './webhooks/webhook-module.ts';
import { webhookOperations } from './webhooks/webhook-operations.ts';
import { merchantWebhookOperations } from './outbox/outbox-operations.ts';

export type { AppDeps } from './services.ts';

export interface CreateAppOptions {
  /** More documented operations for /v1/openapi.json (from routes mounted by later issues). */
  extraOperations?: OperationDoc[];
}

export function createApp(config: Config, deps: AppDeps, options: CreateAppOptions = {}) {
  const services: Services = buildServices(config, deps);
  const { logger, metrics } = services;
  const webhooks = createWebhookModule(services);
  const record = requestRecorder(metrics, logger);
  const finalViews = new FinalStatusViews(services.clock);
  const shared: DeclaredMiddleware[] = [
    { handler: requestMetrics(record), lane: 'recorded-by-lane' },
    { handler: securityHeaders(), lane: 'replays-headers' },
    { handler: bodySizeLimit(config.BODY_LIMIT_BYTES), lane: 'no-body-on-get' },
  ];
  const buyer = buyerMiddleware(services);

  const operations = [...checkoutOperations, ...merchantOperations, ...sinpeOperations, ...exchangeRateOperations, ...webhookOperations, ...merchantWebhookOperations, ...(options.extraOperations ?? [])];
  // Built on the first request and kept: the operations and the public URL are fixed by now, and
  // building it (every zod schema to JSON Schema) took ~13 ms a request.
  let openApiText: string | undefined;

  const app = new Hono()
    .get(orderStatusPath, statusLane({ finalViews, tokens: services.tokens, allowedOrigins: services.allowedOrigins, record }))
    .use('*', ...handlersOf(shared))
    .route('/', operationsRoutes(services))
    .get('/v1/openapi.json', (c) => {
      openApiText ??= JSON.stringify(buildOpenApiDocument(operations, config.PUBLIC_BFF_URL));
      return c.body(openApiText, 200, { 'Content-Type': 'application/json' });
    })
    .route('/v1/merchant', merchantApp(services, webhooks.merchantRoutes))
    .route('/v1/webhooks', webhooks.receivers)
    .route('/v1/links', webhooks.linkPages)
    .route('/v1', buyerApp(services, finalViews, buyer));

  app.notFound(notFoundProblem);
  app.onError((error, c) =>
    toProblemResponse(c, error, (unexpected) =>
      logger.error({ err: unexpected, method: c.req.method, path: c.req.path }, 'unhandled error'),
    ),
  );
  /** Every middleware a status poll passes, as declared for the lane (app-shape.spec.ts checks it). */
  const statusPollMiddleware: readonly DeclaredMiddleware[] = [...shared, ...buyer];
  return Object.assign(app, { services, webhooks, statusPollMiddleware });
}

export type BffApp = ReturnType<typeof createApp>;
