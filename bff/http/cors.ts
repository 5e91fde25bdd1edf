// CORS for an origin allowlist: Hono's `cors`, configured. An origin outside the list gets no
// Access-Control-Allow-Origin (the browser then refuses the answer); every answer varies by Origin.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

export interface AllowlistCorsOptions {
  allowMethods: string[];
  allowHeaders: string[];
  exposeHeaders: string[];
  maxAgeSeconds: number;
}

export function allowlistCors(allowedOrigins: readonly string[], options: AllowlistCorsOptions): MiddlewareHandler {
  return cors({
    origin: (origin) => (allowedOrigins.includes(origin) ? origin : null),
    allowMethods: options.allowMethods,
    allowHeaders: options.allowHeaders,
    exposeHeaders: options.exposeHeaders,
    maxAge: options.maxAgeSeconds,
  });
}
