// createApp(config, deps): the BFF as a Hono app, one sub-app per resource mounted at its prefix,
// each with its own middleware, and one error path (problem+json).
//
//   every route   request metrics, security headers, body size limit
//   /             operators: /healthz, /readyz, /metrics (token or OPS_PORT), /v1/openapi.json, /docs
//   /v1/merchant  merchant API: back-office CORS, merchant secret, Idempotency-Key on POSTs
//   /v1/webhooks  the bank's deliveries and the gateway's link reports (authenticated by content)
//   /v1/links     the gateway's link callback (the buyer's browser), limited per address
//   /v1           the buyer: widget endpoints and the return, behind browser CORS and the origin check
//
// The buyer sub-app is mounted last: its middleware matches every /v1 path, and Hono runs a
// middleware only until a handler answers, so it sees just the requests the sub-apps above did not
// answer (test/bff/app-shape.spec.ts shows each sub-app gets its own middleware and no other's).
// Every route, status polls included, runs the whole chain: a final order's poll is made cheap by
// HTTP caching (routes/orders.ts: ETag, 304), not by a path around the middleware.
import { Hono } from 'hono';
import type { Config } from './config.ts';
import { bodySizeLimit } from './http/body-size.ts';
import { correlation } from './http/correlation.ts';
import { notFoundProblem, toProblemResponse } from './http/problem.ts';
import { requestMetrics, requestRecorder } from './http/request-metrics.ts';
import { FinalStatusViews } from './payments/orders/final-status-views.ts';
import { apiSecurityHeaders } from './http/security-headers.ts';
import { merchantApp } from './merchant/merchant-routes.ts';
import { buildOpenApiDocument } from './http/openapi/document.ts';
import { checkoutDocs } from './http/openapi/operations.ts';
import { describeRoute, documentedOperations, type ServedRoute } from './http/openapi/route-doc.ts';
import { releaseVersion } from './http/openapi/release-version.ts';
import { apiDocsSwitch, referencePageRoutes } from './http/openapi/reference-page.ts';
import { buyerApp } from './routes/buyer-app.ts';
import { operationsRoutes } from './routes/operations.ts';
import { buildServices, type AppDeps, type Services } from './services.ts';
import { createWebhookModule } from './intake/webhooks/webhook-module.ts';

export type { AppDeps } from './services.ts';

export function createApp(config: Config, deps: AppDeps) {
  const services: Services = buildServices(config, deps);
  const { logger, metrics } = services;
  const webhooks = createWebhookModule(services);
  const record = requestRecorder(metrics, logger);
  const finalViews = new FinalStatusViews(services.clock);

  // Built on the first request and kept: the routes and the public URL are fixed by now, and
  // building it (every zod schema to JSON Schema) takes tens of milliseconds.
  let openApiText: string | undefined;
  // The app's own routes, set once it is built (the handler below cannot name `app` itself).
  const served: { routes: ServedRoute[] } = { routes: [] };

  const app = new Hono()
    // First of all: every answer carries its own X-Request-Id.
    .use('*', correlation(), requestMetrics(record), apiSecurityHeaders(), bodySizeLimit(config.BODY_LIMIT_BYTES))
    .route('/', operationsRoutes(services))
    .use('*', apiDocsSwitch(config.API_DOCS))
    .route('/', referencePageRoutes())
    .get('/v1/openapi.json', describeRoute(checkoutDocs.openapi), (c) => {
      // Every route described where it is registered (describeRoute), as the app serves it.
      openApiText ??= JSON.stringify(buildOpenApiDocument(documentedOperations(served.routes), { serverUrl: config.PUBLIC_BFF_URL, version: releaseVersion }));
      return c.body(openApiText, 200, { 'Content-Type': 'application/json' });
    })
    .route('/v1/merchant', merchantApp(services, webhooks.merchantRoutes))
    .route('/v1/webhooks', webhooks.receivers)
    .route('/v1/links', webhooks.linkPages)
    .route('/v1', buyerApp(services, finalViews));

  served.routes = app.routes;
  app.notFound(notFoundProblem);
  app.onError((error, c) =>
    toProblemResponse(c, error, (unexpected) =>
      logger.error({ err: unexpected, method: c.req.method, path: c.req.path }, 'unhandled error'),
    ),
  );
  return Object.assign(app, { services, webhooks });
}

export type BffApp = ReturnType<typeof createApp>;
