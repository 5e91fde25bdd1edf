// The inbox in batches, on a real database (SQLite, or PostgreSQL when TEST_DATABASE_URL is set).
// Group commit (bff/inbox/inbox-writer.ts): deliveries arriving together share a transaction, each
// caller learns its own outcome, and a delivery that cannot be stored fails alone. The worker
// (bff/inbox/worker.ts) commits a claimed batch together, and an event whose write fails fails alone.
import { expect, test } from '@playwright/test';
import { enqueueEvent } from '../../bff/inbox/inbox.ts';
import { InboxWriter } from '../../bff/inbox/inbox-writer.ts';
import { InboxWorker } from '../../bff/inbox/worker.ts';
import { createLogger } from '../../bff/observability/logger.ts';
import { AppMetrics } from '../../bff/observability/metrics.ts';
import { webhookMetricsFor } from '../../bff/webhooks/webhook-metrics.ts';
import { webhookDb, type WebhookDb } from '../../bff/inbox/tables.ts';
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
  const worker = new InboxWorker({
    db,
    clock: { now: () => new Date() },
    logger: createLogger('silent'),
    metrics: webhookMetricsFor(new AppMetrics()),
    handlers: {
      bank: async (row) => async () => {
        if (row.external_id === 'batch-c') throw new Error('this write fails');
      },
      links: async () => async () => undefined,
    },
    policy: { maxAttempts: 5, baseDelayMs: 60_000, maxDelayMs: 60_000 },
    leaseMs: 30_000,
    pollMs: 1000,
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
