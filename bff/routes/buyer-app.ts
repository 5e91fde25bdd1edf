// The buyer sub-app, mounted at /v1: what the widget calls from the merchant's page (sessions, the
// session, checkout, order status) and the gateway's redirect of the buyer (return). Its middleware
// runs for every one of its routes, status polls included: CORS for the allowed origins and a hard
// 403 for a foreign Origin. The return also counts against the per-address limit of the endpoints
// that call the gateway.
import { Hono } from 'hono';
import { browserCors, rejectForeignOrigin } from '../http/origin.ts';
import { upstreamRateLimit } from '../http/upstream-limit.ts';
import type { FinalStatusViews } from '../payments/orders/final-status-views.ts';
import type { Services } from '../services.ts';
import { checkoutRoutes } from './checkout.ts';
import { orderRoutes } from './orders.ts';
import { returnRoutes } from './return.ts';
import { sessionRoutes } from './sessions.ts';

export function buyerApp(services: Services, finalViews: FinalStatusViews) {
  return new Hono()
    .use('*', browserCors(services.allowedOrigins), rejectForeignOrigin(services.allowedOrigins))
    .use('/return', upstreamRateLimit(services))
    .route('/', sessionRoutes(services))
    .route('/', checkoutRoutes(services))
    .route('/', orderRoutes(services, finalViews))
    .route('/', returnRoutes(services));
}
