// createApp(config, deps): the BFF as a Hono app, and the one place that lists every resource: each
// prefix gets its own middleware here and the resources served under it, every one a route factory
// handed just the services it names (`(deps: Pick<Services, …>) => Hono`,
// test/contract/route-factories.spec.ts), and one error path (problem+json).
//
//   every route   request metrics, security headers, body size limit
//   /             operators: /healthz, /readyz, /metrics (token or OPS_PORT), /v1/openapi.json, /docs
//   /v1/merchant  merchant API: back-office CORS, merchant secret, Idempotency-Key on POSTs (with
//                 the bank's webhook API, received events and merchant webhooks mounted here)
//   /v1/webhooks  the bank's deliveries and the gateway's link reports (authenticated by content)
//   /v1/links     the gateway's link callback (the buyer's browser), limited per address
//   /v1           the buyer: widget endpoints and the return, behind browser CORS and the origin check
//
// The buyer's prefix is mounted last: its middleware matches every /v1 path, and Hono runs a
// middleware only until a handler answers, so it sees just the requests the prefixes above did not
// answer (test/bff/app-shape.spec.ts shows each prefix gets its own middleware and no other's).
// Every route, status polls included, runs the whole chain: a final order's poll is made cheap by
// HTTP caching (routes/orders.ts: ETag, 304), not by a path around the middleware.
import { Hono } from 'hono';
import type { Config } from './config.ts';
import { bodySizeLimit } from './http/body-size.ts';
import { correlation } from './http/correlation.ts';
import { merchantCors } from './http/cors.ts';
import { browserCors, rejectForeignOrigin } from './http/origin.ts';
import { notFoundProblem, toProblemResponse } from './http/problem.ts';
import { requestMetrics, requestRecorder } from './http/request-metrics.ts';
import { apiSecurityHeaders } from './http/security-headers.ts';
import { merchantSecretsOf, requireMerchantSecret } from './http/auth/merchant.ts';
import { upstreamRateLimit } from './http/upstream-limit.ts';
import { buildOpenApiDocument } from './http/openapi/document.ts';
import { checkoutDocs } from './http/openapi/checkout-openapi.ts';
import { describeRoute, documentedOperations, type ServedRoute } from './http/openapi/route-doc.ts';
import { releaseVersion } from './http/openapi/release-version.ts';
import { referencePageRoutes } from './http/openapi/reference-page.ts';
import { buildServices, type AppDeps, type Services } from './services.ts';
import { operationsRoutes } from './routes/operations.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { orderRoutes } from './routes/orders.ts';
import { returnRoutes } from './routes/return.ts';
import { merchantSessionRoutes } from './routes/merchant-sessions.ts';
import { whoamiRoutes } from './merchant/merchant-key-usage.ts';
import { merchantOrderRoutes } from './merchant/orders-routes.ts';
import { merchantTransactionRoutes } from './merchant/transactions-routes.ts';
import { settlementReportRoutes } from './merchant/reports/settlement-routes.ts';
import { merchantPaymentLinkRoutes } from './merchant/payment-link-routes.ts';
import { merchantBankPaymentRoutes } from './sinpe/bank-payments-routes.ts';
import { exchangeRateRoutes } from './payments/exchange-rates/exchange-rate-routes.ts';
import { merchantBankingRoutes } from './intake/banking/merchant-banking-routes.ts';
import { merchantEventsRoutes } from './intake/inbox/merchant-events-routes.ts';
import { webhookRoutes } from './intake/webhooks/webhook-routes.ts';
import { linkReturnRoutes } from './intake/links/link-return-routes.ts';
import { webhookEndpointRoutes } from './outbox/endpoints-routes.ts';
import { webhookDeliveryRoutes } from './outbox/deliveries-routes.ts';
import { webhookEventRoutes } from './outbox/webhook-events-routes.ts';

export type { AppDeps } from './services.ts';

export function createApp(config: Config, deps: AppDeps) {
  const services: Services = buildServices(config, deps);
  const { logger, metrics } = services;
  const record = requestRecorder(metrics, logger);

  // Built on the first request and kept: the routes and the public URL are fixed by now, and
  // building it (every zod schema to JSON Schema) takes tens of milliseconds.
  let openApiText: string | undefined;
  // The app's own routes, set once it is built (the handler below cannot name `app` itself).
  const served: { routes: ServedRoute[] } = { routes: [] };
  const apiDocs = () =>
    new Hono().route('/', referencePageRoutes()).get('/v1/openapi.json', describeRoute(checkoutDocs.openapi), (c) => {
      // Every route described where it is registered (describeRoute), as the app serves it.
      openApiText ??= JSON.stringify(buildOpenApiDocument(documentedOperations(served.routes), { serverUrl: config.PUBLIC_BFF_URL, version: releaseVersion }));
      return c.body(openApiText, 200, { 'Content-Type': 'application/json' });
    });

  const app = new Hono()
    // First of all: every answer carries its own X-Request-Id.
    .use('*', correlation(), requestMetrics(record), apiSecurityHeaders(), bodySizeLimit(config.BODY_LIMIT_BYTES))
    .route('/', operationsRoutes(services))
    // API_DOCS=off: the reference page, its assets and the document are not routes at all, so their
    // paths answer the plain 404 problem as paths that do not exist, and no other request passes a
    // switch for them on its way.
    .route('/', config.API_DOCS === 'on' ? apiDocs() : new Hono())
    .route('/v1/merchant', merchantApi(services))
    .route('/v1/webhooks', webhookReceivers(services))
    .route('/v1/links', linkPages(services))
    .route('/v1', buyerApi(services));

  served.routes = app.routes;
  app.notFound(notFoundProblem);
  app.onError((error, c) =>
    toProblemResponse(c, error, (unexpected) =>
      logger.error({ err: unexpected, method: c.req.method, path: c.req.path }, 'unhandled error'),
    ),
  );
  return Object.assign(app, { services });
}

/**
 * /v1/merchant: CORS for a back office on a back-office origin (preflights answered before the
 * secret is asked), then the merchant secret, for every resource. Idempotency-Key is required on
 * the order actions, link creation and the attach of a bank payment, honoured when sent on the
 * other POSTs (services.merchantIdempotency).
 */
function merchantApi(services: Services) {
  const { config, merchantKeyUsage } = services;
  const app = new Hono()
    .use('*', merchantCors(config.BACKOFFICE_ORIGINS))
    .use('*', requireMerchantSecret(merchantSecretsOf(config), (key) => merchantKeyUsage.record(key)));
  for (const resource of merchantResources) app.route('/', resource(services));
  return app;
}

/** Every resource under /v1/merchant, each a route factory handed the services. */
const merchantResources: ReadonlyArray<(services: Services) => Hono<any, any, any>> = [
  whoamiRoutes,
  merchantSessionRoutes,
  merchantOrderRoutes,
  merchantTransactionRoutes,
  settlementReportRoutes,
  merchantPaymentLinkRoutes,
  merchantBankPaymentRoutes,
  exchangeRateRoutes,
  merchantBankingRoutes,
  merchantEventsRoutes,
  webhookEndpointRoutes,
  webhookDeliveryRoutes,
  webhookEventRoutes,
];

/** /v1/webhooks: the bank's deliveries and the gateway's link reports, authenticated by content. */
function webhookReceivers(services: Services) {
  return new Hono()
    // Link reports call the gateway per request (link lookups): limited per address like /v1/return.
    .use('/links', upstreamRateLimit(services))
    .route('/', webhookRoutes(services));
}

/** /v1/links: the gateway's link callback, followed by the buyer's browser; limited per address (it calls the gateway). */
function linkPages(services: Services) {
  return new Hono().use('*', upstreamRateLimit(services)).route('/', linkReturnRoutes(services));
}

/**
 * /v1: what the widget calls from the merchant's page (sessions, the session, checkout, order
 * status) and the gateway's redirect of the buyer (return). Its middleware runs for every one of
 * its routes, status polls included: CORS for the allowed origins and a hard 403 for a foreign
 * Origin. The return also counts against the per-address limit of the endpoints that call the gateway.
 */
function buyerApi(services: Services) {
  return new Hono()
    .use('*', browserCors(services.allowedOrigins), rejectForeignOrigin(services.allowedOrigins))
    .use('/return', upstreamRateLimit(services))
    .route('/', sessionRoutes(services))
    .route('/', checkoutRoutes(services))
    .route('/', orderRoutes(services))
    .route('/', returnRoutes(services));
}

export type BffApp = ReturnType<typeof createApp>;
