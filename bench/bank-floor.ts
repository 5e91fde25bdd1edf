// The floor under the bank-delivery figures (bench/bank-floor-server.ts): the same deliveries into a
// bare Hono app that only decrypts, validates and durably inserts them, and into one that only reads
// them. Set against the baseline like the BFF's figures, they say how much of the gap to the target
// is the BFF's and how much is the work itself on this machine.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode, startBffNodeFlags } from '../scripts/build-bff.mjs';
import { storedBankEvents } from './bank-ingest.ts';
import { benchBankSecretRef } from './bench-stack.ts';
import { runRounds, type LoadPlan, type RoundOptions, type SpeedRun } from './load-run.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

export interface BankFloorFigures {
  /** Decrypt, validate, group-committed durable insert: nothing else. */
  ingest: SpeedRun;
  /** Of those, found in its `events` table afterwards. */
  ingestStored: number;
  /** Its CPU time during the ingest load per stored delivery, in µs. */
  ingestCpuMicrosPerStored: number;
  /** Read the body, answer 200. */
  readOnly: SpeedRun;
}

const post = { method: 'POST' as const, headers: { 'Content-Type': 'application/json' } };

/** The floor server, bundled and started like the BFF, on a fresh database named `name`. */
export async function startBankFloor(logDirectory: string, name: string): Promise<ServerProcess & { databaseFile: string }> {
  const entry = await bundleForNode('bench/bank-floor-server.ts', fileURLToPath(new URL('../dist/bench/bank-floor-server.js', import.meta.url)));
  const databaseFile = join(logDirectory, `${name}.db`);
  const server = await startServerProcess(entry, { NODE_ENV: 'production', FLOOR_DATABASE_FILE: databaseFile, BANK_SECRET_REF: benchBankSecretRef }, logDirectory, name, startBffNodeFlags());
  return { ...server, databaseFile };
}

/** Each delivery once into the floor's /ingest, in order: the plan of a run or a round. */
export function floorIngestPlan(floorUrl: string, deliveries: readonly string[]): Omit<LoadPlan, 'seconds'> {
  let next = 0;
  return { url: `${floorUrl}/ingest`, ...post, body: () => deliveries[Math.min(next++, deliveries.length - 1)]!, remaining: () => deliveries.length - next };
}

export async function measureBankFloor(logDirectory: string, deliveries: readonly string[], rounds: RoundOptions): Promise<BankFloorFigures> {
  const server = await startBankFloor(logDirectory, 'bank-floor');
  const { databaseFile } = server;
  try {
    const cpuBefore = server.cpuSeconds();
    const ingest = await runRounds(floorIngestPlan(server.url, deliveries), rounds);
    const ingestCpuSeconds = server.cpuSeconds() - cpuBefore;
    const ingestStored = storedBankEvents(databaseFile).stored;
    // Nothing is stored here: a body may be sent again.
    let sent = 0;
    const readOnly = await runRounds({ url: `${server.url}/read-only`, ...post, body: () => deliveries[sent++ % deliveries.length]! }, rounds);
    return { ingest, ingestStored, ingestCpuMicrosPerStored: (ingestCpuSeconds * 1e6) / Math.max(1, ingestStored), readOnly };
  } finally {
    await server.stop();
  }
}
