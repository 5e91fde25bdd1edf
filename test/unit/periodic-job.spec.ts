// The one job shape of the background passes (bff/lib/periodic-job.ts), without a wall clock:
// turns of the event loop are counted by a setImmediate ticker, and passes are driven by wake().
import { expect, test } from '../support/node-test.ts';
import { eachYielding, PeriodicJob } from '../../bff/lib/periodic-job.ts';
import { turnCounter } from '../bff/fixtures/event-loop-turns.ts';

const silent = { error: () => undefined };
const hour = 3_600_000;

test('eachYielding gives the event loop a turn after every item, and stops before the next once aborted', async () => {
  const counter = turnCounter();
  // Work that never yields by itself (as better-sqlite3's synchronous statements do).
  const done = await eachYielding(Array.from({ length: 50 }, (_, i) => i), undefined, async () => undefined);
  const turns = counter.stop();
  expect(done).toBe(50);
  expect(turns).toBeGreaterThanOrEqual(49);

  const stop = new AbortController();
  const handled: number[] = [];
  const partial = await eachYielding([1, 2, 3, 4], stop.signal, async (item) => {
    handled.push(item);
    if (item === 2) stop.abort();
  });
  expect(partial).toBe(2);
  expect(handled).toEqual([1, 2]);
});

test('a job runs its next pass at once when the last one left work, after a pause (cut short by wake) when it did not, and stop() ends it between batches', async () => {
  const passes: string[] = [];
  let leftWork = 3;
  let wokenPass: (() => void) | undefined;
  const woken = new Promise<void>((resolve) => (wokenPass = resolve));
  let sawAbort: ((aborted: boolean) => void) | undefined;
  const stoppedPass = new Promise<boolean>((resolve) => (sawAbort = resolve));
  let releaseLast: (() => void) | undefined;
  const job = new PeriodicJob({
    name: 'test',
    everyMs: hour,
    startDelayMs: 0,
    logger: silent,
    pass: async (signal) => {
      if (leftWork > 0) {
        passes.push(`batch ${leftWork}`);
        leftWork--;
        return true;
      }
      passes.push('idle');
      if (passes.filter((pass) => pass === 'idle').length === 2) {
        wokenPass?.();
        // The pass in hand when stop() is called sees the abort and ends before its next batch.
        await new Promise<void>((resolve) => (releaseLast = resolve));
        sawAbort?.(signal.aborted);
      }
      return false;
    },
  });
  job.start();
  // Three passes with work follow one another; the fourth finds none and the job pauses an hour.
  await expect.poll(() => passes.length).toBe(4);
  expect(passes).toEqual(['batch 3', 'batch 2', 'batch 1', 'idle']);
  // wake() ends the pause: no hour passes.
  job.wake();
  await woken;
  const stopping = job.stop();
  releaseLast?.();
  expect(await stoppedPass).toBe(true);
  await stopping;
  expect(passes).toEqual(['batch 3', 'batch 2', 'batch 1', 'idle', 'idle']);
});

test('a pass that throws is logged and the job goes on', async () => {
  const logged: string[] = [];
  let calls = 0;
  const job = new PeriodicJob({
    name: 'flaky',
    everyMs: hour,
    startDelayMs: 0,
    logger: { error: (_fields, message) => void logged.push(message) },
    pass: async () => {
      calls++;
      if (calls === 1) throw new Error('database restarting');
      return false;
    },
  });
  job.start();
  await expect.poll(() => logged).toEqual(['flaky pass failed; the next one retries']);
  job.wake();
  await expect.poll(() => calls).toBe(2);
  await job.stop();
});
