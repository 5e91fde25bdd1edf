// Merchant webhook counters, in the app's own registry (so /metrics shows them). One set per
// registry: prom-client refuses a second metric of the same name.
import { Counter } from 'prom-client';
import type { DeliveryState } from '../../contract/merchant-webhooks.ts';
import type { AppMetrics } from '../lib/observability/metrics.ts';

export class OutboxMetrics {
  /** One per attempt, by where it left the delivery: delivered, retrying or dead. */
  readonly attempts: Counter<'outcome'>;

  constructor(metrics: AppMetrics) {
    this.attempts = new Counter({
      name: 'merchant_webhook_attempts_total',
      help: 'Merchant webhook POSTs, by where each left its delivery (delivered, retrying, dead).',
      labelNames: ['outcome'] as const,
      registers: [metrics.registry],
    });
  }

  recordAttempt(outcome: DeliveryState): void {
    this.attempts.inc({ outcome });
  }
}

const perRegistry = new WeakMap<AppMetrics, OutboxMetrics>();

export function outboxMetricsFor(metrics: AppMetrics): OutboxMetrics {
  let found = perRegistry.get(metrics);
  if (!found) {
    found = new OutboxMetrics(metrics);
    perRegistry.set(metrics, found);
  }
  return found;
}
