// A burst of bank deliveries into one BFF with its inbox worker in process, as production runs it:
// whether the worker keeps up with what the receiver acknowledges. `count` distinct encrypted
// deliveries are POSTed by 10 connections as fast as the BFF answers; the inbox is sampled while they
// arrive. Figures, each a ratio measured in this one run: the worker's events/s while deliveries
// arrive ÷ the acknowledgements/s (target ≥ 0.5), what waits at the last acknowledgement, and the
// seconds from it until nothing waits (target ≤ 10 s for 20,000); the BFF's peak RSS (≤ 150 MB).
// Each configuration gets a fresh database: `--compare` also runs the bank events with one worker
// loop (the worker as it was before INBOX_BANK_LOOPS), alternated with the default.
//   npx tsx bench/bank-burst.ts [--count 20000] [--engine sqlite|postgres] [--compare | --loops 1,2,4]
// PostgreSQL: TEST_DATABASE_URL (or BENCH_DATABASE_URL) names a server, else a throwaway one is started
// (scripts/postgres.mjs); each configuration gets its own database on it.
import Database from 'better-sqlite3';
import pg from 'pg';
import { cpus, loadavg } from 'node:os';
import { createPostgresDatabase } from '../test/bff/fixtures/test-database.ts';
import { withPostgres } from '../scripts/postgres.mjs';
import { freePort } from '../test/bff/fixtures/bff-process.ts';
import { encryptedDeliveries } from './bank-ingest.ts';
import { startBenchStack, type BenchStack } from './bench-stack.ts';

export interface BankBurstFigure {
  label: string;
  engine: 'sqlite' | 'postgres';
  deliveries: number;
  acknowledged: number;
  burstSeconds: number;
  acknowledgedPerSecond: number;
  /** Bank events processed while deliveries arrived, per second. */
  processedPerSecond: number;
  /** processedPerSecond ÷ acknowledgedPerSecond (target ≥ 0.5). */
  drainRatio: number;
  waitingAtLastAck: number;
  /** From the last acknowledgement until no bank event waits (target ≤ 10 s for 20,000). */
  secondsToDrain: number;
  peakRssMb: number;
}

const argument = (name: string) => process.argv.indexOf(name);
const valueOf = (name: string, fallback: string) => (argument(name) > 0 ? process.argv[argument(name) + 1]! : fallback);

interface InboxCounts {
  waiting: number;
  processed: number;
}

/** Reads the inbox's bank events of the BFF's database while it runs. */
function inboxReader(engine: 'sqlite' | 'postgres', where: string): { counts(): Promise<InboxCounts>; close(): Promise<void> } {
  const query = "SELECT count(*) FILTER (WHERE state IN ('received', 'failed')) AS waiting, count(*) FILTER (WHERE state = 'processed') AS processed FROM events WHERE source = 'bank'";
  if (engine === 'sqlite') {
    let database: Database.Database | undefined;
    return {
      async counts() {
        database ??= new Database(where, { readonly: true, fileMustExist: true });
        const row = database.prepare(query).get() as { waiting: number; processed: number };
        return { waiting: Number(row.waiting), processed: Number(row.processed) };
      },
      async close() {
        database?.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: where });
  const connected = client.connect();
  return {
    async counts() {
      await connected;
      const row = (await client.query(query)).rows[0] as { waiting: string; processed: string };
      return { waiting: Number(row.waiting), processed: Number(row.processed) };
    },
    close: () => client.end(),
  };
}

async function burst(stack: BenchStack, label: string, engine: 'sqlite' | 'postgres', deliveries: readonly string[], extraEnv: Record<string, string>): Promise<BankBurstFigure> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
  const database = engine === 'postgres' ? await createPostgresDatabase(serverUrl!) : undefined;
  const name = `burst-${label.replace(/\W+/g, '-')}`;
  const bff = await stack.startBff(name, { ...extraEnv, ...(database && { DATABASE_URL: database.url }) });
  const reader = inboxReader(engine, database?.url ?? bff.databaseFile);
  try {
    let next = 0;
    let acknowledged = 0;
    const started = performance.now();
    const sender = async () => {
      while (next < deliveries.length) {
        const body = deliveries[next++]!;
        const response = await fetch(`${bff.url}/v1/webhooks/banking`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
        await response.arrayBuffer();
        if (response.status === 200) acknowledged++;
      }
    };
    await Promise.all(Array.from({ length: 10 }, sender));
    const burstSeconds = (performance.now() - started) / 1000;
    const atLastAck = await reader.counts();
    const lastAck = performance.now();
    let counts = atLastAck;
    while (counts.waiting > 0 || counts.processed < acknowledged) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      counts = await reader.counts();
      if (performance.now() - lastAck > 600_000) throw new Error(`${label}: ${counts.waiting} still waiting ten minutes after the burst`);
    }
    const secondsToDrain = (performance.now() - lastAck) / 1000;
    const acknowledgedPerSecond = acknowledged / burstSeconds;
    const processedPerSecond = atLastAck.processed / burstSeconds;
    return {
      label,
      engine,
      deliveries: deliveries.length,
      acknowledged,
      burstSeconds,
      acknowledgedPerSecond,
      processedPerSecond,
      drainRatio: processedPerSecond / acknowledgedPerSecond,
      waitingAtLastAck: atLastAck.waiting,
      secondsToDrain,
      peakRssMb: bff.peakRssBytes() / 1024 / 1024,
    };
  } finally {
    await reader.close();
    await bff.stop();
    await database?.drop();
  }
}

export function formatBurst(figures: readonly BankBurstFigure[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.label} (${f.engine}) | ${f.acknowledged.toLocaleString('en')} in ${f.burstSeconds.toFixed(1)} s: ${f.acknowledgedPerSecond.toFixed(0)}/s | ${f.processedPerSecond.toFixed(0)}/s | **${f.drainRatio.toFixed(2)}×** | ${f.waitingAtLastAck.toLocaleString('en')} | **${f.secondsToDrain.toFixed(1)} s** | ${f.peakRssMb.toFixed(1)} MB |`,
  );
  return ['| run | acknowledged | processed while arriving | drain ÷ acks (≥ 0.5×) | waiting at the last ack | drained after the last ack (≤ 10 s) | BFF peak RSS (≤ 150 MB) |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}

if (process.argv[1]?.endsWith('bank-burst.ts')) {
  const engine = valueOf('--engine', 'postgres') as 'sqlite' | 'postgres';
  if (engine === 'postgres' && !process.env.TEST_DATABASE_URL && !process.env.BENCH_DATABASE_URL) {
    // A throwaway server of the project's own (scripts/postgres.mjs), as bench --scale starts one.
    await withPostgres(
      async (url: string | undefined) => {
        if (!url) throw new Error('no PostgreSQL server binaries: set TEST_DATABASE_URL');
        process.env.TEST_DATABASE_URL = url;
        await main();
      },
      { port: await freePort() },
    );
  } else await main();
}

async function main(): Promise<void> {
  const count = Number(valueOf('--count', '20000'));
  const engine = valueOf('--engine', 'postgres') as 'sqlite' | 'postgres';
  const loadBefore = loadavg()[0]!;
  console.error(`… ${count} encrypted deliveries`);
  const deliveries = await encryptedDeliveries(count);
  const stack = await startBenchStack();
  const figures: BankBurstFigure[] = [];
  try {
    const runs: Array<[string, Record<string, string>]> = [['bank loops: default', {}]];
    if (argument('--compare') > 0) runs.push(['bank loops: 1 (as before)', { INBOX_BANK_LOOPS: '1' }]);
    // --loops 1,2,4: one run per INBOX_BANK_LOOPS value instead.
    if (argument('--loops') > 0) runs.splice(0, runs.length, ...valueOf('--loops', '1').split(',').map((loops): [string, Record<string, string>] => [`bank loops: ${loops}`, { INBOX_BANK_LOOPS: loops }]));
    for (const [label, env] of runs) {
      console.error(`… ${label}`);
      // The bench's deliveries are distinct events; each run gets a fresh database.
      figures.push(await burst(stack, label, engine, deliveries, env));
    }
  } finally {
    await stack.close();
  }
  console.log(`\nbank burst, ${count.toLocaleString('en')} deliveries, ${cpus().length} cores, load average ${loadBefore.toFixed(2)} before and ${loadavg()[0]!.toFixed(2)} after\n`);
  console.log(formatBurst(figures));
}
