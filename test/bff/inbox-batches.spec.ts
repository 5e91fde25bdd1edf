// The inbox in batches, on a real database (SQLite, or PostgreSQL when TEST_DATABASE_URL is set).
// Group commit (bff/intake/inbox/inbox-writer.ts): deliveries arriving together share a transaction, each
// caller learns its own outcome, and a delivery that cannot be stored fails alone. The worker
// (bff/intake/inbox/worker.ts) commits a claimed batch together, and an event whose write fails fails alone.
// A claim takes the oldest due events straight from the index of waiting ones (migration 0011), and
// the worker's commits skip their fsync on SQLite (bff/store/unsynced-commits.ts) while every other commit keeps it.
import { expect, test } from '../support/node-test.ts';
import { sql } from 'kysely';
import { claimDueEvents, dueEventIds, enqueueEvent } from '../../bff/intake/inbox/inbox.ts';
import { InboxWriter } from '../../bff/intake/inbox/inbox-writer.ts';
import { InboxWorker, type EventHandler } from '../../bff/intake/inbox/worker.ts';
import { createLogger } from '../../bff/lib/observability/logger.ts';
import { AppMetrics } from '../../bff/lib/observability/metrics.ts';
import { webhookMetricsFor } from '../../bff/intake/webhooks/webhook-metrics.ts';
import { webhookDb, type WebhookDb } from '../../bff/store/webhook-tables.ts';
import { openStore, type Store } from '../../bff/store/database.ts';
import { createTestDatabase, type TestDatabase } from './fixtures/test-database.ts';

let database: TestDatabase;
let store: Store;
let db: WebhookDb;
test.beforeAll(async () => {
  database = await createTestDatabase();
  store = await openStore(database.url);
  db = webhookDb(store);
});
test.afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const event = (externalId: string, payload: unknown = { externalId }) => ({ source: 'bank' as const, externalId, type: 'payin.posted', payload, now: new Date() });
const storedIds = async (prefix: string) =>
  (await db.selectFrom('events').select('external_id').where('external_id', 'like', `${prefix}%`).execute()).map((row) => row.external_id).sort();

/** A worker whose bank handler is `apply` (links do nothing); failures retried after a minute. */
const workerApplying = (apply: EventHandler) =>
  new InboxWorker({
    db,
    clock: { now: () => new Date() },
    logger: createLogger('silent'),
    metrics: webhookMetricsFor(new AppMetrics()),
    handlers: { bank: apply, links: async () => async () => undefined },
    policy: { maxAttempts: 5, baseDelayMs: 60_000, maxDelayMs: 60_000 },
    leaseMs: 30_000,
    pollMs: 1000,
  });

test('100 deliveries at once: each stored once, repeats told apart, far fewer commits than deliveries', async () => {
  let batchesThatStored = 0;
  const writer = new InboxWriter(db, () => batchesThatStored++);
  const ids = Array.from({ length: 80 }, (_, index) => `burst-${String(index).padStart(3, '0')}`);
  // 20 of them twice, in the same burst (a bank retrying while the first copy is in flight).
  const sent = [...ids, ...ids.slice(0, 20)];
  const outcomes = await Promise.all(sent.map((id) => writer.enqueue(event(id))));

  expect(outcomes.filter((outcome) => outcome === 'stored')).toHaveLength(80);
  expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(20);
  expect(await storedIds('burst-')).toEqual(ids);
  expect(batchesThatStored).toBeGreaterThan(0);
  expect(batchesThatStored).toBeLessThan(10);

  // Sent again later: acknowledged as already there, nothing new stored, the worker not woken.
  const before = batchesThatStored;
  expect(await writer.enqueue(event('burst-000'))).toBe('duplicate');
  expect(batchesThatStored).toBe(before);
});

test('a delivery that cannot be stored fails alone; the rest of its batch is stored', async () => {
  const writer = new InboxWriter(db, () => undefined);
  const ids = Array.from({ length: 9 }, (_, index) => `mixed-${index}`);
  // A payload JSON cannot write (a BigInt) makes its insert throw inside the shared transaction.
  const results = await Promise.allSettled([...ids.map((id) => writer.enqueue(event(id))), writer.enqueue(event('mixed-bad', { amount: 10n }))]);

  expect(results.slice(0, 9).every((result) => result.status === 'fulfilled' && result.value === 'stored')).toBe(true);
  expect(results[9]?.status).toBe('rejected');
  expect(await storedIds('mixed-')).toEqual(ids);
});

test('the worker commits a batch together, and an event whose write fails fails alone', async () => {
  const ids = ['batch-a', 'batch-b', 'batch-c', 'batch-d'];
  for (const id of ids) await enqueueEvent(db, event(id));
  const worker = workerApplying(async (row) => async () => {
    if (row.external_id === 'batch-c') throw new Error('this write fails');
  });
  // The earlier tests' events are due too: they ride in the same batches.
  expect(await worker.drain()).toBeGreaterThanOrEqual(4);

  const rows = await db.selectFrom('events').select(['external_id', 'state', 'attempts', 'last_error']).where('external_id', 'like', 'batch-%').orderBy('external_id').execute();
  expect(rows).toEqual([
    { external_id: 'batch-a', state: 'processed', attempts: 0, last_error: null },
    { external_id: 'batch-b', state: 'processed', attempts: 0, last_error: null },
    { external_id: 'batch-c', state: 'failed', attempts: 1, last_error: 'this write fails' },
    { external_id: 'batch-d', state: 'processed', attempts: 0, last_error: null },
  ]);
});

test("the worker's commits skip their own fsync on SQLite, and every other commit is synced as before", async () => {
  // SQLite: 1 = NORMAL (no fsync at commit), 2 = FULL. PostgreSQL: the worker changes nothing.
  const commitSync = async (on: WebhookDb) =>
    store.engine === 'sqlite'
      ? String((await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(on)).rows[0]!.synchronous)
      : (await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(on)).rows[0]!.synchronous_commit;
  const durable = store.engine === 'sqlite' ? '2' : 'on';
  expect(await commitSync(db)).toBe(durable);

  const inWorkerCommits: string[] = [];
  for (const id of ['sync-a', 'sync-b', 'sync-fails']) await enqueueEvent(db, event(id));
  const worker = workerApplying(async (row) => async (trx) => {
    inWorkerCommits.push(await commitSync(trx));
    // A failing write sends the batch down its one-by-one path: the setting must come back anyway.
    if (row.external_id === 'sync-fails') throw new Error('this write fails');
  });
  await worker.drain();

  // The batch ran without the sync; the events committed alone after it failed ran with it.
  expect(inWorkerCommits[0]).toBe(store.engine === 'sqlite' ? '1' : 'on');
  expect(inWorkerCommits.at(-1)).toBe(durable);
  // What the worker leaves behind: acknowledgements (the inbox writer) commit with the sync again.
  expect(await commitSync(db)).toBe(durable);
  const rows = await db.selectFrom('events').select(['external_id', 'state']).where('external_id', 'like', 'sync-%').orderBy('external_id').execute();
  expect(rows).toEqual([
    { external_id: 'sync-a', state: 'processed' },
    { external_id: 'sync-b', state: 'processed' },
    { external_id: 'sync-fails', state: 'failed' },
  ]);
});

test('a claim takes the oldest due events, past processed, leased and not-yet-due ones, without sorting the queue', async () => {
  // Long before the other tests' events (stored at the real time), so this queue's front is its own.
  const at = (second: number) => new Date(Date.UTC(2020, 0, 1, 0, 0, second));
  const queued = (id: string, second: number) => enqueueEvent(db, { ...event(id), now: at(second) });
  for (const [index, id] of ['order-processed', 'order-leased', 'order-retry-later', 'order-due-1', 'order-due-2', 'order-due-3'].entries()) await queued(id, index);
  const set = (externalId: string, values: Record<string, unknown>) => db.updateTable('events').set(values).where('external_id', '=', externalId).execute();
  const now = at(30);
  await set('order-processed', { state: 'processed', processed_at: now.toISOString() });
  await set('order-leased', { lease_owner: 'another worker', lease_expires_at: at(90).toISOString() });
  await set('order-retry-later', { state: 'failed', attempts: 1, next_attempt_at: at(60).toISOString() });

  const claimed = await claimDueEvents(db, { source: 'bank', owner: 'this worker', now, leaseMs: 60_000, limit: 2 });
  expect(claimed.map((row) => row.external_id)).toEqual(['order-due-1', 'order-due-2']);
  expect(claimed.every((row) => row.lease_owner === 'this worker')).toBe(true);

  if (store.engine === 'sqlite') {
    // Read in received order from the index of waiting events and left after `limit` rows: the
    // claim costs the same with 20 or 20,000 events waiting (bench: inbox drain).
    const query = dueEventIds(db, 'bank', now.toISOString(), 2).compile();
    const plan = await sql.raw<{ detail: string }>(`explain query plan ${query.sql.replaceAll('?', "'0'")}`).execute(db);
    const steps = plan.rows.map((row) => row.detail).join('\n');
    expect(steps).toContain('USING INDEX events_due_by_source');
    expect(steps).not.toContain('TEMP B-TREE');
  }
});
