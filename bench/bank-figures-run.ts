// `npm run bench -- --bank [--seconds N]`: only the bank receiver's figures, for work on the
// acknowledgement path. The receiver with its inbox worker in process, then with the worker held
// back, then the bare Hono floor (decrypt + validate + durable insert; and a read-only POST), each in
// rounds alternating with the bare Hono baseline, so the receiver's distance to its floor is two
// ratios from the same run. Prints them and that BFF's peak RSS; writes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureBaseline, startBaselineServer } from './baseline.ts';
import { startBenchStack } from './bench-stack.ts';
import { measureBankFigures } from './load.ts';
import type { SpeedRun } from './load-run.ts';
import { currentLoad } from './machine.ts';

const ratioOf = (run: SpeedRun) => run.ratio ?? 0;
const micros = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(0)} µs`);
const rounds = (run: SpeedRun) => (run.roundRatios ?? []).map((value) => value.toFixed(3)).join(' ');

export async function runBankOnly(seconds: number, log: (line: string) => void): Promise<string> {
  const loadBefore = currentLoad();
  const logDirectory = mkdtempSync(join(tmpdir(), 'svc-bench-baseline-'));
  const hello = await startBaselineServer(logDirectory);
  const stack = await startBenchStack();
  try {
    const figures = await measureBankFigures(
      stack,
      { seconds, rounds: Math.max(1, Math.round(seconds)), baseline: (roundSeconds) => measureBaseline(hello, roundSeconds) },
      { seconds, comparisons: true, workerProcess: false, log },
    );
    const { bankDeliveriesReceiverOnly: receiver, bankFloor: floor, receiverAgainstFloor } = figures.comparisons!;
    const floorRatio = ratioOf(floor.ingest);
    const row = (name: string, run: SpeedRun, againstFloor: boolean) =>
      `| ${name} | ${run.figure.requestsPerSecond.toFixed(0)} | ${run.figure.p99Ms} ms | ${ratioOf(run).toFixed(3)}× | ${rounds(run)} | ${againstFloor ? `${(ratioOf(run) / floorRatio).toFixed(2)}×` : ''} |`;
    return [
      `bank receiver figures, ${seconds} s each, load average ${loadBefore.toFixed(2)} before and ${currentLoad().toFixed(2)} after`,
      '| load | requests/s (2xx) | p99 | ratio to bare Hono | round ratios | of the floor |',
      '|---|---|---|---|---|---|',
      row('`POST /v1/webhooks/banking`, worker in process', figures.bankDeliveries.run, true),
      row('the same, inbox worker held back', receiver.run, true),
      row('floor: bare Hono, decrypt + validate + durable insert', floor.ingest, false),
      row('floor: bare Hono, reading the body only', floor.readOnly, false),
      '',
      `inbox worker held back, in rounds alternating with the floor's: ${ratioOf(receiverAgainstFloor).toFixed(2)}× the floor (target ≥ 0.8×; rounds ${rounds(receiverAgainstFloor)})`,
      `acknowledged / stored: worker in process ${figures.bankDeliveries.acknowledged} / ${figures.bankDeliveries.stored}; ` +
        `held back ${receiver.acknowledged} / ${receiver.stored}; floor stored ${floor.ingestStored}`,
      `BFF peak RSS under the bank load (worker in process): ${(figures.bankBffPeakRssBytes / 1e6).toFixed(1)} MB (target ≤ 150 MB)`,
      // CPU per stored delivery: what a busy machine does not move, unlike a rate.
      `CPU per stored delivery: worker in process ${micros(figures.bankDeliveries.cpuMicrosPerStored)}, held back ${micros(receiver.cpuMicrosPerStored)}, ` +
        `floor ${micros(floor.ingestCpuMicrosPerStored)} (the floor's over the held-back receiver's: ${receiver.cpuMicrosPerStored ? (floor.ingestCpuMicrosPerStored / receiver.cpuMicrosPerStored).toFixed(2) : '—'}×)`,
    ].join('\n');
  } finally {
    await stack.close();
    await hello.stop();
    rmSync(logDirectory, { recursive: true, force: true });
  }
}
