// The merchant API (ARCHITECTURE.md /v1/merchant/*, issue 7): orders and their actions,
// transactions, payment links. Merchant secret on every route; Idempotency-Key on every POST.
import { Hono, type MiddlewareHandler } from 'hono';
import { requireMerchantSecret } from '../auth/merchant.ts';
import { allowlistCors } from '../http/cors.ts';
import type { Services } from '../services.ts';
import { idempotencyHeader, replayedHeader, requireIdempotencyKey } from './idempotency.ts';
import { merchantOrderRoutes } from './orders-routes.ts';
import { merchantPaymentLinkRoutes } from './payment-link-routes.ts';
import { merchantTransactionRoutes } from './transactions-routes.ts';

/** The paths this module serves (explicit: a bare `use` would guard every later route of the app). */
const guardedPaths = [
  '/v1/merchant/orders',
  '/v1/merchant/orders/*',
  '/v1/merchant/transactions',
  '/v1/merchant/payment-links',
  '/v1/merchant/payment-links/*',
];

export function merchantRoutes(services: Services) {
  const { store, clock, config } = services;
  const auth = requireMerchantSecret(config.MERCHANT_SECRET);
  const idempotent = requireIdempotencyKey({ store, clock, scope: 'merchant' });
  const app = new Hono();
  for (const path of guardedPaths) app.use(path, auth);
  app.route('/', merchantOrderRoutes(services, idempotent));
  app.route('/', merchantTransactionRoutes(services));
  app.route('/', merchantPaymentLinkRoutes(services, idempotent));
  return app;
}

/** Merchant POSTs of other modules that honor an Idempotency-Key when one is sent (not required yet). */
export const idempotentWhenKeyedPaths = ['/v1/merchant/checkout-sessions', '/v1/merchant/banking/destinations'];

/**
 * Secret first, then the key: an unauthenticated caller must never claim or read a key. Mount
 * with `app.on('POST', path, …)` before the route itself.
 */
export function idempotentWhenKeyed(services: Services): MiddlewareHandler {
  const { store, clock, config } = services;
  const auth = requireMerchantSecret(config.MERCHANT_SECRET);
  const idempotent = requireIdempotencyKey({ store, clock, scope: 'merchant', required: false });
  return async (c, next) => {
    // A replay is a Response returned by the key middleware: hand it back up.
    let replay: Response | void = undefined;
    const refused = await auth(c, async () => {
      replay = await idempotent(c, next);
    });
    return refused ?? replay;
  };
}

/**
 * CORS for a back office served from an allowed origin (the demo's) calling /v1/merchant/*
 * straight from the browser: it sends the secret and an Idempotency-Key, and deletes links.
 * Mount it before every merchant route so their responses carry the headers too.
 */
export function merchantCors(allowedOrigins: readonly string[]): MiddlewareHandler {
  return allowlistCors(allowedOrigins, {
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', idempotencyHeader],
    exposeHeaders: ['Retry-After', replayedHeader],
    maxAgeSeconds: 600,
  });
}
