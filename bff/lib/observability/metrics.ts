// Prometheus metrics, one registry per app instance (tests build many apps in one process).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export class AppMetrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests handled, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly upstreamCalls = new Counter({
    name: 'upstream_calls_total',
    help: 'Calls to the gateway or bank, by operation and outcome.',
    labelNames: ['upstream', 'operation', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly upstreamDuration = new Histogram({
    name: 'upstream_call_duration_seconds',
    help: 'Latency of calls to the gateway or bank, by operation.',
    labelNames: ['upstream', 'operation'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  /** Gateway consults by why they were asked: what upstream cost each path causes (ConsultReason). */
  readonly gatewayConsults = new Counter({
    name: 'gateway_consults_total',
    help: 'Gateway consults asked, by reason (poll, merchant_read, return, bank_attach, link, reconcile_interrupted, reconcile_pending, reconcile_parked, replaced_page).',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  /** SINPE Móvil transfers opened, by what names them: their unique amount, or their reference only. */
  readonly sinpeTransfersOpened = new Counter({
    name: 'sinpe_transfers_opened_total',
    help: 'SINPE Móvil transfers opened, by what names them (amount: a unique amount; reference: the reference only).',
    labelNames: ['named_by'] as const,
    registers: [this.registry],
  });
  /** Why a transfer asked for its reference only: the price's amounts were all held, the client held its share, or no discount is allowed. */
  readonly sinpeReferenceOnlyTransfers = new Counter({
    name: 'sinpe_reference_only_transfers_total',
    help: 'SINPE Móvil transfers that ask for the reference only, by reason (amounts_taken, client_share, no_discount).',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  /** When each merchant key last opened a call here: the previous key can go once it stops moving. */
  readonly merchantSecretLastUsed = new Gauge({
    name: 'merchant_secret_last_used_seconds',
    help: 'Unix time of the last merchant API call accepted with each key (current, previous: MERCHANT_SECRET; read: MERCHANT_READ_SECRET), on this instance since it started.',
    labelNames: ['key'] as const,
    registers: [this.registry],
  });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics) collectDefaultMetrics({ register: this.registry });
  }
}
