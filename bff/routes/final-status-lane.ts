// The widget's poll of a final order, answered ahead of the shared middleware. A final order's
// answer is already kept in memory (FinalStatusViews), and on that path the middleware chain (each
// layer setting headers through a Headers object, the request line at info) cost more than the
// answer itself. The lane sends the same headers (security, CORS for an allowed origin) as one
// plain object, counts the request in the same metrics, and logs it at debug: a buyer's page polls
// every two seconds. Everything else (no or a bad token, another order, a foreign origin, an order
// not final or not kept) falls through to the full route, which answers and logs as usual.
import type { MiddlewareHandler } from 'hono';
import { bearerTokenOf } from '../auth/bearer.ts';
import { verifyStatusReader } from '../auth/session.ts';
import { corsAnswerHeaders } from '../http/cors.ts';
import { requestHeader } from '../http/node-request.ts';
import { browserCorsOptions } from '../http/origin.ts';
import { requestRecorder } from '../http/request-metrics.ts';
import { apiSecurityHeaders } from '../http/security-headers.ts';
import type { FinalStatusViews } from '../orders/final-status-views.ts';
import type { Services } from '../services.ts';

export const orderStatusRoute = '/v1/orders/:orderNumber';

export function finalStatusLane(services: Services, finalViews: FinalStatusViews): MiddlewareHandler {
  const record = requestRecorder(services.metrics, services.logger, 'debug');
  // One header object per allowed origin (and one for none): the allowlist bounds it.
  const headersByOrigin = new Map<string, Record<string, string>>();
  const answerHeaders = (origin: string | undefined) => {
    let headers = headersByOrigin.get(origin ?? '');
    if (!headers) {
      headers = {
        ...apiSecurityHeaders,
        ...corsAnswerHeaders(origin, true, browserCorsOptions.exposeHeaders),
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
      };
      headersByOrigin.set(origin ?? '', headers);
    }
    return headers;
  };

  return async (c, next) => {
    const started = performance.now();
    const origin = requestHeader(c, 'origin');
    if (origin !== undefined && !services.allowedOrigins.includes(origin)) return next();
    const orderNumber = c.req.param('orderNumber') ?? '';
    const body = finalViews.get(orderNumber);
    if (body === undefined) return next();
    let granted: string;
    try {
      granted = (await verifyStatusReader(services.tokens, bearerTokenOf(requestHeader(c, 'authorization')))).orderNumber;
    } catch {
      return next();
    }
    if (granted !== orderNumber) return next();
    record(c.req.method, orderStatusRoute, 200, (performance.now() - started) / 1000);
    // A copy: the adapter writes this answer's Content-Length into the object it is given.
    return new Response(body, { status: 200, headers: { ...answerHeaders(origin) } });
  };
}
