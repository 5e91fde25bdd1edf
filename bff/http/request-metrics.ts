import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from '../lib/observability/logger.ts';
import type { AppMetrics } from '../lib/observability/metrics.ts';


/**
 * The request line holds only the method, the route pattern, the status and the time, never a
 * value from the request, so it skips the redaction every other log line pays (120 wildcard
 * paths: most of a status poll's logging cost). Any other field added here must not need it.
 */
/** Counts, times and logs one answered request by its route pattern (routine ones logged at debug). */
export type RequestRecorder = (method: string, route: string, status: number, seconds: number, routine: boolean) => void;

export function requestRecorder(metrics: AppMetrics, logger: Logger): RequestRecorder {
  const requestLog = logger.child({}, { redact: [] });
  return (method, route, status, seconds, routine) => {
    metrics.httpRequests.inc({ method, route, status: String(status) });
    metrics.httpDuration.observe({ method, route }, seconds);
    requestLog[routine ? 'debug' : 'info']({ method, route, status, ms: Math.round(seconds * 1000) }, 'request');
  };
}


/**
 * Counts, times and logs every request by its route pattern: never the raw path or the query,
 * which carry order numbers, and on /v1/return the gateway's OrderHash and auth.
 */
export function requestMetrics(record: RequestRecorder): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const handler = matchedRoutes(c).filter((route) => route.method !== 'ALL').at(-1);
      // A revalidated answer (304: a final order's poll) is routine: logged at debug.
      record(c.req.method, handler?.path ?? 'unmatched', c.res.status, (performance.now() - started) / 1000, c.res.status === 304);
    }
  };
}
