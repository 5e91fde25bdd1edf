import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from '../observability/logger.ts';
import type { AppMetrics } from '../observability/metrics.ts';

/**
 * Counts, times and logs every request by its route pattern: never the raw path or the query,
 * which carry order numbers, and on /v1/return the gateway's OrderHash and auth.
 */
export function requestMetrics(metrics: AppMetrics, logger: Logger): MiddlewareHandler {
  // The request line holds only the method, the route pattern, the status and the time, never a
  // value from the request, so it skips the redaction every other log line pays (120 wildcard
  // paths: most of a status poll's logging cost). Any other field added here must not need it.
  const requestLog = logger.child({}, { redact: [] });
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const handler = matchedRoutes(c).filter((route) => route.method !== 'ALL').at(-1);
      const route = handler?.path ?? 'unmatched';
      const labels = { method: c.req.method, route };
      metrics.httpRequests.inc({ ...labels, status: String(c.res.status) });
      const seconds = (performance.now() - started) / 1000;
      metrics.httpDuration.observe(labels, seconds);
      requestLog.info({ method: labels.method, route, status: c.res.status, ms: Math.round(seconds * 1000) }, 'request');
    }
  };
}
