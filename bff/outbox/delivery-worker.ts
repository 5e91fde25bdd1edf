// The delivery worker: its own loop, apart from the inbox's, so a slow merchant endpoint never holds
// up bank events (and the other way round). It fans new outbox events out to the endpoints, claims
// due deliveries with a lease and POSTs each one on its own (no batch waits for its slowest member),
// at most `concurrency` at once and at most `endpointConcurrency` to any one endpoint, each with a
// timeout: a dead endpoint takes a few slots for a timeout's length, never the worker.
// Per-endpoint order is not kept: retries and parallel sends reorder events. The body's `timestamp`
// (and an order's updatedAt) lets a receiver drop a stale one.
import { inLogContext, tagOrder } from '../lib/observability/log-context.ts';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../lib/observability/clock.ts';
import type { Logger } from '../lib/observability/logger.ts';
import { claimDueDeliveries, deleteFinishedDeliveries, dispatchNewEvents, recordAttempt, releaseDelivery, type AttemptResult } from './deliveries.ts';
import { deliveryTargets, signingSecretsNow, type DeliveryTarget, type EnvironmentEndpoint } from './endpoints.ts';
import { onOutboxWritten } from './outbox-signal.ts';
import type { DeliveryRow, OutboxDb } from './outbox-tables.ts';
import { signedHeaders } from './signing.ts';
import type { OutboxMetrics } from './outbox-metrics.ts';
import { withoutCommitSync } from '../store/unsynced-commits.ts';
import type { OutboundPolicy } from './outbound-address.ts';
import { vettedAddress, type HostResolver } from './outbound-guard.ts';
import { postPinned } from './pinned-post.ts';
import { PeriodicJob } from '../lib/periodic-job.ts';

export interface DeliveryWorkerOptions {
  db: OutboxDb;
  clock: Clock;
  logger: Logger;
  environment: EnvironmentEndpoint | undefined;
  schedule: readonly number[];
  timeoutMs: number;
  leaseMs: number;
  pollMs: number;
  concurrency: number;
  endpointConcurrency: number;
  metrics?: OutboxMetrics;
  /** Finished deliveries older than this are deleted (about once an hour); 0 keeps them. */
  retentionMs?: number;
  /** Which addresses a POST may go to, and the DNS that names are checked with before each one. */
  outbound: OutboundPolicy;
  resolveHost: HostResolver;
}

const retentionEveryMs = 3_600_000;
const retentionBatch = 500;

export class DeliveryWorker {
  /** Unique per process and start: a lease names exactly one worker. */
  readonly owner = `outbox-${process.pid}-${randomUUID()}`;
  /** Its passes: a pass that filled every free slot runs again at once; otherwise a pause of pollMs. */
  private readonly job: PeriodicJob;
  private unsubscribe: (() => void) | undefined;
  /** Delivery id → endpoint id of each POST in flight. */
  private readonly inFlight = new Map<string, string>();
  private readonly sends = new Set<Promise<void>>();
  /** Aborts the POSTs in flight on stop: their leases lapse and another worker retries them. */
  private stopping = new AbortController();
  private prunedAt = 0;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.job = new PeriodicJob({
      name: 'merchant webhook',
      everyMs: options.pollMs,
      logger: options.logger,
      keepsProcessAlive: true,
      pass: async () => {
        await this.pruneWhenDue();
        const started = await this.pass();
        // More may be due when this pass started some and slots are still free.
        return started > 0 && this.options.concurrency - this.inFlight.size > 0;
      },
    });
  }

  start(delayMs = 0): void {
    if (this.job.started) return;
    if (this.stopping.signal.aborted) this.stopping = new AbortController();
    this.unsubscribe = onOutboxWritten(() => this.wake());
    this.job.start(delayMs);
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.stopping.abort();
    await this.job.stop();
    await Promise.allSettled([...this.sends]);
  }

  wake(): void {
    this.job.wake();
  }

  /** Dispatches and sends everything due now, waiting for every POST; returns how many were sent. Tests and the bench call it. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const started = await this.pass();
      await Promise.allSettled([...this.sends]);
      total += started;
      if (started === 0) return total;
    }
  }

  /** Deletes finished deliveries past the retention age, batch after batch; returns how many. */
  async pruneOnce(): Promise<{ deliveries: number; events: number }> {
    const total = { deliveries: 0, events: 0 };
    const retentionMs = this.options.retentionMs ?? 0;
    if (retentionMs <= 0) return total;
    const before = new Date(this.options.clock.now().getTime() - retentionMs).toISOString();
    for (;;) {
      const batch = await deleteFinishedDeliveries(this.options.db, before, retentionBatch);
      total.deliveries += batch.deliveries;
      total.events += batch.events;
      if (batch.deliveries < retentionBatch && batch.events < retentionBatch) return total;
    }
  }

  private async pruneWhenDue(): Promise<void> {
    const now = Date.now();
    if (now - this.prunedAt < retentionEveryMs) return;
    this.prunedAt = now;
    const pruned = await this.pruneOnce();
    if (pruned.deliveries + pruned.events > 0) this.options.logger.info(pruned, 'merchant webhook retention: old deliveries deleted');
  }

  /** Fans out new events, claims what free slots allow and starts their POSTs; returns how many it started. */
  private async pass(): Promise<number> {
    const { db, clock } = this.options;
    const targetsNow = (db: OutboxDb) => deliveryTargets(db, this.options.environment, clock.now());
    // The worker's own commits need not wait for the disk (store/unsynced-commits.ts): one lost
    // to a power cut only means an event dispatched again (rows are unique) or sent again with its
    // webhook-id, which receivers dedupe. The events themselves were committed durably by the change.
    while ((await withoutCommitSync(db, (db) => dispatchNewEvents(db, targetsNow, clock.now()))) > 0);
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0) return 0;
    const claim = { owner: this.owner, now: clock.now(), leaseMs: this.options.leaseMs, limit: free, busyEndpoints: this.busyEndpoints() };
    const claimed = await withoutCommitSync(db, (db) => claimDueDeliveries(db, claim));
    if (claimed.length === 0) return 0;
    // After the claim: every endpoint a claimed delivery was dispatched to is here unless it is gone.
    const byId = new Map((await targetsNow(db)).map((target) => [target.id, target]));
    let started = 0;
    for (const delivery of claimed) {
      if (this.inFlightTo(delivery.endpoint_id) >= this.options.endpointConcurrency) {
        // One claim can pick several of one endpoint's: past its share, handed back at once.
        await releaseDelivery(db, delivery.id, this.owner);
        continue;
      }
      this.launch(delivery, byId.get(delivery.endpoint_id));
      started += 1;
    }
    return started;
  }

  private inFlightTo(endpointId: string): number {
    let count = 0;
    for (const endpoint of this.inFlight.values()) if (endpoint === endpointId) count += 1;
    return count;
  }

  private busyEndpoints(): string[] {
    const counts = new Map<string, number>();
    for (const endpoint of this.inFlight.values()) counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1);
    return [...counts].filter(([, count]) => count >= this.options.endpointConcurrency).map(([endpoint]) => endpoint);
  }

  private launch(delivery: DeliveryRow, target: DeliveryTarget | undefined): void {
    this.inFlight.set(delivery.id, delivery.endpoint_id);
    // Each delivery in its own log context, named after the order its event is about (post()).
    const send = inLogContext({}, () => this.send(delivery, target))
      .catch((error: unknown) => this.options.logger.error({ deliveryId: delivery.id, error: (error as Error).message }, 'merchant webhook delivery could not be recorded'))
      .finally(() => {
        this.inFlight.delete(delivery.id);
        this.sends.delete(send);
        this.wake();
      });
    this.sends.add(send);
  }

  private async send(delivery: DeliveryRow, target: DeliveryTarget | undefined): Promise<void> {
    const { db, clock, logger } = this.options;
    const result = target ? await this.post(delivery, target) : { statusCode: null, error: endpointGone, at: clock.now(), durationMs: 0, permanent: true };
    // Stopped mid-POST (a rolling restart): handed back untried, so the next worker sends it at once,
    // with the same webhook-id, instead of after the lease.
    if (this.stopping.signal.aborted && result.statusCode === null) return releaseDelivery(db, delivery.id, this.owner);
    const state = await withoutCommitSync(db, (db) => recordAttempt(db, delivery, this.owner, result, this.options.schedule));
    if (state !== 'lease_lost') this.options.metrics?.recordAttempt(state);
    const log = { deliveryId: delivery.id, webhookId: delivery.event_id, endpointId: delivery.endpoint_id, type: delivery.type, attempt: delivery.attempts + 1, statusCode: result.statusCode, error: result.error, state };
    if (state === 'dead') logger.error(log, 'merchant webhook delivery is dead after its last attempt');
    else if (state === 'retrying') logger.warn(log, 'merchant webhook delivery failed; it will be retried');
    else logger.info(log, 'merchant webhook delivered');
  }

  private async post(delivery: DeliveryRow, target: DeliveryTarget): Promise<AttemptResult> {
    const { db, clock } = this.options;
    const event = await db.selectFrom('outbound_events').select(['body', 'order_number']).where('id', '=', delivery.event_id).executeTakeFirstOrThrow();
    tagOrder(event.order_number);
    const at = clock.now();
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const url = new URL(target.url);
      const address = await vettedAddress(url, this.options.outbound, this.options.resolveHost);
      if (!address) return { statusCode: null, error: deliveryFailed, at, durationMs: elapsed() };
      // The secrets as they are now, not as the pass read them: the DNS answer can take a while.
      const secrets = await signingSecretsNow(db, this.options.environment, target.id, clock.now());
      if (!secrets) return { statusCode: null, error: endpointGone, at, durationMs: elapsed(), permanent: true };
      const statusCode = await postPinned({
        url,
        address,
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'svc-checkout-webhooks/1', ...signedHeaders(delivery.event_id, at, event.body, secrets) },
        body: event.body,
        signal: AbortSignal.any([AbortSignal.timeout(this.options.timeoutMs), this.stopping.signal]),
      });
      return { statusCode, error: null, at, durationMs: elapsed() };
    } catch {
      return { statusCode: null, error: deliveryFailed, at, durationMs: elapsed() };
    }
  }
}

/**
 * Every attempt without an HTTP answer reads the same, refused address, reset, refused port or
 * timeout alike: told apart, the log would map our network for whoever chose the URL.
 */
const deliveryFailed = 'no HTTP answer';

const endpointGone = 'the endpoint was deleted or expired';
