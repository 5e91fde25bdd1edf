// One bounded autocannon run against one endpoint, reduced to the figures issue 9 and issue 10
// ask for: successful requests/s, p50 and p99 latency, and every kind of error.
import autocannon from 'autocannon';

export interface LoadFigure {
  /** Answers with a 2xx status per second of the run (errors are counted apart, never in the rate). */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers of any status. */
  responses: number;
  /** Connection errors and timeouts (no answer at all). */
  errors: number;
  timeouts: number;
  /** Answers outside 2xx. */
  non2xx: number;
  statusCodes: Record<string, number>;
  seconds: number;
  connections: number;
}

export interface LoadPlan {
  /** The whole URL of the endpoint (path included). */
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A fixed body, or one made per request (unique ids, fresh sessions). */
  body?: string | (() => string);
  /** Headers made per request (a fresh session's bearer token). */
  headersPerRequest?: () => Record<string, string>;
  seconds: number;
  connections?: number;
  /** Stop after this many requests even before `seconds` (a pool of one-use inputs). */
  maxRequests?: number;
  /** Sees every answer (e.g. to keep the session tokens a creation run hands out). */
  onResponse?: (status: number, body: string) => void;
}

export const defaultConnections = 10;

export async function runLoad(plan: LoadPlan): Promise<LoadFigure> {
  const connections = plan.connections ?? defaultConnections;
  const target = new URL(plan.url);
  const baseHeaders = { ...(plan.headers ?? {}) };
  const perRequest = typeof plan.body === 'function' || plan.headersPerRequest !== undefined;
  const bodyOf = plan.body;
  const result = await autocannon({
    url: target.origin,
    connections,
    duration: plan.seconds,
    timeout: 10,
    ...(plan.maxRequests !== undefined ? { maxOverallRequests: plan.maxRequests } : {}),
    requests: [
      {
        method: plan.method ?? 'GET',
        path: target.pathname + target.search,
        headers: baseHeaders,
        ...(typeof bodyOf === 'string' ? { body: bodyOf } : {}),
        ...(perRequest
          ? {
              setupRequest: (request) => ({
                ...request,
                headers: { ...baseHeaders, ...(plan.headersPerRequest?.() ?? {}) },
                ...(typeof bodyOf === 'function' ? { body: bodyOf() } : {}),
              }),
            }
          : {}),
        ...(plan.onResponse ? { onResponse: (status: number, body: string) => plan.onResponse?.(status, body) } : {}),
      },
    ],
  });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]));
  const responses = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    responses,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    seconds: result.duration,
    connections,
  };
}
