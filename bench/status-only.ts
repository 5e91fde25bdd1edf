// `npx tsx bench/status-only.ts [--seconds N]`: the status figure of `npm run bench` alone (GET
// /v1/orders/{n} of a final order, as the widget polls it, against the bare Hono baseline in
// alternating rounds), for comparing designs of the status path without the whole bench.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureBaseline, startBaselineServer } from './baseline.ts';
import { startBenchStack } from './bench-stack.ts';
import { measureFinalOrderStatus } from './status-speed.ts';

const flag = process.argv.indexOf('--seconds');
const seconds = flag > 0 ? Number(process.argv[flag + 1]) : 5;
const logDirectory = mkdtempSync(join(tmpdir(), 'svc-bench-status-'));
const hello = await startBaselineServer(logDirectory);
const stack = await startBenchStack();
try {
  const bff = await stack.startBff('status-bff');
  const status = await measureFinalOrderStatus(bff.url, stack.sandboxControl, {
    seconds,
    rounds: Math.max(1, Math.round(seconds)),
    baseline: (roundSeconds) => measureBaseline(hello, roundSeconds),
  });
  await bff.stop();
  console.log(JSON.stringify({ ratio: status.run.ratio, figure: status.run.figure, consultsDuringRun: status.consultsDuringRun }));
} finally {
  await stack.close();
  await hello.stop();
  rmSync(logDirectory, { recursive: true, force: true });
}
