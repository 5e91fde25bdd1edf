// CORS for an origin allowlist. Preflights are Hono's `cors`; on every other request the headers
// are set *before* the handler runs (c.header), so they travel inside the response the handler
// builds. Hono's `cors` sets them on `c.res` first, which makes Hono copy the handler's response
// into a new one and @hono/node-server leave its fast path: a third of a status poll's cost.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

export interface AllowlistCorsOptions {
  allowMethods: string[];
  allowHeaders: string[];
  exposeHeaders: string[];
  maxAgeSeconds: number;
}

/** The CORS headers of an answer to `origin` (none but Vary for a missing or foreign origin). */
export function corsAnswerHeaders(origin: string | undefined, allowed: boolean, exposeHeaders: readonly string[]): Record<string, string> {
  // The answer depends on the Origin: shared caches must keep one copy per origin.
  const headers: Record<string, string> = { Vary: 'Origin' };
  if (origin !== undefined && allowed) {
    headers['Access-Control-Allow-Origin'] = origin;
    if (exposeHeaders.length) headers['Access-Control-Expose-Headers'] = exposeHeaders.join(',');
  }
  return headers;
}

export function allowlistCors(allowedOrigins: readonly string[], options: AllowlistCorsOptions): MiddlewareHandler {
  const isAllowed = (origin: string) => allowedOrigins.includes(origin);
  const preflight = cors({
    origin: (origin) => (isAllowed(origin) ? origin : null),
    allowMethods: options.allowMethods,
    allowHeaders: options.allowHeaders,
    exposeHeaders: options.exposeHeaders,
    maxAge: options.maxAgeSeconds,
  });
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = c.req.header('Origin');
    const headers = corsAnswerHeaders(origin, origin !== undefined && isAllowed(origin), options.exposeHeaders);
    for (const [name, value] of Object.entries(headers)) c.header(name, value, { append: name === 'Vary' });
    await next();
  };
}
