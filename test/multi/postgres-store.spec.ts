// The PostgreSQL engine itself: migrations when instances start together, the inbox
// claim that lets workers share a backlog, pool settings from the environment, and readiness.
import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/node-test.ts';
import { sql } from 'kysely';
import pg from 'pg';
import { ConfigError, loadConfig } from '../../bff/config.ts';
import type { BankEvent } from '../../contract/bank/events.ts';
import { applyBankEvent } from '../../bff/intake/inbox/bank-payment-handler.ts';
import { claimDueEvents, enqueueEvent } from '../../bff/intake/inbox/inbox.ts';
import { webhookDb, type WebhookDb } from '../../bff/store/webhook-tables.ts';
import { startBff } from '../../bff/server.ts';
import { openStore, type Store } from '../../bff/store/database.ts';
import { migrations } from '../../bff/store/migrations/index.ts';
import { migrationLockKey } from '../../bff/store/postgres.ts';
import { createPostgresDatabase, type TestDatabase } from '../bff/fixtures/test-database.ts';
import { bankEvent } from '../bff/webhooks-support.ts';
import { clusterPolling } from './fixtures/cluster.ts';
import { postgresServer, type PostgresServer } from './fixtures/postgres-server.ts';

let server: PostgresServer;
const cleanups: Array<() => Promise<void>> = [];

// Two minutes a test in whichever project runs this file (`npm test` runs it in one project with the bff suites).
test.describe.configure({ timeout: 120_000 });
test.beforeAll(async () => {
  server = await postgresServer();
});
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
test.afterAll(async () => {
  await server?.stop();
});

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createPostgresDatabase(server.url, { empty: true });
  cleanups.push(() => database.drop());
  return database;
}

async function open(url: string, options: Parameters<typeof openStore>[1] = {}): Promise<Store> {
  const store = await openStore(url, options);
  cleanups.push(() => store.close());
  return store;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

async function appliedMigrations(store: Store, schema = 'public'): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from ${sql.id(schema, 'kysely_migration')} order by name`.execute(store.db);
  return result.rows.map((row) => row.name);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('six instances opening one empty database at once all start, and each migration runs once', async () => {
  const { url } = await freshDatabase();
  const stores = await Promise.all(Array.from({ length: 6 }, () => open(url)));
  expect(await appliedMigrations(stores[0]!)).toEqual(Object.keys(migrations).sort());
});

test('the same in a schema of its own: the schema is created once, under the lock, and nothing fails', async () => {
  const { url } = await freshDatabase();
  const stores = await Promise.all(Array.from({ length: 6 }, () => open(url, { schema: 'shop_a' })));
  expect(await appliedMigrations(stores[0]!, 'shop_a')).toEqual(Object.keys(migrations).sort());
  // The store's tables live in its schema, not in public.
  const tables = await sql<{ table_schema: string }>`select distinct table_schema from information_schema.tables where table_name = 'orders'`.execute(stores[0]!.db);
  expect(tables.rows.map((row) => row.table_schema)).toEqual(['shop_a']);
});

test('a start waits for the migration lock held by another instance, then finds its tables', async () => {
  const { url } = await freshDatabase();
  const holder = await connect(url);
  await holder.query('select pg_advisory_lock($1::bigint)', [migrationLockKey()]);

  let opened: Store | undefined;
  const opening = openStore(url).then((store) => {
    opened = store;
    cleanups.push(() => store.close());
    return store;
  });
  // The new instance is queued on the lock (seen by the server, not guessed from time)…
  await expect
    .poll(
      async () =>
        (
          await holder.query(
            `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
             where l.locktype = 'advisory' and not l.granted and a.application_name = 'svc-checkout-migrations'`,
          )
        ).rows[0].n,
      clusterPolling('the opening store to wait on the migration lock'),
    )
    .toBe(1);
  // …and has created nothing while it waits.
  const before = await holder.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
  expect(before.rows[0].n).toBe(0);
  expect(opened).toBeUndefined();

  await holder.query('select pg_advisory_unlock($1::bigint)', [migrationLockKey()]);
  const store = await opening;
  expect(await appliedMigrations(store)).toEqual(Object.keys(migrations).sort());
});

test('migration locks of different schemas are different locks', () => {
  expect(migrationLockKey('shop_a')).not.toBe(migrationLockKey('shop_b'));
  expect(migrationLockKey()).toBe(migrationLockKey('public'));
});

test.describe('the inbox claim', () => {
  async function backlog(count: number) {
    const { url } = await freshDatabase();
    const store = await open(url);
    const db = webhookDb(store);
    const now = new Date();
    for (let index = 0; index < count; index++) {
      await enqueueEvent(db, { source: 'bank', externalId: randomUUID(), type: 'payment.succeeded', payload: { index }, now: new Date(now.getTime() + index) });
    }
    return { url, db, now: new Date(now.getTime() + count) };
  }

  test('five workers claiming at once take disjoint batches that cover the whole backlog', async () => {
    const { db, now } = await backlog(50);
    const batches = await Promise.all(
      Array.from({ length: 5 }, (_, worker) => claimDueEvents(db, { source: 'bank', owner: `worker-${worker}`, now, leaseMs: 60_000, limit: 20 })),
    );
    const claimed = batches.flat().map((event) => event.id);
    // Nobody got an event twice, and nobody queued behind another worker's rows and came back empty-handed
    // while events were left: together they claimed everything in one round.
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed).toHaveLength(50);
    for (const [worker, batch] of batches.entries()) {
      expect(batch.every((event) => event.lease_owner === `worker-${worker}`)).toBe(true);
    }
    // And a lease still held is not claimable by anyone.
    expect(await claimDueEvents(db, { source: 'bank', owner: 'late', now, leaseMs: 60_000, limit: 20 })).toEqual([]);
  });

  test('a row another worker is claiming right now is skipped, not waited for', async () => {
    const { url, db, now } = await backlog(3);
    const oldest = await db.selectFrom('events').select('id').orderBy('received_at').executeTakeFirstOrThrow();
    const other = await connect(url);
    await other.query('begin');
    await other.query('select id from events where id = $1 for update', [oldest.id]);
    try {
      const batch = await claimDueEvents(db, { source: 'bank', owner: 'me', now, leaseMs: 60_000, limit: 20 });
      expect(batch).toHaveLength(2);
      expect(batch.map((event) => event.id)).not.toContain(oldest.id);
    } finally {
      await other.query('rollback');
    }
    // Released without being claimed: the next pass takes it.
    expect((await claimDueEvents(db, { source: 'bank', owner: 'me', now, leaseMs: 60_000, limit: 20 })).map((event) => event.id)).toEqual([oldest.id]);
  });

  test('an expired lease is claimed again; the oldest events come first', async () => {
    const { db, now } = await backlog(4);
    const first = await claimDueEvents(db, { source: 'bank', owner: 'crashed', now, leaseMs: 1_000, limit: 2 });
    const later = new Date(now.getTime() + 5_000);
    const second = await claimDueEvents(db, { source: 'bank', owner: 'successor', now: later, leaseMs: 60_000, limit: 10 });
    expect(first.map((event) => JSON.parse(event.payload).index)).toEqual([0, 1]);
    expect(second.map((event) => JSON.parse(event.payload).index)).toEqual([0, 1, 2, 3]);
    expect(second.every((event) => event.lease_owner === 'successor')).toBe(true);
  });
});

test('two instances applying events of one bank payment at once: an older event never overwrites a newer one', async () => {
  const { url } = await freshDatabase();
  const store = await open(url);
  const db = webhookDb(store);
  const paymentId = randomUUID();
  const at = (second: number) => `2026-11-21T12:00:0${second}.000Z`;
  const event = (type: 'payin.posted' | 'payment.succeeded', second: number) =>
    bankEvent(type, (e) => {
      e.payment.payment_id = paymentId;
      e.event.occurred_at = at(second);
    });
  await db.transaction().execute((trx) => applyBankEvent(trx, event('payin.posted', 0), new Date()));
  const newer = event('payment.succeeded', 2);
  const older = event('payin.posted', 1);

  // Instance A applies the newer event and holds its transaction open, while instance B applies the
  // older one and has to wait for A's row.
  await applyWhileAnotherHoldsTheRow(db, url, newer, older);

  const row = await db.selectFrom('bank_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
  expect(row.last_event_id).toBe(newer.event.event_id);
  expect(row.status).toBe(newer.payment.status);
});

test('two instances applying the first events of a new bank payment at once: both apply, neither fails', async () => {
  const { url } = await freshDatabase();
  const store = await open(url);
  const db = webhookDb(store);
  const paymentId = randomUUID();
  const event = (type: 'payin.posted' | 'payment.succeeded', second: number) =>
    bankEvent(type, (e) => {
      e.payment.payment_id = paymentId;
      e.event.occurred_at = `2026-11-21T12:00:0${second}.000Z`;
    });
  const posted = event('payin.posted', 1);
  const succeeded = event('payment.succeeded', 2);

  // Instance A creates the row and holds its transaction open, while instance B, which saw no row
  // either, applies the next event of the same payment.
  await applyWhileAnotherHoldsTheRow(db, url, posted, succeeded);

  const row = await db.selectFrom('bank_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ last_event_id: succeeded.event.event_id, status: succeeded.payment.status, direction: 'PAYIN' });
  expect(row.posted_at).toBe(posted.payment.posted_at);
  expect(row.net_amount).toBe(succeeded.payment.net_amount);
});

/**
 * Two instances on one payment: A applies `first` and keeps its transaction open until B, applying
 * `second`, is seen waiting for A's row lock in pg_locks; then A commits and both finish.
 */
async function applyWhileAnotherHoldsTheRow(db: WebhookDb, url: string, first: BankEvent, second: BankEvent): Promise<void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let applied = () => undefined as void;
  const firstApplied = new Promise<void>((resolve) => (applied = resolve));
  const instanceA = db.transaction().execute(async (trx) => {
    await applyBankEvent(trx, first, new Date());
    applied();
    await held;
  });
  await firstApplied;
  const instanceB = db.transaction().execute((trx) => applyBankEvent(trx, second, new Date()));
  const observer = await connect(url);
  await expect
    .poll(async () => (await observer.query(`select count(*)::int as n from pg_locks where not granted and locktype = 'transactionid'`)).rows[0].n, clusterPolling('instance B to wait for instance A'))
    .toBe(1);
  release();
  await Promise.all([instanceA, instanceB]);
}

test.describe('settings for running behind a load balancer', () => {
  const baseEnv = (databaseUrl: string) => ({
    NODE_ENV: 'test',
    // Nothing listens here: these tests are about the database side of the BFF.
    GATEWAY_BASE_URL: 'http://127.0.0.1:9',
    GATEWAY_API_USER: 'user',
    GATEWAY_API_PASSWORD: 'password',
    GATEWAY_API_KEY: 'key',
    MERCHANT_SECRET: 'pool-test-merchant-secret-0123456789',
    DATABASE_URL: databaseUrl,
    BFF_PORT: '0',
    LOG_LEVEL: 'silent',
  });

  test('a bad pool setting stops the start with a message naming the variable', () => {
    expect(() => loadConfig({ ...baseEnv('postgres://127.0.0.1/x'), PG_POOL_MAX: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...baseEnv('postgres://127.0.0.1/x'), PG_POOL_MAX: '0' })).toThrow(/PG_POOL_MAX/);
    expect(() => loadConfig({ ...baseEnv('postgres://127.0.0.1/x'), PG_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/PG_CONNECT_TIMEOUT_MS/);
  });

  test('PG_POOL_MAX caps the connections an instance opens; PG_STATEMENT_TIMEOUT_MS reaches the server', async () => {
    const { url } = await freshDatabase();
    const bff = await startBff({ ...baseEnv(url), PG_POOL_MAX: '2', PG_STATEMENT_TIMEOUT_MS: '1500' });
    cleanups.push(() => bff.close());
    const timeout = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(bff.store.db);
    expect(timeout.rows[0]?.statement_timeout).toBe('1500ms');

    const observer = await connect(url);
    const name = new URL(url).pathname.slice(1);
    let most = 0;
    const load = Promise.all(
      Array.from({ length: 40 }, () => fetch(`${bff.url}/v1/merchant/orders`, { headers: { Authorization: 'Bearer pool-test-merchant-secret-0123456789' } })),
    );
    let done = false;
    void load.finally(() => (done = true));
    while (!done) {
      const open = await observer.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'svc-checkout-bff'`, [name]);
      most = Math.max(most, open.rows[0].n);
      await sleep(5);
    }
    const answers = await load;
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });

  test('BFF_HOST chooses the address it listens on (loopback by default)', async () => {
    const { url } = await freshDatabase();
    const byDefault = await startBff(baseEnv(url));
    cleanups.push(() => byDefault.close());
    expect(new URL(byDefault.url).hostname).toBe('127.0.0.1');
    // Another loopback address (Linux routes all of 127/8 to lo): reachable there, and only there.
    const elsewhere = await startBff({ ...baseEnv(url), BFF_HOST: '127.0.0.2' });
    cleanups.push(() => elsewhere.close());
    const port = new URL(elsewhere.url).port;
    expect((await fetch(`http://127.0.0.2:${port}/healthz`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  test('/readyz says not ready, promptly, when its database is gone', async () => {
    const database = await freshDatabase();
    const bff = await startBff(baseEnv(database.url));
    cleanups.push(() => bff.close());
    expect((await (await fetch(`${bff.url}/readyz`)).json()).checks.database).toBe(true);
    await database.drop();
    const answer = await fetch(`${bff.url}/readyz`);
    expect(answer.status).toBe(503);
    expect((await answer.json()).checks.database).toBe(false);
  });
});
