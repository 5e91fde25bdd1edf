// Correlation for every answer: `X-Request-Id` (the caller's when it is 1-64 characters of
// letters, digits, `.`, `_`, `-`; else a new UUID) is echoed on the answer and carried by every
// log line of the request, with the W3C `traceparent` the caller sent (when well formed) and the
// order number: from the path here (/v1/orders/{n}, /v1/merchant/orders/{n}/…), or tagged by the
// code that learns it (the session, the return, a merchant session).
import type { MiddlewareHandler } from 'hono';
import { inLogContext, tagOrder, type LogContext } from '../lib/observability/log-context.ts';

export const requestIdHeader = 'X-Request-Id';

/** version-traceid-parentid-flags, lowercase hex; an all-zero trace or parent id is invalid (W3C Trace Context §3.2). */
export function wellFormedTraceparent(value: string | undefined): string | undefined {
  const match = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(value?.trim() ?? '');
  if (!match || match[1] === 'ff' || /^0+$/.test(match[2]!) || /^0+$/.test(match[3]!)) return undefined;
  return match[0];
}

/**
 * The caller's id when it is safe to echo and log: at most 64 of the characters a UUID, a ULID or a
 * proxy's id (`req-1.2`) is made of. Anything longer or stranger is replaced, so a client cannot
 * smuggle markup, padding or a line of its own into the logs, nor make ids long enough to hide in.
 */
export function saneRequestId(given: string | undefined): string | undefined {
  return given !== undefined && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : undefined;
}

const orderInPath = /^\/v1\/(?:merchant\/)?orders\/([A-Za-z0-9_-]{1,64})(?:\/|$)/;

export function correlation(): MiddlewareHandler {
  return async (c, next) => {
    const fields: LogContext = { requestId: saneRequestId(c.req.header(requestIdHeader)) ?? crypto.randomUUID() };
    const traceparent = wellFormedTraceparent(c.req.header('traceparent'));
    if (traceparent) fields.traceparent = traceparent;
    // Not an async function of its own: it hands next()'s promise on (one promise and one turn less per request).
    await inLogContext(fields, () => {
      tagOrder(orderInPath.exec(c.req.path)?.[1]);
      c.set('requestId', fields.requestId!);
      return next();
    });
    // On the built answer's own headers, as the security headers are set: not through `c.header`,
    // which on a finished answer would rebuild it off @hono/node-server's fast path. An answer that
    // already carries the id (plain-answer.ts) is left alone.
    if (!c.get('answeredPlainly')) c.res.headers.set(requestIdHeader, fields.requestId!);
  };
}
