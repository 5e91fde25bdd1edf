// createApp(config, deps): the BFF as a Hono app. One sub-app per resource, one error path
// (problem+json), the browser endpoints behind CORS and the origin allowlist.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { problemTypes } from '../contract/bff-api.ts';
import type { Config } from './config.ts';
import { browserCors, rejectForeignOrigin } from './http/origin.ts';
import { notFoundProblem, problemResponse, toProblemResponse } from './http/problem.ts';
import { declaredBodyLength } from './http/node-request.ts';
import { requestMetrics } from './http/request-metrics.ts';
import { securityHeaders } from './http/security-headers.ts';
import { buildOpenApiDocument, type OperationDoc } from './openapi/document.ts';
import { merchantOperations } from './merchant/merchant-operations.ts';
import { idempotentWhenKeyed, idempotentWhenKeyedPaths, merchantCors, merchantRoutes } from './merchant/merchant-routes.ts';
import { checkoutOperations } from './openapi/operations.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { merchantSessionRoutes } from './routes/merchant-sessions.ts';
import { operationsRoutes } from './routes/operations.ts';
import { orderRoutes } from './routes/orders.ts';
import { finalStatusLane, orderStatusRoute } from './routes/final-status-lane.ts';
import { FinalStatusViews } from './orders/final-status-views.ts';
import { returnRoutes } from './routes/return.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { buildServices, type AppDeps, type Services } from './services.ts';
import { createWebhookModule } from './webhooks/webhook-module.ts';
import { webhookOperations } from './webhooks/webhook-operations.ts';

export type { AppDeps } from './services.ts';

/** Paths the widget calls from the merchant's page (cross-origin). */
const browserPaths = ['/v1/sessions', '/v1/session', '/v1/checkout', '/v1/orders/*'];
const methodsWithoutBody = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CreateAppOptions {
  /** More documented operations for /v1/openapi.json (from routes mounted by later issues). */
  extraOperations?: OperationDoc[];
}

export function createApp(config: Config, deps: AppDeps, options: CreateAppOptions = {}) {
  const services: Services = buildServices(config, deps);
  const { logger, metrics } = services;

  const app = new Hono();
  // Before the shared middleware: a kept final status answered with the same headers, or on to it.
  const finalViews = new FinalStatusViews(deps.clock);
  app.get(orderStatusRoute, finalStatusLane(services, finalViews));
  app.use('*', requestMetrics(metrics, logger));
  app.use('*', securityHeaders());
  const bodyTooLarge = (c: Context) =>
    problemResponse(c, {
      type: problemTypes.payloadTooLarge,
      title: 'Payload too large',
      status: 413,
      detail: `Request bodies are limited to ${config.BODY_LIMIT_BYTES} bytes.`,
      errors: [],
    });
  const limitChunkedBody = bodyLimit({ maxSize: config.BODY_LIMIT_BYTES, onError: bodyTooLarge });
  app.use('*', (c, next) => {
    // GET/HEAD/OPTIONS carry no body (the adapter drops one). A declared length is checked as a
    // number (Node reads no further than it); only a chunked body is counted as it streams in,
    // which needs the whole fetch Request.
    if (methodsWithoutBody.has(c.req.method)) return next();
    const length = declaredBodyLength(c);
    if (length === undefined) return limitChunkedBody(c, next);
    return length > config.BODY_LIMIT_BYTES ? Promise.resolve(bodyTooLarge(c)) : next();
  });
  for (const path of browserPaths) {
    app.use(path, browserCors(services.allowedOrigins));
    app.use(path, rejectForeignOrigin(services.allowedOrigins));
  }

  // The back office (an allowed origin, e.g. the demo) calls the merchant API from the browser.
  app.use('/v1/merchant/*', merchantCors(services.allowedOrigins));
  for (const path of idempotentWhenKeyedPaths) app.on('POST', path, idempotentWhenKeyed(services));

  app.route('/', operationsRoutes(services));
  app.route('/', sessionRoutes(services));
  app.route('/', merchantSessionRoutes(services));
  app.route('/', checkoutRoutes(services));
  app.route('/', returnRoutes(services));
  app.route('/', orderRoutes(services, finalViews));
  // Webhook receivers, link return, bank admin and events (issue 6); server.ts starts its worker.
  const webhooks = createWebhookModule(services);
  app.route('/', webhooks.routes);
  app.route('/', merchantRoutes(services));

  const operations = [...checkoutOperations, ...merchantOperations, ...webhookOperations, ...(options.extraOperations ?? [])];
  // Built on the first request and kept: the operations and the public URL are fixed by now, and
  // building it (every zod schema to JSON Schema) took ~13 ms a request.
  let openApiText: string | undefined;
  app.get('/v1/openapi.json', (c) => {
    openApiText ??= JSON.stringify(buildOpenApiDocument(operations, config.PUBLIC_BFF_URL));
    return c.body(openApiText, 200, { 'Content-Type': 'application/json' });
  });

  app.notFound(notFoundProblem);
  app.onError((error, c) =>
    toProblemResponse(c, error, (unexpected) =>
      logger.error({ err: unexpected, method: c.req.method, path: c.req.path }, 'unhandled error'),
    ),
  );
  return Object.assign(app, { services, webhooks });
}

export type BffApp = ReturnType<typeof createApp>;
