// The browser endpoints answer only pages of allowed origins (ALLOWED_ORIGINS): CORS for the
// browser, and a hard 403 for a request that carries a foreign Origin anyway.
import type { MiddlewareHandler } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { allowlistCors, type AllowlistCorsOptions } from './cors.ts';
import { ProblemException } from './problem.ts';

/**
 * The refusal of a page's origin. It is readable by that page (Access-Control-Allow-Origin names
 * it, no credentials): the widget can then tell its merchant's developer "origin not allowed"
 * rather than "network", and the detail names the origin and the setting to change. It carries
 * nothing but the refusal, and the preflight still denies the origin, so no request with a token
 * or a body ever runs for it. `otherSession`: the origin is not the one the session was made for.
 */
export function originNotAllowed(origin?: string, why: 'not-listed' | 'other-session' = 'not-listed'): ProblemException {
  const detail =
    origin === undefined
      ? "The request has no Origin header: the checkout answers pages on an origin in the BFF's ALLOWED_ORIGINS."
      : why === 'other-session'
        ? `The origin ${origin} is not the one this session was made for: use a session from the page (origin in ALLOWED_ORIGINS) that created it.`
        : `The origin ${origin} is not in the BFF's ALLOWED_ORIGINS: add it there (comma-separated) to use the checkout from this site.`;
  return new ProblemException(403, {
    type: problemTypes.originNotAllowed,
    title: 'Origin not allowed',
    detail,
    headers: origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {},
  });
}

/** CORS of the widget's endpoints. */
const browserCorsOptions: AllowlistCorsOptions = {
  allowMethods: ['GET', 'POST', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Authorization'],
  exposeHeaders: ['Retry-After'],
  maxAgeSeconds: 600,
};

export function browserCors(allowedOrigins: readonly string[]): MiddlewareHandler {
  return allowlistCors(allowedOrigins, browserCorsOptions);
}

/** 403 when the request names an Origin outside the allowlist (same-origin GETs send none). */
export function rejectForeignOrigin(allowedOrigins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('Origin');
    if (origin !== undefined && !allowedOrigins.includes(origin)) throw originNotAllowed(origin);
    await next();
  };
}
