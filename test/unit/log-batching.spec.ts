// The production logger writes its lines in batches: a busy server's request lines cost one write
// system call (and one thread-pool round trip) per batch, not per line, and a quiet server's lines
// still reach the file within the periodic flush.
import fs, { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/node-test.ts';
import { batchedLogDestination, createLogger, logBatching } from '../../bff/lib/observability/logger.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

test('request lines logged one after another, each once the previous write is done, reach the file in a few writes, not one each', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'log-batching-'));
  const fd = openSync(join(directory, 'out.log'), 'w');
  const writes = { started: 0, finished: 0 };
  const originalWrite = fs.write;
  // Counts the asynchronous writes to this file's descriptor (the destination writes through fs.write).
  fs.write = ((...args: unknown[]) => {
    if (args[0] !== fd) return (originalWrite as (...a: unknown[]) => void)(...args);
    writes.started++;
    const callback = args.at(-1) as (...result: unknown[]) => void;
    return (originalWrite as (...a: unknown[]) => void)(...args.slice(0, -1), (...result: unknown[]) => {
      writes.finished++;
      callback(...result);
    });
  }) as typeof fs.write;
  // The periodic flush is this test's to fire: a timer tick while the lines are logged (a slow or
  // busy machine) would add a write the batching did not choose.
  const originalSetInterval = globalThis.setInterval;
  const periodicFlushes: Array<() => void> = [];
  globalThis.setInterval = ((callback: () => void, ms: number) => {
    expect(ms).toBe(logBatching.periodicFlushMs);
    periodicFlushes.push(callback);
    return { unref: () => undefined, ref: () => undefined, hasRef: () => false };
  }) as unknown as typeof setInterval;
  try {
    const destination = batchedLogDestination(fd);
    globalThis.setInterval = originalSetInterval;
    expect(periodicFlushes).toHaveLength(1);
    const logger = createLogger('info', destination);
    const lines = 40;
    for (let index = 0; index < lines; index++) {
      logger.info({ method: 'POST', route: '/v1/webhooks/banking', status: 200, ms: 3, index }, 'request');
      // As on a server between requests: whatever write this line started has finished before the next.
      while (writes.finished < writes.started) await nextTurn();
    }
    const written = () => readFileSync(join(directory, 'out.log'), 'utf8').split('\n').filter(Boolean).length;
    // A quiet moment after them: the periodic flush writes what waits.
    periodicFlushes[0]!();
    await expect.poll(written).toBe(lines);
    // One line per write would be 40; 40 lines of ~130 bytes fit in two batches of minLength.
    expect(writes.started).toBeLessThanOrEqual(3);
    // Its periodic flush stops, and the descriptor is closed by it.
    (destination as unknown as { destroy(): void }).destroy();
  } finally {
    globalThis.setInterval = originalSetInterval;
    fs.write = originalWrite;
    rmSync(directory, { recursive: true, force: true });
  }
});

test('a silent logger (LOG_LEVEL=silent, every BFF under test) starts no periodic flush and writes nothing', async () => {
  // The batched destination's flush timer writes even an empty buffer (a system call every 100 ms,
  // for as long as the process lives, one timer per logger made): a logger that never writes a line
  // needs no destination at all.
  const originalSetInterval = globalThis.setInterval;
  const originalWrite = fs.write;
  let intervals = 0;
  let writes = 0;
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
    intervals++;
    return originalSetInterval(...args);
  }) as typeof setInterval;
  fs.write = ((...args: unknown[]) => {
    writes++;
    return (originalWrite as (...a: unknown[]) => void)(...args);
  }) as typeof fs.write;
  try {
    const logger = createLogger('silent');
    logger.error({ status: 500 }, 'not written');
    logger.flush();
    expect(intervals).toBe(0);
    expect(writes).toBe(0);
  } finally {
    globalThis.setInterval = originalSetInterval;
    fs.write = originalWrite;
  }
});
