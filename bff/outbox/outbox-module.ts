// Merchant webhooks (outbound) wired together: the delivery worker and the merchant routes for
// endpoints and deliveries, built once per app (or per worker process) from the BFF's services.
import { Hono, type MiddlewareHandler } from 'hono';
import { httpsOnly } from '../gateway/navigable-url.ts';
import type { Services } from '../services.ts';
import { webhookDeliveryRoutes } from './deliveries-routes.ts';
import { DeliveryWorker } from './delivery-worker.ts';
import type { EnvironmentEndpoint } from './endpoints.ts';
import { webhookEndpointRoutes } from './endpoints-routes.ts';
import { webhookEventRoutes } from './webhook-events-routes.ts';
import { outboxDb } from './outbox-tables.ts';
import { outboxMetricsFor } from './outbox-metrics.ts';
import { outboundPolicyOf } from './outbound-address.ts';
import { systemResolver } from './outbound-guard.ts';

export function environmentEndpointOf(config: Services['config']): EnvironmentEndpoint | undefined {
  return config.MERCHANT_WEBHOOK_URL && config.MERCHANT_WEBHOOK_SECRET ? { url: config.MERCHANT_WEBHOOK_URL, secret: config.MERCHANT_WEBHOOK_SECRET } : undefined;
}

export function createDeliveryWorker(services: Services): DeliveryWorker {
  const { config, clock, logger } = services;
  return new DeliveryWorker({
    db: outboxDb(services.store),
    clock,
    logger,
    environment: environmentEndpointOf(config),
    schedule: config.MERCHANT_WEBHOOK_RETRY_SCHEDULE,
    timeoutMs: config.MERCHANT_WEBHOOK_TIMEOUT_MS,
    leaseMs: config.MERCHANT_WEBHOOK_LEASE_MS,
    pollMs: config.MERCHANT_WEBHOOK_POLL_MS,
    concurrency: config.MERCHANT_WEBHOOK_CONCURRENCY,
    endpointConcurrency: config.MERCHANT_WEBHOOK_ENDPOINT_CONCURRENCY,
    metrics: outboxMetricsFor(services.metrics),
    retentionMs: config.MERCHANT_WEBHOOK_RETENTION_MS,
    outbound: outboundPolicyOf(config),
    resolveHost: services.resolveHost ?? systemResolver,
  });
}

/** The routes served under /v1/merchant; a replay wakes this instance's delivery worker. */
export function merchantWebhookRoutes(services: Services, idempotentWhenKeyed: MiddlewareHandler): Hono {
  const db = outboxDb(services.store);
  const { clock, config } = services;
  return new Hono()
    .route(
      '/',
      webhookEndpointRoutes({
        db,
        clock,
        environment: environmentEndpointOf(config),
        httpsRequired: httpsOnly(config),
        outbound: outboundPolicyOf(config),
        resolveHost: services.resolveHost ?? systemResolver,
        idempotentWhenKeyed,
      }),
    )
    .route('/', webhookDeliveryRoutes({ db, clock, idempotentWhenKeyed, onReplay: () => services.wakeUps.deliveries() }))
    .route('/', webhookEventRoutes({ db }));
}
