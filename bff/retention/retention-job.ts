// Deletes what nobody needs any more, so storage stays bounded under any traffic: finished inbox
// events (processed or dead), refused-delivery samples, and unpaid abandoned orders (with their
// history and sessions), each once older than its configured age. Every statement deletes at most
// `batchSize` rows, picked by key, so transactions stay short on both engines and a big backlog
// is worked off in many small steps (other writers get the database in between: the event loop gets
// a turn between batches, and stop() ends a pass before its next batch).
import { nextTurn, PeriodicJob } from '../lib/periodic-job.ts';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../store/migrations/engine.ts';
import type { Logger } from '../lib/observability/logger.ts';
import type { Clock } from '../lib/observability/clock.ts';
import { webhookDb, type WebhookDatabase } from '../store/webhook-tables.ts';
import type { Config } from '../config.ts';
import type { Store } from '../store/database.ts';
import { unpaidAbandonedOrder } from './abandoned-orders.ts';

export interface RetentionPolicy {
  eventsMs: number;
  rejectedMs: number;
  abandonedOrdersMs: number;
  batchSize: number;
}

export interface RetentionCounts {
  events: number;
  rejected: number;
  orders: number;
}

export interface RetentionJobOptions {
  db: Kysely<WebhookDatabase>;
  clock: Clock;
  logger: Logger;
  policy: RetentionPolicy;
  /** 0: never runs by itself (runOnce still works). */
  intervalMs: number;
}

/** Finished for good: read oldest first through events_received_at (0010). */
const finishedEvent = sql<boolean>`state in ('processed', 'dead')`;

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

export class RetentionJob {
  private readonly job: PeriodicJob;
  /** How far each status's abandoned orders have been read (this process); none: from the start. */
  private readonly abandonedWalks = new Map<AbandonedStatus, AbandonedWalk>();

  constructor(private readonly options: RetentionJobOptions) {
    this.job = new PeriodicJob({ name: 'retention', everyMs: options.intervalMs, logger: options.logger, pass: async () => void (await this.runOnce()) });
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One full pass: every kind of row, batch after batch until none is left (or stop() is called). */
  async runOnce(): Promise<RetentionCounts> {
    const batches = this.batchesAt(this.options.clock.now().getTime());
    const counts: RetentionCounts = {
      events: await this.untilDone(batches.events),
      rejected: await this.untilDone(batches.rejected),
      orders: await this.untilDone(batches.orders),
    };
    if (counts.events + counts.rejected + counts.orders > 0) this.options.logger.info(counts, 'retention: old rows deleted');
    return counts;
  }

  /** One batch of each kind, each its own short transaction (the bench times one). */
  async runBatch(): Promise<RetentionCounts> {
    const batches = this.batchesAt(this.options.clock.now().getTime());
    return { events: await batches.events(), rejected: await batches.rejected(), orders: await batches.orders() };
  }

  private batchesAt(now: number): Record<keyof RetentionCounts, () => Promise<number>> {
    const { policy } = this.options;
    return {
      events: () => this.deleteFinishedEvents(new Date(now - policy.eventsMs).toISOString()),
      rejected: () => this.deleteRejectedSamples(new Date(now - policy.rejectedMs).toISOString()),
      orders: () => this.deleteAbandonedOrders(new Date(now - policy.abandonedOrdersMs)),
    };
  }

  private async untilDone(batch: () => Promise<number>): Promise<number> {
    let total = 0;
    while (!this.job.signal.aborted) {
      const count = await batch();
      total += count;
      if (count < this.options.policy.batchSize) break;
      await nextTurn();
    }
    return total;
  }

  private async deleteFinishedEvents(before: string): Promise<number> {
    const { db, policy } = this.options;
    const ids = db.selectFrom('events').select('id').where(finishedEvent).where('received_at', '<', before).limit(policy.batchSize);
    return deleted(await db.deleteFrom('events').where('id', 'in', ids).executeTakeFirst());
  }

  private async deleteRejectedSamples(before: string): Promise<number> {
    const { db, policy } = this.options;
    const ids = db.selectFrom('rejected_deliveries').select('id').where('received_at', '<', before).limit(policy.batchSize);
    return deleted(await db.deleteFrom('rejected_deliveries').where('id', 'in', ids).executeTakeFirst());
  }

  /**
   * The orders and the rows that reference them, in one transaction. The pick walks each status's
   * candidates in (updated_at, order_number) order from where its last batch stopped, and a status
   * whose walk is done is left at the pass's cutoff: an order the rule keeps (the gateway saw a
   * payment) is read once per process, not at every pass, and an idle pass reads only what aged past
   * the cutoff since. An order behind the mark that changes gets a new updated_at: the walk meets it again.
   */
  private async deleteAbandonedOrders(cutoff: Date): Promise<number> {
    const { db, policy } = this.options;
    return db.transaction().execute(async (trx) => {
      const numbers: string[] = [];
      for (const status of abandonedStatuses) {
        const wanted = policy.batchSize - numbers.length;
        if (wanted <= 0) break;
        const picked = abandonedOrdersPick(trx, cutoff, wanted, status, this.abandonedWalks.get(status));
        // PostgreSQL: held until the commit, so no order changes between the pick and the delete
        // (SQLite's write transaction already keeps every other writer out).
        const rows = await (isPostgres(db) ? picked.forUpdate().skipLocked() : picked).execute();
        const last = rows.at(-1);
        this.abandonedWalks.set(status, rows.length < wanted || !last ? { updatedAt: cutoff.toISOString(), orderNumber: '' } : { updatedAt: last.updated_at, orderNumber: last.order_number });
        numbers.push(...rows.map((row) => row.order_number));
      }
      if (numbers.length === 0) return 0;
      const { history, attempts, sessions, orders } = abandonedOrderDeletes(trx, numbers);
      await history.execute();
      await attempts.execute();
      await sessions.execute();
      return deleted(await orders.executeTakeFirst());
    });
  }
}

// The queries of an abandoned-orders batch, exported so their plans can be checked
// (hot-query-plans.spec.ts).

/** Where the walk of abandoned-order candidates stands: every one before it was read. */
export interface AbandonedWalk {
  updatedAt: string;
  orderNumber: string;
}

const abandonedStatuses = ['created', 'expired'] as const;
type AbandonedStatus = (typeof abandonedStatuses)[number];

/**
 * A batch of unpaid abandoned orders of `status` last changed before `cutoff` (after `from`, when
 * given), in (updated_at, order_number) order through orders_abandoned_walk (migration 0097), whose
 * condition is spelled out as written there: SQLite uses a partial index only for a query that
 * repeats it. The mark's updated_at is also a bound of its own, which both engines seek.
 */
export function abandonedOrdersPick(db: Kysely<WebhookDatabase>, cutoff: Date, limit: number, status: AbandonedStatus, from?: AbandonedWalk) {
  let pick = db
    .selectFrom('orders')
    .select(['order_number', 'updated_at'])
    .where(sql<boolean>`status in ('created', 'expired')`)
    .where('status', '=', status)
    .where(unpaidAbandonedOrder(cutoff));
  if (from) {
    pick = pick
      .where('updated_at', '>=', from.updatedAt)
      .where((eb) => eb.or([eb('updated_at', '>', from.updatedAt), eb('order_number', '>', from.orderNumber)]));
  }
  return pick.orderBy('updated_at').orderBy('order_number').limit(limit);
}

/** The deletes of picked orders and of the rows that reference them; run the referencing ones first. */
export function abandonedOrderDeletes(db: Kysely<WebhookDatabase>, numbers: string[]) {
  return {
    history: db.deleteFrom('order_status_history').where('order_number', 'in', numbers),
    attempts: db.deleteFrom('payment_attempts').where('order_number', 'in', numbers),
    sessions: db.deleteFrom('sessions').where('order_number', 'in', numbers),
    orders: db.deleteFrom('orders').where('order_number', 'in', numbers),
  };
}

/** The job as configured (RETENTION_* settings; README "Configuration"). */
export function retentionJobFor(config: Config, store: Store, clock: Clock, logger: Logger): RetentionJob {
  return new RetentionJob({
    db: webhookDb(store),
    clock,
    logger,
    intervalMs: config.RETENTION_INTERVAL_MS,
    policy: {
      eventsMs: config.EVENT_RETENTION_MS,
      rejectedMs: config.REJECTED_RETENTION_MS,
      abandonedOrdersMs: config.ABANDONED_ORDER_RETENTION_MS,
      batchSize: config.RETENTION_BATCH_SIZE,
    },
  });
}
