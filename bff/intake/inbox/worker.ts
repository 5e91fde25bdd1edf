// The inbox worker: outside any request, claims due events with a lease, runs their handlers and
// marks them processed, the whole claimed batch in one transaction (one event per transaction when
// that fails). One lane per source, each with its own claim and loop: bank events are never held
// up behind link reports, whose handler waits on gateway lookups (and the other way round). At least once (a crash before the commit leaves the
// event to be claimed again when its lease lapses) and effectively once (handlers are idempotent
// and the completion only commits for the lease holder). Failures back off; after
// policy.maxAttempts the event is dead, with its last error kept for the merchant to see.
import { inLogContext } from '../../lib/observability/log-context.ts';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../lib/observability/clock.ts';
import type { Logger } from '../../lib/observability/logger.ts';
import type { WebhookMetrics } from '../webhooks/webhook-metrics.ts';
import { claimDueEvents, completeEvent, deleteEvent, failEvent, pendingEvent, type RetryPolicy } from './inbox.ts';
import { withoutCommitSync } from '../../store/unsynced-commits.ts';
import { nextTurn, PeriodicJob } from '../../lib/periodic-job.ts';
import { eventSources, type EventRow, type EventSource, type WebhookDb, type WebhookTrx } from '../../store/webhook-tables.ts';

/** Thrown by a handler when retrying cannot help (the gateway has no such link): dead at once. */
export class PermanentEventFailure extends Error {
  override name = 'PermanentEventFailure';
}

/**
 * Thrown by a handler that knows when trying again can first tell something new (a lookup that
 * is not allowed before then): the retry waits for that time as well as for the backoff.
 */
export class RetryNotBefore extends Error {
  override name = 'RetryNotBefore';
  constructor(
    message: string,
    readonly notBefore: Date | undefined,
  ) {
    super(message);
  }
}

/** What a write returns when its event is to be deleted rather than kept as processed. */
export const forgetEvent = Symbol('forget the event');

/**
 * Reads what it needs outside the transaction (gateway lookups may be slow), then returns the
 * writes to commit together with the event's completion (or, returning forgetEvent, its deletion:
 * what it said is kept elsewhere). Throw to fail the attempt.
 */
export type EventHandler = (event: EventRow) => Promise<Write>;
type Write = (trx: WebhookTrx) => Promise<void | typeof forgetEvent>;

export interface InboxWorkerOptions {
  db: WebhookDb;
  clock: Clock;
  logger: Logger;
  metrics: WebhookMetrics;
  handlers: Record<EventSource, EventHandler>;
  policy: RetryPolicy;
  /** How long a claim holds; a worker that died mid-event loses it after this. */
  leaseMs: number;
  /** How often to look for due events when nobody wakes the worker. */
  pollMs: number;
  batchSize?: number;
  /**
   * Loops per source (default 1). On PostgreSQL several claim side by side (SKIP LOCKED gives each
   * its own events, as for several instances), so a batch's round trips overlap another's; on
   * SQLite one writer commits at a time and more loops only queue.
   */
  loopsPerSource?: Partial<Record<EventSource, number>>;
  /**
   * Run once as the worker starts, before the bank lane's first claim: stored unreadable bank
   * events are read again by this build's contract (unreadable-events.ts), those that read queued.
   */
  rereadUnreadable?: () => Promise<unknown>;
}

export class InboxWorker {
  /** Unique per process and start: a lease names exactly one worker. */
  readonly owner = `worker-${process.pid}-${randomUUID()}`;
  /** The jobs of each lane: a pass claims and processes one batch of its source; a full batch runs again at once. */
  private readonly lanes: Record<EventSource, PeriodicJob[]>;
  private backlogRecordedAt = 0;
  /** The bank lane's first pass waits for the unreadable events to be read again (once per start). */
  private reread: Promise<void> | undefined;

  constructor(private readonly options: InboxWorkerOptions) {
    const lane = (source: EventSource) =>
      new PeriodicJob({
        name: `inbox ${source} lane`,
        everyMs: options.pollMs,
        logger: options.logger,
        keepsProcessAlive: true,
        pass: async () => {
          if (source === 'bank') await (this.reread ??= this.rereadUnreadable());
          try {
            const attempted = await this.runLaneOnce(source);
            await this.recordBacklog();
            return attempted > 0;
          } finally {
            this.options.metrics.workerPasses.inc();
          }
        },
      });
    const loops = (source: EventSource) => Array.from({ length: Math.max(1, options.loopsPerSource?.[source] ?? 1) }, () => lane(source));
    this.lanes = { bank: loops('bank'), links: loops('links') };
  }

  /** Starts polling after `delayMs` (a crash test holds the worker back with INBOX_WORKER_DELAY_MS). */
  start(delayMs = 0): void {
    this.reread = undefined;
    for (const source of eventSources) for (const job of this.lanes[source]) job.start(delayMs);
  }

  /** Stops after the event in hand; resolves when every lane has ended. */
  async stop(): Promise<void> {
    await Promise.all(eventSources.flatMap((source) => this.lanes[source].map((job) => job.stop())));
  }

  /** A new event was stored: look now instead of at the next poll (every lane, or `source`'s). */
  wake(source?: EventSource): void {
    for (const lane of source ? [source] : eventSources) for (const job of this.lanes[lane]) job.wake();
  }

  /** Processes every event due now; returns how many were attempted. Tests call it directly. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const attempted = await this.runOnce();
      total += attempted;
      if (attempted === 0) return total;
    }
  }

  /** One pass of every lane: claim a batch of each source and process it. */
  async runOnce(): Promise<number> {
    let attempted = 0;
    for (const source of eventSources) attempted += await this.runLaneOnce(source);
    return attempted;
  }

  private async runLaneOnce(source: EventSource): Promise<number> {
    const { db, clock } = this.options;
    const claim = { source, owner: this.owner, now: clock.now(), leaseMs: this.options.leaseMs, limit: this.options.batchSize ?? 20 };
    const events = await withoutCommitSync(db, (db) => claimDueEvents(db, claim));
    await this.processBatch(events);
    return events.length;
  }

  private async rereadUnreadable(): Promise<void> {
    try {
      await this.options.rereadUnreadable?.();
    } catch (error) {
      // The store failed: the events stay unreadable, to be read again at the next start or on request.
      this.options.logger.error({ error: (error as Error).message }, 'reading unreadable bank events again failed');
    }
  }

  /**
   * Runs each event's handler (reads, gateway lookups), then commits every prepared write with its
   * completion in one transaction: one fsync for the batch instead of one per event. When that
   * transaction fails, each event is committed alone, so only the event at fault fails.
   */
  private async processBatch(events: readonly EventRow[]): Promise<void> {
    const prepared: Array<{ event: EventRow; write: Write }> = [];
    for (const event of events) {
      // Each event in its own log context: a handler that learns the order tags it (tagOrder).
      await inLogContext({}, async () => {
        try {
          prepared.push({ event, write: await this.prepare(event) });
        } catch (error) {
          await this.recordFailure(event, error);
        }
      });
      // SQLite reads on the request thread: requests get a turn between the batch's events.
      await nextTurn();
    }
    if (prepared.length === 0) return;
    const { db, clock } = this.options;
    try {
      await withoutCommitSync(db, (db) => db.transaction().execute(async (trx) => {
        for (const { event, write } of prepared) await this.commitWrite(trx, event, write);
      }));
      for (const { event } of prepared) this.options.metrics.processed.inc({ source: event.source as EventSource, outcome: 'processed' });
    } catch {
      for (const { event, write } of prepared) await inLogContext({}, () => this.commitOne(event, write));
    }
  }

  private prepare(event: EventRow): Promise<Write> {
    const handler = this.options.handlers[event.source as EventSource];
    if (!handler) return Promise.reject(new Error(`no handler for source ${event.source}`));
    return handler(event);
  }

  private async commitWrite(trx: WebhookTrx, event: EventRow, write: Write): Promise<void> {
    const outcome = await inLogContext({}, () => write(trx));
    if (outcome === forgetEvent) await deleteEvent(trx, event.id, this.owner);
    else await completeEvent(trx, event.id, this.owner, this.options.clock.now());
  }

  private async commitOne(event: EventRow, write: Write): Promise<void> {
    const { db, metrics } = this.options;
    try {
      await db.transaction().execute((trx) => this.commitWrite(trx, event, write));
      metrics.processed.inc({ source: event.source as EventSource, outcome: 'processed' });
    } catch (error) {
      await this.recordFailure(event, error);
    }
  }

  private async recordFailure(event: EventRow, error: unknown): Promise<void> {
    const { db, clock, logger, metrics } = this.options;
    const source = event.source as EventSource;
    const message = (error as Error).message || String(error);
    const permanent = error instanceof PermanentEventFailure;
    const notBefore = error instanceof RetryNotBefore ? error.notBefore : undefined;
    const outcome = await failEvent(db, event, this.owner, { error: message, now: clock.now(), policy: this.options.policy, permanent, ...(notBefore && { notBefore }) });
    if (outcome !== 'lease_lost') metrics.processed.inc({ source, outcome });
    const log = { eventId: event.id, source, type: event.type, attempt: event.attempts + 1, error: message };
    if (outcome === 'dead') logger.error(log, 'inbox event is dead after its last attempt');
    else logger.warn(log, 'inbox event failed; it will be retried');
  }

  /** The waiting-events gauge, at most once per poll interval (a busy worker passes far more often). */
  private async recordBacklog(): Promise<void> {
    const now = Date.now();
    if (now - this.backlogRecordedAt < this.options.pollMs) return;
    this.backlogRecordedAt = now;
    const rows = await this.options.db
      .selectFrom('events')
      .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
      .where(pendingEvent)
      .groupBy('state')
      .execute();
    this.options.metrics.inboxBacklog.reset();
    for (const row of rows) this.options.metrics.inboxBacklog.set({ state: row.state }, Number(row.count));
  }
}
