// The PostgreSQL inbox worker's drain rate against a floor: a bare `pg` loop doing the same writes
// (claim a batch with FOR UPDATE SKIP LOCKED, per event lock/read/insert its bank payment, write its
// merchant event, mark it processed, one transaction per batch), measured in the same run on fresh
// databases of one server. Target: the worker at least 0.5× the loop's events/s.
//   TEST_DATABASE_URL=postgres://… npx tsx bench/inbox-throughput.ts [events]
// (BENCH_DATABASE_URL works too; without either it says so and exits 1.)
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { webhookDb } from '../bff/store/webhook-tables.ts';
import { openStore } from '../bff/store/database.ts';
import { createPostgresDatabase } from '../test/bff/fixtures/test-database.ts';
import { bankEventWorker, fillInbox } from './inbox-drain.ts';

const batchSize = 20;

export interface InboxThroughputFigure {
  events: number;
  workerPerSecond: number;
  barePgPerSecond: number;
  /** workerPerSecond / barePgPerSecond; the target is ≥ 0.5. */
  ratio: number;
}

export async function measureInboxThroughput(serverUrl: string, events = 2_000): Promise<InboxThroughputFigure> {
  // Alternated, the better of two each, so both sides see the same machine.
  const worker: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < 2; round++) {
    worker.push(await timed(serverUrl, events, drainWithWorker));
    bare.push(await timed(serverUrl, events, drainWithBarePg));
  }
  const workerPerSecond = Math.max(...worker);
  const barePgPerSecond = Math.max(...bare);
  return { events, workerPerSecond, barePgPerSecond, ratio: workerPerSecond / barePgPerSecond };
}

/** A fresh migrated database with `events` bank events waiting; `drain` timed through all of them. */
async function timed(serverUrl: string, events: number, drain: (url: string, events: number) => Promise<void>): Promise<number> {
  const database = await createPostgresDatabase(serverUrl);
  try {
    const store = await openStore(database.url);
    try {
      await fillInbox(webhookDb(store), events);
    } finally {
      await store.close();
    }
    const started = performance.now();
    await drain(database.url, events);
    const seconds = (performance.now() - started) / 1000;
    const check = await openStore(database.url);
    try {
      const row = await webhookDb(check).selectFrom('events').select((eb) => eb.fn.countAll<number>().as('count')).where('state', '=', 'processed').executeTakeFirstOrThrow();
      if (Number(row.count) !== events) throw new Error(`${events} events waiting but ${row.count} processed`);
    } finally {
      await check.close();
    }
    return events / seconds;
  } finally {
    await database.drop();
  }
}

async function drainWithWorker(url: string, events: number): Promise<void> {
  const store = await openStore(url);
  try {
    const worker = bankEventWorker(webhookDb(store));
    let done = 0;
    while (done < events) {
      const attempted = await worker.runOnce();
      if (attempted === 0) throw new Error(`the inbox ran dry after ${done} of ${events} events`);
      done += attempted;
    }
  } finally {
    await store.close();
  }
}

const claimSql = `
  with picked as (
    select id from events
    where state in ('received', 'failed') and source = 'bank'
      and (next_attempt_at is null or next_attempt_at <= $2)
      and (lease_expires_at is null or lease_expires_at <= $2)
    order by received_at limit $4 for update skip locked)
  update events set lease_owner = $1, lease_expires_at = $3 from picked where events.id = picked.id returning events.*`;

/** The floor: the same claim and writes, hand-written, on one `pg` connection. */
async function drainWithBarePg(url: string, events: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const owner = `bare-${randomUUID()}`;
    let done = 0;
    while (done < events) {
      const now = new Date();
      await client.query('begin');
      const claimed = await client.query(claimSql, [owner, now.toISOString(), new Date(now.getTime() + 60_000).toISOString(), batchSize]);
      for (const row of claimed.rows as { id: string; payload: string; type: string }[]) {
        const event = JSON.parse(row.payload) as { event: { event_id: string; occurred_at: string }; context: { payment_method_code: string }; payment: { payment_id: string; public_id: unknown; status?: string } };
        const stamp = new Date().toISOString();
        const paymentId = event.payment.payment_id;
        await client.query('update bank_payments set updated_at = updated_at where payment_id = $1', [paymentId]);
        const existing = await client.query('select * from bank_payments where payment_id = $1', [paymentId]);
        if (existing.rowCount === 0) {
          await client.query(
            `insert into bank_payments (payment_id, public_id, payment_method_code, status, has_reversal, last_event_id, last_event_at, created_at, updated_at)
             values ($1, $2, $3, $4, 0, $5, $6, $7, $7) on conflict (payment_id) do nothing`,
            [paymentId, String(event.payment.public_id), event.context.payment_method_code, event.payment.status ?? 'pending', event.event.event_id, event.event.occurred_at, stamp],
          );
        } else {
          await client.query('update bank_payments set status = $2, last_event_id = $3, updated_at = $4 where payment_id = $1', [paymentId, event.payment.status ?? 'pending', event.event.event_id, stamp]);
        }
        await client.query('insert into outbound_events (id, type, body, created_at) values ($1, $2, $3, $4)', [`msg_${randomUUID()}`, `bank.${row.type}`, JSON.stringify({ type: row.type, timestamp: stamp, data: event.payment }), stamp]);
        await client.query(
          `update events set state = 'processed', processed_at = $3, last_error = null, next_attempt_at = null, lease_owner = null, lease_expires_at = null
           where id = $1 and lease_owner = $2 and state in ('received', 'failed')`,
          [row.id, owner, stamp],
        );
      }
      await client.query('commit');
      done += claimed.rowCount ?? 0;
      if (claimed.rowCount === 0) throw new Error(`the bare loop ran dry after ${done} of ${events} events`);
    }
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) {
    console.error('Set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL server this bench may create databases on.');
    process.exit(1);
  }
  const figure = await measureInboxThroughput(server, Number(process.argv[2] ?? 2_000));
  console.log(`inbox drain on PostgreSQL, ${figure.events} bank events`);
  console.log(`  worker   ${figure.workerPerSecond.toFixed(0)} events/s`);
  console.log(`  bare pg  ${figure.barePgPerSecond.toFixed(0)} events/s`);
  console.log(`  ratio    ${figure.ratio.toFixed(2)} (target ≥ 0.50)`);
  process.exit(figure.ratio >= 0.5 ? 0 : 2);
}
