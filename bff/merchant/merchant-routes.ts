// The merchant sub-app, mounted at /v1/merchant (ARCHITECTURE.md /v1/merchant/*): checkout sessions,
// orders and their actions, transactions, payment links, the bank's webhook API and received events.
// Its own middleware runs for every one of its routes: CORS for a back office on a back-office origin
// (preflights answered before the secret is asked), then the merchant secret. Idempotency-Key is
// required on the order actions and link creation, honoured when sent on the other POSTs.
import { Hono, type MiddlewareHandler } from 'hono';
import { requireMerchantSecret } from '../http/auth/merchant.ts';
import { allowlistCors } from '../http/cors.ts';
import { merchantSessionRoutes } from '../routes/merchant-sessions.ts';
import type { Services } from '../services.ts';
import { merchantBankPaymentRoutes } from '../sinpe/bank-payments-routes.ts';
import { exchangeRateRoutes } from '../payments/exchange-rates/exchange-rate-routes.ts';
import { idempotencyHeader, replayedHeader, requireIdempotencyKey } from '../http/idempotency.ts';
import { merchantOrderRoutes } from './orders-routes.ts';
import { merchantPaymentLinkRoutes } from './payment-link-routes.ts';
import { merchantTransactionRoutes } from './transactions-routes.ts';
import { MerchantKeyUsage, whoamiRoutes } from './merchant-key-usage.ts';
import { settlementReportRoutes } from './reports/settlement-routes.ts';

/** Routes other modules serve under /v1/merchant (the bank's webhook API, received events). */
export type MerchantExtensions = (idempotentWhenKeyed: MiddlewareHandler) => Hono;

export function merchantApp(services: Services, extensions: MerchantExtensions) {
  const { store, clock, config, metrics } = services;
  const secrets = { full: config.MERCHANT_SECRET, read: config.MERCHANT_READ_SECRET };
  const keyUsage = new MerchantKeyUsage(clock, metrics);
  const idempotent = requireIdempotencyKey({ store, clock, scope: 'merchant' });
  const idempotentWhenKeyed = requireIdempotencyKey({ store, clock, scope: 'merchant', required: false });
  return new Hono()
    .use('*', merchantCors(config.BACKOFFICE_ORIGINS))
    .use('*', requireMerchantSecret(secrets, (key) => keyUsage.record(key)))
    .route('/', whoamiRoutes(keyUsage, secrets))
    .route('/', merchantSessionRoutes(services, idempotentWhenKeyed))
    .route('/', merchantOrderRoutes(services, idempotent))
    .route('/', merchantTransactionRoutes(services))
    .route('/', settlementReportRoutes(services))
    .route('/', merchantPaymentLinkRoutes(services, idempotent))
    .route('/', merchantBankPaymentRoutes(services, idempotent))
    .route('/', exchangeRateRoutes(services))
    .route('/', extensions(idempotentWhenKeyed));
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
