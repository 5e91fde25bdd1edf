// How the inbox worker drains a backlog (after an outage, or a worker stopped for a while): the
// same number of bank events processed from the front of a short queue and of a long one, by the
// BFF's own worker on a SQLite file with the BFF's durability settings. The ratio of the two costs
// per event says whether a claim gets dearer as the queue grows (it did: every claim sorted the
// whole queue, 6 ms a claim with 20,000 waiting; 1.0 means the queue's length costs nothing).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bankEventTypes } from '../contract/bank/event-types.ts';
import { createEventHandlers } from '../bff/intake/inbox/event-handlers.ts';
import { enqueueEvent } from '../bff/intake/inbox/inbox.ts';
import { webhookDb, type WebhookDb } from '../bff/store/webhook-tables.ts';
import { InboxWorker } from '../bff/intake/inbox/worker.ts';
import { systemClock } from '../bff/lib/observability/clock.ts';
import { createLogger } from '../bff/lib/observability/logger.ts';
import { AppMetrics } from '../bff/lib/observability/metrics.ts';
import { openStore } from '../bff/store/database.ts';
import { webhookMetricsFor } from '../bff/intake/webhooks/webhook-metrics.ts';
import { bankEvent } from '../test/bff/webhooks-support.ts';


export interface InboxDrainFigure {
  processed: number;
  shortQueue: number;
  longQueue: number;
  /** Worker time per event, µs, from the front of each queue. */
  shortQueueMicros: number;
  longQueueMicros: number;
  /** longQueueMicros / shortQueueMicros. */
  ratio: number;
}

export async function measureInboxDrain(processed = 2_000, longQueue = 20_000): Promise<InboxDrainFigure> {
  // Alternated, so both see the same machine; the better of two per queue length.
  const short: number[] = [];
  const long: number[] = [];
  for (let round = 0; round < 2; round++) {
    short.push(await microsPerEvent(processed, processed));
    long.push(await microsPerEvent(longQueue, processed));
  }
  const shortQueueMicros = Math.min(...short);
  const longQueueMicros = Math.min(...long);
  return { processed, shortQueue: processed, longQueue, shortQueueMicros, longQueueMicros, ratio: longQueueMicros / shortQueueMicros };
}

/** The BFF's inbox worker with its real handlers, for bank events (which never reach the gateway). */
/** `events` waiting bank events of every type in turn, stored in one transaction. */
export async function fillInbox(db: WebhookDb, events: number): Promise<void> {
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    for (let index = 0; index < events; index++) {
      const type = bankEventTypes[index % bankEventTypes.length]!;
      const event = bankEvent(type);
      await enqueueEvent(trx, { source: 'bank', externalId: event.event.event_id, type, payload: event, now });
    }
  });
}

export function bankEventWorker(db: WebhookDb): InboxWorker {
  const logger = createLogger('warn');
  const metrics = webhookMetricsFor(new AppMetrics());
  return new InboxWorker({
    db,
    clock: systemClock,
    logger,
    metrics,
    handlers: createEventHandlers({ db, gateway: undefined as never, linkLookups: undefined as never, clock: systemClock, credentials: { apiKey: '', apiUser: '', apiPassword: '' }, logger, metrics, sinpe: { phone: undefined, amountReserveMs: 24 * 3_600_000 }}),
    policy: { maxAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 10_000 },
    leaseMs: 60_000,
    pollMs: 1_000,
  });
}

/** Fills a fresh inbox with `waiting` bank events, then times the worker through the first `processed`. */
async function microsPerEvent(waiting: number, processed: number): Promise<number> {
  const directory = mkdtempSync(join(tmpdir(), 'svc-bench-drain-'));
  const store = await openStore(`file:${join(directory, 'bff.db')}`);
  try {
    const db = webhookDb(store);
    await fillInbox(db, waiting);
    const worker = bankEventWorker(db);
    const started = performance.now();
    let done = 0;
    while (done < processed) {
      const attempted = await worker.runOnce();
      if (attempted === 0) throw new Error(`the inbox ran dry after ${done} of ${processed} events`);
      done += attempted;
    }
    const micros = ((performance.now() - started) * 1000) / done;
    const left = await db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('count')).where('state', '=', 'processed').executeTakeFirstOrThrow();
    if (Number(left.count) !== done) throw new Error(`${done} events attempted but ${left.count} processed`);
    return micros;
  } finally {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
