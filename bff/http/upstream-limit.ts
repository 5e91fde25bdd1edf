// The per-address limit of the buyer endpoints that make us call the gateway (/v1/return,
// /v1/links/return, /v1/webhooks/links): each request there costs one or more upstream calls, so a
// script hammering them from one address is stopped here with 429 before it reaches the gateway.
// One limiter per app, shared by every path it guards (UPSTREAM_RATE_LIMIT_PER_MINUTE), and by every
// instance on one PostgreSQL.
import type { MiddlewareHandler } from 'hono';
import type { Services } from '../services.ts';
import { clientAddressKey } from './client-ip.ts';
import { perAddressLimiter } from './limits/shared-window-limiter.ts';
import { rateLimit } from './rate-limit.ts';

const perServices = new WeakMap<Services, MiddlewareHandler>();

export function upstreamRateLimit(services: Services): MiddlewareHandler {
  let found = perServices.get(services);
  if (!found) {
    const { config, clock, store } = services;
    const limiter = perAddressLimiter(store, 'upstream', config.UPSTREAM_RATE_LIMIT_PER_MINUTE, 60_000, clock);
    found = rateLimit(limiter, (c) => clientAddressKey(c, config));
    perServices.set(services, found);
  }
  return found;
}
