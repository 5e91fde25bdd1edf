import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppMetrics } from '../observability/metrics.ts';

/** Counts and times every request by its route pattern (never the raw path: order numbers vary). */
export function requestMetrics(metrics: AppMetrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const handler = matchedRoutes(c).filter((route) => route.method !== 'ALL').at(-1);
      const route = handler?.path ?? 'unmatched';
      const labels = { method: c.req.method, route };
      metrics.httpRequests.inc({ ...labels, status: String(c.res.status) });
      metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
    }
  };
}
