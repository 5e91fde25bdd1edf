// Merchant webhook delivery, against a fast local receiver (node:http answering 204 at once):
// - throughput: a backlog of outbox events sent by the BFF's delivery worker (SQLite file, the
//   BFF's durability settings), against a baseline of bare signed-size POSTs from as many
//   concurrent loops as the worker has slots, to the same receiver in the same run;
// - time to first delivery: a change committed while the worker idles, until the receiver has it,
//   against one bare POST round trip.
// `npx tsx bench/webhook-delivery.ts [events]`; figures go in bench/README.md as ratios.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../bff/lib/observability/clock.ts';
import { createLogger } from '../bff/lib/observability/logger.ts';
import { systemResolver } from '../bff/outbox/outbound-guard.ts';
import { DeliveryWorker } from '../bff/outbox/delivery-worker.ts';
import { outboxDb, type OutboxDb } from '../bff/outbox/outbox-tables.ts';
import { recordOutboundEvent } from '../bff/outbox/outbox-writer.ts';
import { newWebhookSecret } from '../bff/outbox/signing.ts';
import { openStore } from '../bff/store/database.ts';

const concurrency = 16;
const sampleData = { paymentId: 'bench', publicId: '1', method: 'SINPE_MOVIL', status: 'confirmed', amount: '10000.00', currency: 'CRC', clientReference: 'SBX-1', externalReference: 'FT1', orderNumber: null, failure: null, updatedAt: new Date().toISOString() };

export interface WebhookDeliveryFigure {
  events: number;
  workerPerSecond: number;
  baselinePerSecond: number;
  /** workerPerSecond / baselinePerSecond. */
  throughputRatio: number;
  firstDeliveryMs: number;
  bareRoundTripMs: number;
  /** firstDeliveryMs / bareRoundTripMs. */
  firstDeliveryRatio: number;
}

async function fastReceiver() {
  let count = 0;
  const waiters: Array<{ target: number; resolve: () => void }> = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      count += 1;
      response.writeHead(204).end();
      for (const waiter of waiters.filter((candidate) => count >= candidate.target)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    count: () => count,
    until: (target: number) => (count >= target ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ target, resolve }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function workerFor(db: OutboxDb, url: string, pollMs: number) {
  return new DeliveryWorker({
    db,
    clock: systemClock,
    logger: createLogger('warn'),
    environment: { url, secret: newWebhookSecret() },
    schedule: [5_000],
    timeoutMs: 10_000,
    leaseMs: 60_000,
    pollMs,
    concurrency,
    endpointConcurrency: concurrency,
    // The bench's receiver is on loopback, as a developer's is.
    outbound: { allowLoopback: true },
    resolveHost: systemResolver,
  });
}

async function writeEvents(db: OutboxDb, count: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let index = 0; index < count; index++) await recordOutboundEvent(trx, 'bank.payment.succeeded', sampleData, new Date().toISOString());
  });
}

async function baselinePerSecond(url: string, events: number): Promise<number> {
  const body = JSON.stringify({ type: 'bank.payment.succeeded', timestamp: new Date().toISOString(), data: sampleData });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < events) {
        next += 1;
        const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
        await response.body?.cancel();
      }
    }),
  );
  return events / ((performance.now() - started) / 1000);
}

async function workerPerSecond(db: OutboxDb, url: string, receiver: Awaited<ReturnType<typeof fastReceiver>>, events: number): Promise<number> {
  await writeEvents(db, events);
  const worker = workerFor(db, url, 1_000);
  const before = receiver.count();
  const started = performance.now();
  worker.start();
  await receiver.until(before + events);
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  return events / seconds;
}

/** A change committed while the worker idles (its poll far away): the writer's hint wakes it. */
async function firstDeliveryMs(db: OutboxDb, url: string, receiver: Awaited<ReturnType<typeof fastReceiver>>, samples: number): Promise<number> {
  const worker = workerFor(db, url, 60_000);
  worker.start();
  const times: number[] = [];
  try {
    for (let index = 0; index < samples; index++) {
      // The previous delivery's wake-up pass has ended and the worker idles again.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const before = receiver.count();
      const started = performance.now();
      await writeEvents(db, 1);
      await receiver.until(before + 1);
      times.push(performance.now() - started);
    }
  } finally {
    await worker.stop();
  }
  return median(times);
}

async function bareRoundTripMs(url: string, samples: number): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    await response.body?.cancel();
    times.push(performance.now() - started);
  }
  return median(times);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function measureWebhookDelivery(events = 2_000): Promise<WebhookDeliveryFigure> {
  const directory = mkdtempSync(join(tmpdir(), 'svc-bench-outbox-'));
  const store = await openStore(`file:${join(directory, 'bff.db')}`);
  const receiver = await fastReceiver();
  try {
    const db = outboxDb(store);
    // Warm both paths, then alternate so both see the same machine; the better of two each.
    await baselinePerSecond(receiver.url, 200);
    await workerPerSecond(db, receiver.url, receiver, 200);
    const baseline: number[] = [];
    const worker: number[] = [];
    for (let round = 0; round < 2; round++) {
      baseline.push(await baselinePerSecond(receiver.url, events));
      worker.push(await workerPerSecond(db, receiver.url, receiver, events));
    }
    const first = await firstDeliveryMs(db, receiver.url, receiver, 30);
    const bare = await bareRoundTripMs(receiver.url, 30);
    const best = { baseline: Math.max(...baseline), worker: Math.max(...worker) };
    return {
      events,
      workerPerSecond: best.worker,
      baselinePerSecond: best.baseline,
      throughputRatio: best.worker / best.baseline,
      firstDeliveryMs: first,
      bareRoundTripMs: bare,
      firstDeliveryRatio: first / bare,
    };
  } finally {
    await receiver.close();
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figure = await measureWebhookDelivery(Number(process.argv[2] ?? 2_000));
  process.stdout.write(`${JSON.stringify(figure, null, 2)}\n`);
}
