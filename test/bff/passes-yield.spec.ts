// The background passes give requests their turn: on SQLite every statement runs on the event
// loop's thread, so a pass that never yields stalls every request for its whole length (a backlog
// of lapsed transfers after downtime: 460 ms). Told without a wall clock: the turns a setImmediate
// ticker gets during the pass are counted, and must be at least one per item (per batch for retention).
import { expect, test } from '../support/node-test.ts';
import { lapsedTransfers, expireLapsedTransfers } from '../../bff/sinpe/transfer-attempts.ts';
import { RetentionJob } from '../../bff/retention/retention-job.ts';
import { webhookDb } from '../../bff/store/webhook-tables.ts';
import type { Store } from '../../bff/store/database.ts';
import { createLogger } from '../../bff/lib/observability/logger.ts';
import { filledStoreForFile } from './fixtures/filled-store.ts';
import { afterTheLastOrder } from './fixtures/hot-query-rows.ts';
import { turnCounter } from './fixtures/event-loop-turns.ts';
import { bankEvent, deliveryBody, postBank } from './webhooks-support.ts';
import { startSystem } from '../support/system.ts';

const filled = filledStoreForFile();
let store: Store;
test.beforeEach(() => {
  store = filled.store;
});

test('expiring a backlog of lapsed transfers gives the event loop a turn after each one', async () => {
  const now = afterTheLastOrder;
  const backlog = (await lapsedTransfers(store.db, now).execute()).length;
  expect(backlog).toBeGreaterThanOrEqual(20);
  const counter = turnCounter();
  const expired = await expireLapsedTransfers(store, now);
  const turns = counter.stop();
  console.log(`${turns} event-loop turns while ${backlog} lapsed transfers were expired (${store.engine})`);
  expect(expired).toBe(backlog);
  expect(turns).toBeGreaterThanOrEqual(backlog);
  expect(await lapsedTransfers(store.db, now).execute()).toEqual([]);
});

test('retention gives the event loop a turn between its batches', async () => {
  const db = webhookDb(store);
  const farFuture = { now: () => new Date(afterTheLastOrder.getTime() + 400 * 86_400_000) };
  const candidates = Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', ['created', 'expired']).where((eb) => eb.not(eb.exists(eb.selectFrom('payment_attempts').select('payment_attempts.number').whereRef('payment_attempts.order_number', '=', 'orders.order_number').where('payment_attempts.gateway_tpt', 'is not', null)))).executeTakeFirstOrThrow()).n);
  expect(candidates).toBeGreaterThanOrEqual(20);
  const batchSize = 5;
  const retention = new RetentionJob({ db, clock: farFuture, logger: createLogger('silent'), intervalMs: 0, policy: { eventsMs: 86_400_000, rejectedMs: 86_400_000, abandonedOrdersMs: 86_400_000, batchSize } });
  const counter = turnCounter();
  const counts = await retention.runOnce();
  const turns = counter.stop();
  console.log(`${turns} event-loop turns while retention deleted ${counts.orders} orders in batches of ${batchSize} (${store.engine})`);
  expect(counts.orders).toBe(candidates);
  expect(turns).toBeGreaterThanOrEqual(Math.floor(candidates / batchSize));
  // The next pass starts from the mark the last one left: nothing to read, nothing deleted.
  expect(await retention.runOnce()).toEqual({ events: 0, rejected: 0, orders: 0 });
});

test("the inbox worker gives the event loop a turn between a batch's events", async () => {
  // A BFF of its own whose worker is held back: the deliveries wait, then one drain is counted.
  const stack = await startSystem({ bank: true,  env: { INBOX_WORKER_DELAY_MS: String(86_400_000) } });
  try {
    const events = 40;
    for (let i = 0; i < events; i++) expect((await postBank(stack.bffUrl, await deliveryBody(bankEvent('payin.posted')))).status).toBe(200);
    const counter = turnCounter();
    const processed = await stack.bff.worker.drain();
    const turns = counter.stop();
    console.log(`${turns} event-loop turns while the inbox worker processed ${processed} bank events (${stack.bff.store.engine})`);
    expect(processed).toBe(events);
    expect(turns).toBeGreaterThanOrEqual(events);
  } finally {
    await stack.close();
  }
});
