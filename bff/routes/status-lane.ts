// The status poll of a final order, answered ahead of the middleware chain. A buyer's page polls
// every two seconds and a final order's answer is already kept (FinalStatusViews); on that path
// Hono's chain of seven handlers cost more than the answer (bench/README.md: 0.4× the bare baseline
// with the chain, 0.5-0.6× with the lane). The lane is not a second implementation of the
// middleware: it replays the headers the full chain put on this order's kept answer for the same
// Origin (recorded after the chain ran), serves no foreign Origin, and records the request in the
// same metrics. Every middleware on the poll's path is declared with how the lane honours it
// (http/declared-middleware.ts); anything the lane cannot serve (no kept answer yet, no recorded
// headers for this Origin, a bad or other token, a foreign Origin) goes through the whole chain.
import type { MiddlewareHandler } from 'hono';
import { bearerTokenOf } from '../auth/bearer.ts';
import { verifyStatusReader } from '../auth/session.ts';
import type { TokenService } from '../auth/tokens.ts';
import { requestHeader } from '../http/node-request.ts';
import type { RequestRecorder } from '../http/request-metrics.ts';
import { BoundedMap } from '../lib/bounded-map.ts';
import type { FinalStatusViews } from '../orders/final-status-views.ts';

export const orderStatusPath = '/v1/orders/:orderNumber';

/** Headers that belong to one answer, never replayed. */
const ownHeaders = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);

export function statusLane(options: {
  finalViews: FinalStatusViews;
  tokens: TokenService;
  allowedOrigins: readonly string[];
  record: RequestRecorder;
}): MiddlewareHandler {
  const { finalViews, tokens, allowedOrigins, record } = options;
  // One header set per allowed Origin (and one for none): the allowlist bounds it.
  const replayed = new BoundedMap<string, Record<string, string>>({ maxSize: allowedOrigins.length + 1 });

  return async (c, next) => {
    const started = performance.now();
    const orderNumber = c.req.param('orderNumber') ?? '';
    const origin = requestHeader(c, 'origin');
    const key = origin ?? '';
    const body = finalViews.get(orderNumber);
    const headers = replayed.get(key);
    if (body !== undefined && headers !== undefined && (origin === undefined || allowedOrigins.includes(origin))) {
      let granted: string | undefined;
      try {
        granted = (await verifyStatusReader(tokens, bearerTokenOf(requestHeader(c, 'authorization')))).orderNumber;
      } catch {
        granted = undefined;
      }
      if (granted === orderNumber) {
        record(c.req.method, orderStatusPath, 200, (performance.now() - started) / 1000, true);
        // A copy, with this answer's own request id (http/correlation.ts ran first): the adapter writes
        // this answer's Content-Length into the object it is given.
        return new Response(body, { status: 200, headers: { ...headers, 'X-Request-Id': c.get('requestId') ?? '' } });
      }
    }
    await next();
    // The whole chain answered a kept final order: its headers are what the lane replays.
    if (headers === undefined && c.res.status === 200 && finalViews.get(orderNumber) !== undefined) {
      const kept: Record<string, string> = {};
      c.res.headers.forEach((value, name) => {
        if (!ownHeaders.has(name)) kept[name] = value;
      });
      replayed.set(key, kept);
    }
  };
}
