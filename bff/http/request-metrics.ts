import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from '../observability/logger.ts';
import type { AppMetrics } from '../observability/metrics.ts';

/**
 * Counts, times and logs every request by its route pattern: never the raw path or the query,
 * which carry order numbers, and on /v1/return the gateway's OrderHash and auth.
 */
export function requestMetrics(metrics: AppMetrics, logger: Logger): MiddlewareHandler {
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
      logger.info({ method: labels.method, route, status: c.res.status, ms: Math.round(seconds * 1000) }, 'request');
    }
  };
}
