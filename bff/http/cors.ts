// CORS for an origin allowlist: Hono's `cors`, configured. An origin outside the list gets no
// Access-Control-Allow-Origin (the browser then refuses the answer); every answer varies by Origin.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { idempotencyHeader, replayedHeader } from './idempotency.ts';

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

/**
 * CORS for a back office served from a back-office origin (the demo's) calling /v1/merchant/*
 * straight from the browser: it sends the secret and an Idempotency-Key, and deletes links.
 * Storefront origins are not in this list unless also named there.
 */
export function merchantCors(backOfficeOrigins: readonly string[]): MiddlewareHandler {
  return allowlistCors(backOfficeOrigins, {
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', idempotencyHeader],
    exposeHeaders: ['Retry-After', replayedHeader],
    maxAgeSeconds: 600,
  });
}
