// The queries that run often or over many rows read through an index, never a whole table, so a year
// of data costs them what a week does (migration 0021 and the ones before it). Each query is taken
// from the code that runs it (its Kysely builder, compiled), so a change that loses its index
// fails here. Plans come from a store filled like months of traffic (fixtures/hot-query-rows.ts):
// on an empty table a planner rightly prefers a scan. SQLite always (no ANALYZE, as in production:
// the BFF never runs it); PostgreSQL when TEST_DATABASE_URL is set, after ANALYZE (autovacuum's job
// in production).
import { expect, test } from '../support/node-test.ts';
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { bankPaymentsQuery } from '../../contract/bank-payment-view.ts';
import { eventsQuery } from '../../contract/merchant-events.ts';
import { webhookDeliveriesQuery } from '../../contract/merchant-webhooks.ts';
import type { OrderListQuery } from '../../contract/merchant-api.ts';
import { dueEventIds } from '../../bff/intake/inbox/inbox.ts';
import { eventsPage } from '../../bff/intake/inbox/merchant-events-routes.ts';
import { unreadablePage } from '../../bff/intake/inbox/unreadable-events.ts';
import { deliveriesPage } from '../../bff/outbox/deliveries-routes.ts';
import { bankPaymentsPage } from '../../bff/sinpe/bank-payments-routes.ts';
import { webhookDb } from '../../bff/store/webhook-tables.ts';
import { listOrders, ordersPage } from '../../bff/merchant/order-queries.ts';
import { dueDeliveryIds } from '../../bff/outbox/deliveries.ts';
import type { OutboxDatabase } from '../../bff/outbox/outbox-tables.ts';
import { webhookEventsPage } from '../../bff/outbox/webhook-events.ts';
import { candidatePage, candidateWalks, cursorAfter, type WalkCursor } from '../../bff/reconciler/candidate-walks.ts';
import { abandonedOrderDeletes, abandonedOrdersPick } from '../../bff/retention/retention-job.ts';
import { attemptsByReference, gatewaySinpeAttempt, matchedSibling, transfersAskingFor } from '../../bff/sinpe/matcher.ts';
import { amountsHeldByClient, askableAmounts, heldAmountsAmong, ordersPricedAt } from '../../bff/sinpe/unique-amount.ts';
import { fromMinorUnits } from '../../contract/money.ts';
import { lapsedTransfers } from '../../bff/sinpe/transfer-attempts.ts';
import { consultSlotClaim } from '../../bff/http/limits/consult-slots.ts';
import { limitDb } from '../../bff/http/limits/limit-tables.ts';
import type { Store } from '../../bff/store/database.ts';
import { orderWithAttemptQuery } from '../../bff/store/orders.ts';
import { filledStoreForFile } from './fixtures/filled-store.ts';
import { afterTheLastOrder } from './fixtures/hot-query-rows.ts';

/** Tables that grow with traffic: a query reading all of one costs more every day. */
const guarded = ['orders', 'sessions', 'payment_attempts', 'events', 'outbound_events', 'webhook_deliveries', 'bank_payments', 'order_status_history'];

const filled = filledStoreForFile();
let store: Store;
test.beforeEach(() => {
  store = filled.store;
});

interface PlanReads {
  /** Tables read row by row in full. */
  scans: string[];
  /** Tables read through an index from one end (SQLite `SCAN t USING INDEX`, PostgreSQL an index scan without Index Cond): fine under a LIMIT the index order serves, else a scan in disguise. */
  walks: string[];
  /** Tables (by the query's alias) read through an index at a key or bound: a lookup per outer row when joined. */
  keyed: string[];
  plan: string;
}

async function planReads(query: Compilable): Promise<PlanReads> {
  const { sql: text, parameters } = query.compile();
  const reads: PlanReads = { scans: [], walks: [], keyed: [], plan: '' };
  if (store.engine === 'sqlite') {
    const rows = await store.db.executeQuery<{ id: number; parent: number; detail: string }>(CompiledQuery.raw(`explain query plan ${text}`, [...parameters]));
    // A subquery in FROM is read as a co-routine (or materialised) under its alias: a SCAN of that
    // alias beside it reads the rows it yields, not the table of that name (the subquery's own reads
    // are its children, checked like any other).
    const subqueries = new Set<string>();
    for (const { parent, detail } of rows.rows) {
      const subquery = /^(?:CO-ROUTINE|MATERIALIZE) (\w+)$/.exec(detail);
      if (subquery) subqueries.add(`${parent} ${subquery[1]}`);
      const scan = /^SCAN (\w+)(.*)$/.exec(detail);
      if (scan && !(scan[2] === '' && subqueries.has(`${parent} ${scan[1]}`))) (/USING (COVERING )?INDEX/.test(scan[2]!) ? reads.walks : reads.scans).push(scan[1]!);
      const search = /^SEARCH (\w+) USING/.exec(detail);
      if (search) reads.keyed.push(search[1]!);
    }
    reads.plan = rows.rows.map((row) => row.detail).join('\n');
    return reads;
  }
  const rows = await store.db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(CompiledQuery.raw(`explain (format json) ${text}`, [...parameters]));
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan') reads.scans.push(node['Relation Name']!);
    if (/Index/.test(node['Node Type']) && node['Relation Name'] && !node['Index Cond']) reads.walks.push(node['Relation Name']);
    if (/Index/.test(node['Node Type']) && node['Index Cond']) reads.keyed.push(node.Alias ?? node['Relation Name']!);
    for (const child of node.Plans ?? []) walk(child);
  };
  const plan = rows.rows[0]!['QUERY PLAN'];
  for (const top of plan) walk(top.Plan);
  reads.plan = JSON.stringify(plan, null, 1);
  return reads;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

const grown = (tables: string[]) => tables.filter((table) => guarded.includes(table));

/** No full scan of a growing table; with `seek`, every index read starts at the query's key or bound. */
async function expectIndexed(query: Compilable, { seek = false } = {}): Promise<void> {
  const { scans, walks, plan } = await planReads(query);
  expect(grown(scans), plan).toEqual([]);
  if (seek) expect(grown(walks), plan).toEqual([]);
}

const now = afterTheLastOrder;
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const listQuery = { limit: 50 } as const;
const outbox = () => store.db as unknown as Kysely<OutboxDatabase>;

test('the merchant orders list: first page, a later page, filtered by status', async () => {
  await expectIndexed(ordersPage(store.db, listQuery, undefined, now));
  // A later page starts at its cursor: the cost of page 100 is that of page 1.
  await expectIndexed(ordersPage(store.db, { ...listQuery, includeAbandoned: 'true' }, { createdAt: ago(60 * 24 * 30).toISOString(), orderNumber: 'SVC-010000' }, now), { seek: true });
  await expectIndexed(ordersPage(store.db, listQuery, { createdAt: ago(60 * 24 * 30).toISOString(), orderNumber: 'SVC-010000' }, now), { seek: true });
  await expectIndexed(ordersPage(store.db, { ...listQuery, status: ['pending'] }, undefined, now));
  await expectIndexed(ordersPage(store.db, { ...listQuery, status: ['captured'], includeAbandoned: 'true' }, undefined, now));
  // The shop's own reference finds its order by index.
  await expectIndexed(ordersPage(store.db, { ...listQuery, clientReference: 'shop-1001' }, undefined, now), { seek: true });
});

test('the merchant orders list by e-mail in any case, and by order-number prefix: each seeks an index', async () => {
  await expectIndexed(ordersPage(store.db, { ...listQuery, email: 'Buyer42@EXAMPLE.com' }, undefined, now), { seek: true });
  await expectIndexed(ordersPage(store.db, { ...listQuery, orderNumber: 'SVC-0012*' }, undefined, now), { seek: true });
  await expectIndexed(ordersPage(store.db, { ...listQuery, orderNumber: 'SVC-0012*', email: 'buyer42@example.com' }, undefined, now), { seek: true });
});

test("the orders list reads a page and its orders' attempts in one statement, each attempt by its key", async () => {
  // The attempt facts a page shows come by key with the page's own read, not by reading the page's
  // orders a second time (an e-mail's full page at 1M orders spent a third of its query time there).
  const queries: OrderListQuery[] = [listQuery, { ...listQuery, email: 'Buyer42@EXAMPLE.com' }, { ...listQuery, email: 'buyer42@example.com', includeAbandoned: 'true' }];
  for (const query of queries) {
    const page = ordersPage(store.db, query, undefined, now);
    const { keyed, plan } = await planReads(page);
    expect(keyed, plan).toEqual(expect.arrayContaining(['payment_attempts', 'shown']));
    await expectIndexed(page, { seek: query.email !== undefined });
    const [first] = await page.execute();
    expect(first!.attempt_status === null || typeof first!.attempt_status === 'string').toBe(true);
  }
  if (store.engine === 'sqlite') {
    // The outer order is the page's own: no sort of its rows again.
    expect((await planReads(ordersPage(store.db, { ...listQuery, email: 'buyer42@example.com' }, undefined, now))).plan).not.toContain('TEMP B-TREE');
  }
});

test('the prefix finds exactly the order numbers that start with it, in their case, wildcards taken literally', async () => {
  const numbers = async (orderNumber: string) =>
    (await listOrders(store.db, { limit: 500, includeAbandoned: 'true', orderNumber }, undefined, now)).orders.map((order) => order.order_number).sort();
  const expected = Array.from({ length: 100 }, (_, i) => `SVC-0012${String(i).padStart(2, '0')}`);
  expect(await numbers('SVC-0012*')).toEqual(expected);
  expect(await numbers('SVC-00129*')).toEqual(expected.slice(90));
  expect(await numbers('svc-0012*')).toEqual([]);
  expect(await numbers('SVC_0012*')).toEqual([]);
  expect(await numbers('SVC-0012%*')).toEqual([]);
  expect(await numbers('SVC-001234')).toEqual(['SVC-001234']);
  const byEmail = await listOrders(store.db, { limit: 10, includeAbandoned: 'true', email: 'BUYER42@example.COM' }, undefined, now);
  expect(byEmail.orders.length).toBe(4);
  expect(byEmail.orders.every((order) => order.email === 'buyer42@example.com')).toBe(true);
});

test('the merchant event log: first page, a later page, by type, by order', async () => {
  const later = { at: ago(60 * 24 * 30).toISOString(), id: 'oe-010000' };
  await expectIndexed(webhookEventsPage(outbox(), listQuery, undefined));
  await expectIndexed(webhookEventsPage(outbox(), listQuery, later), { seek: true });
  // A common type: walking the newest events and skipping the others is a fine plan under the limit.
  await expectIndexed(webhookEventsPage(outbox(), { ...listQuery, type: 'order.captured' }, undefined));
  await expectIndexed(webhookEventsPage(outbox(), { ...listQuery, type: 'order.captured' }, later));
  await expectIndexed(webhookEventsPage(outbox(), { ...listQuery, orderNumber: 'SVC-001001' }, undefined), { seek: true });
});

test('the list pages through the cursor: every order once, newest first, ties by order number', async () => {
  const seen: string[] = [];
  let cursor: { createdAt: string; orderNumber: string } | undefined;
  for (;;) {
    const { orders, more } = await listOrders(store.db, { limit: 200, includeAbandoned: 'true' }, cursor, now);
    seen.push(...orders.map((order) => `${order.created_at} ${order.order_number}`));
    if (!more) break;
    const last = orders.at(-1)!;
    cursor = { createdAt: last.created_at, orderNumber: last.order_number };
  }
  const all = await store.db.selectFrom('orders').select(['created_at', 'order_number']).execute();
  expect(seen).toEqual(all.map((order) => `${order.created_at} ${order.order_number}`).sort().reverse());
});

test('retention: the pick of abandoned orders and the deletes of their rows', async () => {
  const db = webhookDb(store);
  await expectIndexed(abandonedOrdersPick(db, ago(60 * 24 * 30), 500, 'expired'), { seek: true });
  // The pick walks the candidates in order, a busy pass and an idle one (from the mark the last pass
  // left at its cutoff): SQLite through orders_abandoned_walk with no sort; on both engines the idle
  // pick's index read is bounded below by the mark, so it reads only what aged past the cutoff since.
  const cutoff = ago(60 * 24 * 30);
  const idleFrom = { updatedAt: cutoff.toISOString(), orderNumber: '' };
  for (const status of ['created', 'expired'] as const) {
    const busy = await planReads(abandonedOrdersPick(db, cutoff, 500, status));
    const idle = await planReads(abandonedOrdersPick(db, ago(60 * 24 * 29), 500, status, idleFrom));
    for (const { plan } of [busy, idle]) {
      if (store.engine === 'sqlite') expect(plan).toMatch(/orders_abandoned_walk \(status=\? AND updated_at[<>]/);
      if (store.engine === 'sqlite') expect(plan).not.toContain('TEMP B-TREE');
    }
    expect(idle.plan).toMatch(store.engine === 'sqlite' ? /updated_at>\? AND updated_at<\?/ : /updated_at >= /);
    await expectIndexed(abandonedOrdersPick(db, ago(60 * 24 * 29), 500, status, idleFrom), { seek: true });
  }
  const numbers = ['SVC-000097', 'SVC-000197', 'SVC-000297'];
  const { history, attempts, sessions, orders } = abandonedOrderDeletes(db, numbers);
  for (const statement of [history, attempts, sessions, orders]) await expectIndexed(statement, { seek: true });
});

test("an order with its current attempt (every poll and checkout): both rows by their keys", async () => {
  await expectIndexed(orderWithAttemptQuery(store.db, 'SVC-005000'), { seek: true });
});

test('the reconciler: lapsed transfers and a page of candidates', async () => {
  await expectIndexed(lapsedTransfers(store.db, now), { seek: true });
  const bounds = { now, staleBefore: ago(5).toISOString(), pendingBefore: ago(2).toISOString() };
  // Each walk seeks its index, on its first page and from a cursor (no page re-reads the ones before).
  for (const walk of candidateWalks(bounds)) {
    await expectIndexed(candidatePage(store.db, walk, undefined, 100), { seek: true });
    await expectIndexed(candidatePage(store.db, walk, { at: ago(60 * 24 * 30).toISOString(), orderNumber: 'SVC-010000' }, 100), { seek: true });
  }
});

test('the reconciler reads only the pages out due a look: its walks of them seek the index by last look, not every page out', async () => {
  const bounds = { now, staleBefore: ago(5).toISOString(), pendingBefore: ago(2).toISOString() };
  const pageWalks = candidateWalks(bounds).filter((candidate) => ['page-out', 'replacement-refused'].includes(candidate.name));
  expect(pageWalks).toHaveLength(2);
  for (const walk of pageWalks) {
    for (const cursor of [undefined, { at: ago(60 * 24 * 30).toISOString(), orderNumber: 'SVC-010000' }]) {
      const { plan } = await planReads(candidatePage(store.db, walk, cursor, 100));
      expect(plan, walk.name).toMatch(/payment_attempts_(open|refused)_page_look/);
    }
  }
});

test('each reconciler walk pages through its candidates once, in its order, whatever the page size', async () => {
  const bounds = { now, staleBefore: ago(5).toISOString(), pendingBefore: ago(2).toISOString() };
  let walked = 0;
  for (const walk of candidateWalks(bounds)) {
    const seen: string[] = [];
    let cursor: WalkCursor | undefined;
    for (;;) {
      const page = await candidatePage(store.db, walk, cursor, 37).execute();
      seen.push(...page.map((order) => order.order_number));
      if (page.length < 37) break;
      cursor = cursorAfter(page);
    }
    const all = await candidatePage(store.db, walk, undefined, 1_000_000).execute();
    expect(seen, walk.name).toEqual(all.map((order) => order.order_number));
    walked += seen.length;
  }
  // The filled store has lapsed sessions, pages out and parked orders due: the walks did page.
  expect(walked).toBeGreaterThan(3 * 37);
});

test('the workers: the inbox claim and the due merchant webhook deliveries', async () => {
  const db = webhookDb(store);
  await expectIndexed(dueEventIds(db, 'bank', now.toISOString(), 50));
  await expectIndexed(dueEventIds(db, 'links', now.toISOString(), 50));
  // Read again at each start: the unreadable few through their own index, not every event kept
  // (a range on the primary key would pass for a seek and still read them all).
  expect((await planReads(unreadablePage(db, ''))).plan).toContain('events_unreadable');
  await expectIndexed(dueDeliveryIds(outbox(), { owner: 'w', now, leaseMs: 30_000, limit: 50, busyEndpoints: [] }));
  await expectIndexed(dueDeliveryIds(outbox(), { owner: 'w', now, leaseMs: 30_000, limit: 50, busyEndpoints: ['ep-1'] }));
});

test('the SINPE matcher: attempts by reference, bank payments by the rail transfer', async () => {
  await expectIndexed(attemptsByReference(store.db, ['R0001000', 'ACDEFH']), { seek: true });
  await expectIndexed(transfersAskingFor(store.db, '2000.00', 'CRC'), { seek: true });
  await expectIndexed(gatewaySinpeAttempt(store.db, 'SVC-000100'), { seek: true });
  const askable = askableAmounts(200000n, 99).map((minor) => fromMinorUnits(minor, 'CRC'));
  await expectIndexed(heldAmountsAmong(store.db, askable, now, 24 * 3_600_000), { seek: true });
  await expectIndexed(amountsHeldByClient(store.db, 'client-key', now, 24 * 3_600_000), { seek: true });
  await expectIndexed(ordersPricedAt(store.db, askable), { seek: true });
  await expectIndexed(matchedSibling(webhookDb(store), 'ext-1000', 'bp-2000'), { seek: true });
});

test('the consult interval shared by instances: claiming an order\'s next consult', async () => {
  await expectIndexed(consultSlotClaim(limitDb(store), 'SVC-010000', now.toISOString(), ago(-1).toISOString()), { seek: true });
});

test('the merchant lists of events, bank payments and deliveries: a later page starts at its cursor', async () => {
  const db = webhookDb(store);
  const at = ago(60 * 24 * 30).toISOString();
  await expectIndexed(eventsPage(db, eventsQuery.parse({}), undefined));
  await expectIndexed(eventsPage(db, eventsQuery.parse({}), { at, id: 'evt-10000' }), { seek: true });
  await expectIndexed(bankPaymentsPage(db, bankPaymentsQuery.parse({}), undefined));
  await expectIndexed(bankPaymentsPage(db, bankPaymentsQuery.parse({}), { at, id: 'bp-10000' }), { seek: true });
  await expectIndexed(deliveriesPage(outbox(), webhookDeliveriesQuery.parse({}), undefined));
  await expectIndexed(deliveriesPage(outbox(), webhookDeliveriesQuery.parse({}), { at, id: 'wd-10000-0' }), { seek: true });
});
