// The buyer sub-app, mounted at /v1: what the widget calls from the merchant's page (sessions, the
// session, checkout, order status) and the gateway's redirect of the buyer (return). Its middleware
// runs for every one of its routes, status polls included (the status lane honours each by its
// declaration): CORS for the allowed origins and a hard 403 for a foreign Origin. The return also counts against the per-address limit of the endpoints
// that call the gateway.
import { Hono } from 'hono';
import { handlersOf, type DeclaredMiddleware } from '../http/declared-middleware.ts';
import { browserCors, rejectForeignOrigin } from '../http/origin.ts';
import { upstreamRateLimit } from '../http/upstream-limit.ts';
import type { FinalStatusViews } from '../orders/final-status-views.ts';
import type { Services } from '../services.ts';
import { checkoutRoutes } from './checkout.ts';
import { orderRoutes } from './orders.ts';
import { returnRoutes } from './return.ts';
import { sessionRoutes } from './sessions.ts';

/** The middleware of every buyer route, status polls included, each declared for the status lane. */
export function buyerMiddleware(services: Services): DeclaredMiddleware[] {
  return [
    { handler: browserCors(services.allowedOrigins), lane: 'replays-headers' },
    { handler: rejectForeignOrigin(services.allowedOrigins), lane: 'refuses-foreign-origin' },
  ];
}

export function buyerApp(services: Services, finalViews: FinalStatusViews, middleware: readonly DeclaredMiddleware[]) {
  return new Hono()
    .use('*', ...handlersOf(middleware))
    .use('/return', upstreamRateLimit(services))
    .route('/', sessionRoutes(services))
    .route('/', checkoutRoutes(services))
    .route('/', orderRoutes(services, finalViews))
    .route('/', returnRoutes(services));
}
