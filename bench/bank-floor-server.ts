// What the bank-delivery target is measured against, from below: a bare Hono app on
// @hono/node-server (like the baseline) doing only what the bank-delivery target names for
// POST /v1/webhooks/banking, with nothing of the BFF around it (no middleware, log line, metrics or
// Kysely): read the body the way the BFF does, decrypt, validate against the contract, and insert
// into the BFF's own `events` table (its migrations, WAL, synchronous=FULL), deliveries that arrive
// together sharing one commit. POST /read-only reads the same body and answers: the cost of a
// POST of that size. Bundled and run like the baseline. Not product code.
import { randomUUID } from 'node:crypto';
import { serve, type HttpBindings } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import { decryptDeliveryNow } from '../node/bank-delivery-codec.ts';
import { bankEvent } from '../contract/bank/events.ts';
import { durableSynchronous, openStore } from '../bff/store/database.ts';

const databaseFile = process.env.FLOOR_DATABASE_FILE!;
const secretRef = process.env.BANK_SECRET_REF!;

// The BFF's schema and indexes, then the same connection settings as its store.
await (await openStore(`file:${databaseFile}`)).close();
const database = new Database(databaseFile);
database.pragma('journal_mode = WAL');
database.pragma(`synchronous = ${durableSynchronous}`);
const insert = database.prepare(
  `insert into events (id, source, external_id, type, payload, state, attempts, received_at)
   values (?, 'bank', ?, ?, ?, 'received', 0, ?) on conflict (source, external_id) do nothing`,
);
const insertBatch = database.transaction((rows: unknown[][]) => rows.map((row) => insert.run(...row).changes === 1));

let waiting: Array<{ row: unknown[]; done: () => void }> = [];
function stored(row: unknown[]): Promise<void> {
  return new Promise((done) => {
    waiting.push({ row, done });
    if (waiting.length > 1) return;
    setImmediate(() => {
      const batch = waiting;
      waiting = [];
      insertBatch(batch.map((entry) => entry.row));
      for (const entry of batch) entry.done();
    });
  });
}

const app = new Hono<{ Bindings: HttpBindings }>()
  .post('/read-only', async (c) => {
    await c.req.text();
    return c.json({ received: true });
  })
  .post('/ingest', async (c) => {
    const body = JSON.parse(await c.req.text()) as { data: string };
    const parsed = bankEvent.safeParse(JSON.parse(decryptDeliveryNow(body.data, secretRef)));
    if (!parsed.success) return c.json({ error: 'invalid event' }, 400);
    const event = parsed.data;
    await stored([randomUUID(), event.event.event_id, event.event.event_type, JSON.stringify(event), new Date().toISOString()]);
    return c.json({ received: true });
  });

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  console.log(`floor    http://127.0.0.1:${info.port}`);
});
// Exit through Node on the bench's SIGTERM (not the signal's default) so that --cpu-prof
// (BENCH_CPU_PROFILE_DIR) writes the floor's profile beside the BFF's.
process.once('SIGTERM', () => process.exit(0));
