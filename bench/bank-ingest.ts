// POST /v1/webhooks/banking with real deliveries: events built by the sandbox bank's own builder,
// each with a new event_id, encrypted like the bank encrypts them (AES-256-GCM, key SHA-256 of
// secret_ref). The BFF decrypts, validates, inserts into its SQLite inbox (WAL, synchronous=FULL:
// an fsync per commit) and answers 200 only after the commit; the inbox worker applies the events
// at the same time, as in production. After the run the inbox is read back: every acknowledged
// delivery must be there.
import Database from 'better-sqlite3';
import { bankEventTypes } from '../contract/bank/event-types.ts';
import { bankEvent, deliveryBody } from '../test/bff/webhooks-support.ts';
import { benchBankSecretRef } from './bench-stack.ts';
import { runRounds, type LoadPlan, type RoundOptions, type SpeedRun } from './load-run.ts';


export interface BankIngestResult {
  run: SpeedRun;
  /** Deliveries answered 200. */
  acknowledged: number;
  /** Bank events found in the inbox afterwards (≥ acknowledged, or a delivery was lost). */
  stored: number;
  /** Of those, processed by then (the worker keeping up, or not). */
  processed: number;
  /** The server's CPU time during the load (its rounds and warm-up) per stored delivery, in µs, when it was given. */
  cpuMicrosPerStored?: number;
}

/** `count` encrypted delivery bodies, each a distinct event. */
export async function encryptedDeliveries(count: number, secretRef = benchBankSecretRef): Promise<string[]> {
  const bodies: string[] = [];
  for (let index = 0; index < count; index++) {
    bodies.push(await deliveryBody(bankEvent(bankEventTypes[index % bankEventTypes.length]!), secretRef));
  }
  return bodies;
}

export function storedBankEvents(databaseFile: string): { stored: number; processed: number } {
  const database = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return database
      .prepare("SELECT count(*) AS stored, count(*) FILTER (WHERE state = 'processed') AS processed FROM events WHERE source = 'bank'")
      .get() as { stored: number; processed: number };
  } finally {
    database.close();
  }
}

/** The inbox worker held back for a whole bench run (INBOX_WORKER_DELAY_MS): the receiver alone. */
export const workerHeldBack = { INBOX_WORKER_DELAY_MS: String(24 * 3600 * 1000) };

/** Each delivery once into a BFF's bank receiver, in order: the plan of a run or a round. */
export function bankReceiverPlan(bffUrl: string, deliveries: readonly string[]): Omit<LoadPlan, 'seconds'> {
  let next = 0;
  return {
    url: `${bffUrl}/v1/webhooks/banking`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: () => deliveries[Math.min(next++, deliveries.length - 1)]!,
    // A delivery is never sent twice: a redelivery is cheaper (acknowledged without an insert).
    remaining: () => deliveries.length - next,
  };
}

export async function measureBankIngest(bffUrl: string, databaseFile: string, deliveries: readonly string[], options: RoundOptions, cpuSeconds?: () => number): Promise<BankIngestResult> {
  const cpuBefore = cpuSeconds?.();
  const run = await runRounds(bankReceiverPlan(bffUrl, deliveries), options);
  const cpuUsed = cpuSeconds && cpuBefore !== undefined ? cpuSeconds() - cpuBefore : undefined;
  const stored = storedBankEvents(databaseFile);
  return {
    run,
    acknowledged: run.figure.statusCodes['200'] ?? 0,
    ...stored,
    ...(cpuUsed !== undefined && stored.stored > 0 ? { cpuMicrosPerStored: (cpuUsed * 1e6) / stored.stored } : {}),
  };
}
