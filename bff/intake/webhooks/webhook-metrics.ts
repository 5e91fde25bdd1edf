// Webhook and inbox counters, registered in the app's own registry (so /metrics shows them).
// One set per registry: prom-client refuses a second metric of the same name.
import { Counter, Gauge } from 'prom-client';
import type { AppMetrics } from '../../lib/observability/metrics.ts';
import { AddressTally } from './address-tally.ts';

/** Addresses tallied, and how many of the heaviest /metrics shows: bounded whatever arrives. */
const tallyCapacity = 1_000;
const addressesShown = 10;

export class WebhookMetrics {
  readonly deliveries: Counter<'source' | 'outcome'>;
  readonly rejections: Counter<'source' | 'reason'>;
  readonly unreadable: Counter;
  readonly processed: Counter<'source' | 'outcome'>;
  readonly netAmountMismatches: Counter;
  readonly linkReportsIgnored: Counter<'via' | 'reason'>;
  readonly inboxBacklog: Gauge<'state'>;
  readonly workerPasses: Counter;
  /** What unsigned link reports cost at the gateway: the figure an attacker drives. */
  readonly linkReportGatewayCalls: Counter<'operation'>;
  /** Link reports (webhook and callback) per client address key, heaviest senders only. */
  readonly linkReportsByAddress = new AddressTally(tallyCapacity);

  constructor(metrics: AppMetrics) {
    const registers = [metrics.registry];
    this.deliveries = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook deliveries received, by source (bank, links) and outcome (stored, duplicate, rejected).',
      labelNames: ['source', 'outcome'] as const,
      registers,
    });
    this.rejections = new Counter({
      name: 'webhook_rejections_total',
      help: 'Webhook deliveries answered 400, by source and the check that refused them.',
      labelNames: ['source', 'reason'] as const,
      registers,
    });
    this.unreadable = new Counter({
      name: 'bank_events_unreadable_total',
      help: 'Bank deliveries that decrypted but do not read against the event contract: answered 2xx and stored as unreadable (each delivery, a retry included).',
      registers,
    });
    this.processed = new Counter({
      name: 'inbox_events_total',
      help: 'Inbox processing attempts, by source and outcome (processed, failed, dead).',
      labelNames: ['source', 'outcome'] as const,
      registers,
    });
    this.netAmountMismatches = new Counter({
      name: 'bank_net_amount_mismatches_total',
      help: 'payment.succeeded events whose net_amount breaks the banking-webhooks.md §6.4 rule.',
      registers,
    });
    this.linkReportsIgnored = new Counter({
      name: 'link_reports_ignored_total',
      help: 'Link reports (webhook or callback) answered 2xx and not kept: for a link we did not create (unknown_link), or for a payment of ours the listing does not show past the caps or refused by a later listing (unlisted_payment, counted on the link).',
      labelNames: ['via', 'reason'] as const,
      registers,
    });
    this.inboxBacklog = new Gauge({
      name: 'inbox_events_waiting',
      help: 'Inbox events not processed yet at the last worker pass, by state (received, failed).',
      labelNames: ['state'] as const,
      registers,
    });
    // A worker that stopped looking shows as a flat line; tests wait on it instead of sleeping.
    this.workerPasses = new Counter({
      name: 'inbox_worker_passes_total',
      help: 'Passes of the inbox worker loop (each claims what is due, possibly nothing).',
      registers,
    });
    this.linkReportGatewayCalls = new Counter({
      name: 'link_report_gateway_calls_total',
      help: 'Gateway calls made to confirm link reports (webhook and callback), by operation (getLinkPaymentById, consult).',
      labelNames: ['operation'] as const,
      registers,
    });
    const tally = this.linkReportsByAddress;
    new Gauge({
      name: 'link_reports_by_address',
      help: `Link reports received since start from the ${addressesShown} heaviest client address keys (of ${tallyCapacity} tallied; a count may be over-stated, never under-stated).`,
      labelNames: ['address'] as const,
      registers,
      collect() {
        this.reset();
        for (const [address, count] of tally.top(addressesShown)) this.set({ address }, count);
      },
    });
  }
}

const perRegistry = new WeakMap<AppMetrics, WebhookMetrics>();

export function webhookMetricsFor(metrics: AppMetrics): WebhookMetrics {
  let found = perRegistry.get(metrics);
  if (!found) {
    found = new WebhookMetrics(metrics);
    perRegistry.set(metrics, found);
  }
  return found;
}
