// `npm run bench -- --scale [--sizes 10000,100000,1000000]`: the data-volume figures. For each size
// and engine (SQLite; PostgreSQL from BENCH_DATABASE_URL or a throwaway server), a fresh store is
// migrated by the project's own migrations and filled in bulk (scale-fill.ts); then one in-process
// BFF on that store, with a manual clock an hour after the newest order, is measured: per-request
// figures (median of repeated requests), one reconciler pass, one retention batch, and the consults
// an idle BFF makes in an hour (the reconciler's passes as its timer would run them).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { encodePageCursor } from '../bff/http/page-cursor.ts';
import { encodeCursor } from '../bff/merchant/order-queries.ts';
import { dueDeliveryIds } from '../bff/outbox/deliveries.ts';
import type { OutboxDatabase } from '../bff/outbox/outbox-tables.ts';
import { startBff, type RunningBff } from '../bff/server.ts';
import { attemptsByReference } from '../bff/sinpe/matcher.ts';
import { openStore, type Engine } from '../bff/store/database.ts';
import { SandboxControl } from '../sandbox/control-client.ts';
import { startSandbox } from '../sandbox/server.ts';
import { checkoutBody, createMerchantSession } from '../test/bff/fixtures/buyer.ts';
import { ManualClock, merchantSecret, shopOrigin, testBffEnv } from '../test/support/system.ts';
import { createPostgresDatabase } from '../test/bff/fixtures/test-database.ts';
import { fillOrders, fillShape, type FilledTable } from './scale-fill.ts';

/** Requests timed per per-request figure, after untimed ones that warm the JIT and caches: the median is reported. */
const repetitions = 31;
const warmUps = 20;
/** The abandoned orders one retention batch finds due (under its batch size of 500, so one batch). */
const dueAbandoned = 450;
const reconcileIntervalMs = 15_000;

export const perRequestFigures = [
  'status poll',
  'checkout',
  'orders list, first page',
  'orders list, deep page',
  'orders by e-mail',
  'orders by order-number prefix',
  'orders by status',
  'orders by client reference',
  'events list, first page',
  'events list, deep page',
  'bank payments list, first page',
  'bank payments list, deep page',
  'webhook deliveries list, first page',
  'webhook deliveries list, deep page',
  'outbox worker poll',
  'SINPE matcher lookup',
] as const;
export type PerRequestFigure = (typeof perRequestFigures)[number];

export interface ScalePoint {
  engine: Engine;
  orders: number;
  fillSeconds: Record<FilledTable, number>;
  /** Median milliseconds of each per-request figure. */
  perRequestMs: Record<PerRequestFigure, number>;
  reconcilerPass: { ms: number; examined: number; consulted: number; resolved: number };
  retentionBatch: { ms: number; ordersDeleted: number };
  /** The longest the event loop waited during the retention pass and the reconciler's pass (ms). */
  longestStallMs: { retention: number; reconciler: number };
  /** A retention pass with nothing left to delete, and a reconciler pass with nothing due (ms). */
  idlePassMs: { retention: number; reconciler: number };
  idleHour: { consults: number; passes: number; passesMs: number };
}

export interface ScaleOptions {
  sizes: number[];
  engines: Engine[];
  log: (line: string) => void;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(times: number, once: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < warmUps; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

async function ok(response: Promise<Response>): Promise<void> {
  const answer = await response;
  if (answer.status >= 400) throw new Error(`${answer.url}: ${answer.status} ${await answer.text()}`);
  await answer.arrayBuffer();
}

/** The row in the middle of a list's order: where a deep page's cursor points. */
async function middleRow<T>(db: Kysely<any>, table: string, orderBy: string, columns: string[]): Promise<T> {
  const counted = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  const offset = Math.floor(Number(counted.rows[0]!.n) / 2);
  const row = await sql<T>`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)} order by ${sql.ref(orderBy)} desc limit 1 offset ${offset}`.execute(db);
  return row.rows[0]!;
}

async function measureOne(engine: Engine, orders: number, sandboxUrl: string, sandbox: SandboxControl, postgresServer: string | undefined, log: (line: string) => void): Promise<ScalePoint> {
  const directory = mkdtempSync(join(tmpdir(), 'svc-scale-'));
  const database = engine === 'postgres' ? await createPostgresDatabase(postgresServer!) : { url: `file:${join(directory, 'bff.sqlite')}`, drop: async () => undefined };
  const shape = fillShape(orders);
  let bff: RunningBff | undefined;
  try {
    const store = await openStore(database.url);
    const fillSeconds = {} as Record<FilledTable, number>;
    let abandonedRetentionMs: number;
    try {
      await fillOrders(store.db, engine, orders, (table, seconds) => {
        fillSeconds[table] = seconds;
        log(`${engine} ${orders}: ${table} filled in ${seconds.toFixed(1)} s`);
      });
      // The retention age that leaves one batch of abandoned orders due (as an hourly job finds them).
      const due = await sql<{ updated_at: string }>`select updated_at from orders where status in ('created', 'expired') and not exists (select 1 from payment_attempts where payment_attempts.order_number = orders.order_number and payment_attempts.gateway_tpt is not null) order by updated_at limit 1 offset ${dueAbandoned}`.execute(store.db);
      abandonedRetentionMs = shape.now.getTime() - Date.parse(due.rows[0]!.updated_at);
    } finally {
      await store.close();
    }

    const clock = new ManualClock(shape.now.getTime());
    bff = await startBff(
      testBffEnv({ sandboxUrl, databaseUrl: database.url }, {
        RATE_LIMIT_PER_MINUTE: '1000000',
        UPSTREAM_RATE_LIMIT_PER_MINUTE: '1000000',
        // Passes run when the bench says, on the bench's clock.
        RECONCILE_INTERVAL_MS: '0',
        RETENTION_INTERVAL_MS: '0',
        ABANDONED_ORDER_RETENTION_MS: String(abandonedRetentionMs),
        EVENT_RETENTION_MS: String(3_650 * 86_400_000),
      }),
      // The filled endpoints' hosts resolve to nothing: a delivery fails at once, never leaves the machine.
      { clock, resolveHost: async () => [] },
    );
    const url = bff.url;
    const db = bff.store.db as Kysely<any>;
    const merchant = { Authorization: `Bearer ${merchantSecret}` };
    const perRequestMs = {} as Record<PerRequestFigure, number>;

    // A final order from the middle of the history, polled with its status token.
    const polled = `SVC-${String(Math.floor(orders / 200) * 100).padStart(7, '0')}`;
    const statusToken = (await bff.app.services.tokens.signStatus(polled)).token;
    // Past the final-status cache's second each time: every poll reads the store, as a poll of another order would.
    perRequestMs['status poll'] = await timed(repetitions, () => {
      clock.advance(1_001);
      return ok(fetch(`${url}/v1/orders/${polled}`, { headers: { Authorization: `Bearer ${statusToken}` } }));
    });

    const sessions = await Promise.all(Array.from({ length: repetitions + warmUps }, () => createMerchantSession(url)));
    perRequestMs.checkout = await timed(repetitions, () =>
      ok(fetch(`${url}/v1/checkout`, { method: 'POST', headers: { Authorization: `Bearer ${sessions.pop()!.sessionToken}`, Origin: shopOrigin, 'Content-Type': 'application/json' }, body: JSON.stringify(checkoutBody) })),
    );

    const middleOrder = await middleRow<{ created_at: string; order_number: string }>(db, 'orders', 'created_at', ['created_at', 'order_number']);
    const middleEvent = await middleRow<{ received_at: string; id: string }>(db, 'events', 'received_at', ['received_at', 'id']);
    const middlePayment = await middleRow<{ updated_at: string; payment_id: string }>(db, 'bank_payments', 'updated_at', ['updated_at', 'payment_id']);
    const middleDelivery = await middleRow<{ created_at: string; id: string }>(db, 'webhook_deliveries', 'created_at', ['created_at', 'id']);
    const lists: Array<[string, string, string]> = [
      ['orders list', '/v1/merchant/orders?limit=50', encodeCursor(middleOrder)],
      ['events list', '/v1/merchant/events?limit=50', encodePageCursor({ at: middleEvent.received_at, id: middleEvent.id })],
      ['bank payments list', '/v1/merchant/bank-payments?limit=50', encodePageCursor({ at: middlePayment.updated_at, id: middlePayment.payment_id })],
      ['webhook deliveries list', '/v1/merchant/webhook-deliveries?limit=50', encodePageCursor({ at: middleDelivery.created_at, id: middleDelivery.id })],
    ];
    // The merchant's filters, each a first page of 50 (the e-mail in another case than stored, an address
    // of ordersPerAddress orders at every size of 2,000 or more: scale-fill.ts).
    const filters: Array<[PerRequestFigure, string]> = [
      ['orders by e-mail', '/v1/merchant/orders?limit=50&email=BUYER7%40Example.com'],
      ['orders by order-number prefix', '/v1/merchant/orders?limit=50&orderNumber=SVC-00012*'],
      ['orders by status', '/v1/merchant/orders?limit=50&status=pending'],
      ['orders by client reference', `/v1/merchant/orders?limit=50&clientReference=${encodeURIComponent(await someClientReference(db))}`],
    ];
    for (const [name, path] of filters) perRequestMs[name] = await timed(repetitions, () => ok(fetch(`${url}${path}`, { headers: merchant })));
    for (const [name, path, deepCursor] of lists) {
      perRequestMs[`${name}, first page` as PerRequestFigure] = await timed(repetitions, () => ok(fetch(`${url}${path}`, { headers: merchant })));
      perRequestMs[`${name}, deep page` as PerRequestFigure] = await timed(repetitions, () => ok(fetch(`${url}${path}&cursor=${deepCursor}`, { headers: merchant })));
    }

    const outbox = db as Kysely<OutboxDatabase>;
    perRequestMs['outbox worker poll'] = await timed(repetitions, () => dueDeliveryIds(outbox, { owner: 'bench', now: clock.now(), leaseMs: 30_000, limit: 50, busyEndpoints: [] }).execute());
    const reference = `R${String(Math.floor(orders / 10) * 5).padStart(7, '0')}`;
    perRequestMs['SINPE matcher lookup'] = await timed(repetitions, () => attemptsByReference(bff!.store.db, [reference]).execute());

    await sandbox.resetCalls();
    let stalls = stallMonitor();
    let started = performance.now();
    const pass = await bff.reconciler.runOnce();
    const reconcilerPass = { ms: performance.now() - started, ...pass };
    const reconcilerStallMs = stalls.longestMs();
    log(`${engine} ${orders}: reconciler pass ${reconcilerPass.ms.toFixed(0)} ms, ${pass.examined} examined, longest stall ${reconcilerStallMs.toFixed(0)} ms`);

    stalls = stallMonitor();
    started = performance.now();
    const retained = await bff.retention.runOnce();
    const retentionBatch = { ms: performance.now() - started, ordersDeleted: retained.orders };
    const longestStallMs = { retention: stalls.longestMs(), reconciler: reconcilerStallMs };
    started = performance.now();
    await bff.retention.runOnce();
    const idleRetentionMs = performance.now() - started;
    log(`${engine} ${orders}: retention ${retentionBatch.ms.toFixed(0)} ms for ${retained.orders} orders (longest stall ${longestStallMs.retention.toFixed(0)} ms), then idle ${idleRetentionMs.toFixed(1)} ms`);

    // An idle hour: no buyer, the reconciler's timer every RECONCILE_INTERVAL_MS (its default).
    await sandbox.resetCalls();
    const passes = 3_600_000 / reconcileIntervalMs;
    started = performance.now();
    for (let i = 0; i < passes; i++) {
      clock.advance(reconcileIntervalMs);
      await bff.reconciler.runOnce();
    }
    const idleHour = { consults: await sandbox.calls('consult'), passes, passesMs: performance.now() - started };
    // An idle pass: at the same time again, nothing is due (every order just looked at is remembered).
    started = performance.now();
    await bff.reconciler.runOnce();
    const idleReconcilerMs = performance.now() - started;
    log(`${engine} ${orders}: idle hour ${idleHour.consults} consults, ${(idleHour.passesMs / 1000).toFixed(1)} s of passes`);
    return { engine, orders, fillSeconds, perRequestMs, reconcilerPass, retentionBatch, longestStallMs, idlePassMs: { retention: idleRetentionMs, reconciler: idleReconcilerMs }, idleHour };
  } finally {
    await bff?.close();
    await database.drop();
    rmSync(directory, { recursive: true, force: true });
  }
}

export async function measureScale(options: ScaleOptions, postgresServer: string | undefined): Promise<ScalePoint[]> {
  const sandboxServer = await startSandbox({ SANDBOX_PORT: '0' });
  const sandbox = new SandboxControl(sandboxServer.url);
  const points: ScalePoint[] = [];
  try {
    for (const engine of options.engines) {
      if (engine === 'postgres' && !postgresServer) {
        options.log('no PostgreSQL server: the PostgreSQL figures are left out');
        continue;
      }
      for (const orders of options.sizes) points.push(await measureOne(engine, orders, sandboxServer.url, sandbox, postgresServer, options.log));
    }
  } finally {
    await sandboxServer.close();
  }
  return points;
}

/** Each figure at the largest size over the same at the smallest, per engine: 1 is flat. */
export function scaleRatios(points: readonly ScalePoint[]) {
  const engines = [...new Set(points.map((point) => point.engine))];
  return engines.map((engine) => {
    const mine = points.filter((point) => point.engine === engine).sort((a, b) => a.orders - b.orders);
    const small = mine[0]!;
    const large = mine.at(-1)!;
    const perRequest = Object.fromEntries(perRequestFigures.map((name) => [name, large.perRequestMs[name] / small.perRequestMs[name]]));
    const perRow = (ms: number, rows: number) => (rows > 0 ? ms / rows : null);
    return {
      engine,
      from: small.orders,
      to: large.orders,
      perRequest,
      reconcilerPass: { ratio: large.reconcilerPass.ms / small.reconcilerPass.ms, msPerExamined: [perRow(small.reconcilerPass.ms, small.reconcilerPass.examined), perRow(large.reconcilerPass.ms, large.reconcilerPass.examined)] },
      retentionBatch: { ratio: large.retentionBatch.ms / small.retentionBatch.ms, msPerOrder: [perRow(small.retentionBatch.ms, small.retentionBatch.ordersDeleted), perRow(large.retentionBatch.ms, large.retentionBatch.ordersDeleted)] },
      idleConsultsPerHour: [small.idleHour.consults, large.idleHour.consults],
    };
  });
}

/** The longest event-loop delay from now until asked (perf_hooks' histogram, 1 ms resolution). */
function stallMonitor(): { longestMs(): number } {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  return {
    longestMs() {
      histogram.disable();
      return histogram.max / 1e6;
    },
  };
}

/** A client reference some order carries (the fill gives most orders one). */
async function someClientReference(db: Kysely<any>): Promise<string> {
  const row = await db.selectFrom('orders').select('client_reference').where('client_reference', 'is not', null).limit(1).executeTakeFirst();
  return (row?.client_reference as string | undefined) ?? 'none';
}
