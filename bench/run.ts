// `npm run bench`: every speed, size and efficiency figure in one run, speed as ratios to a bare Hono baseline
// measured in rounds alternating with each load's, then a PASS/MISS table against the issue's targets; writes
// bench/results.json. Flags: --seconds N (each timed load, default 5), --build (npm run build first,
// for the storefront Lighthouse audits; built anyway when dist/ is missing; the widget size is
// always built from the current sources into a temporary folder). The tables print as Markdown.
// --scale [--sizes 10000,100000,1000000] [--engines sqlite,postgres]: the data-volume figures instead (bench/scale.ts), written
// to the `scale` section of bench/results.json.
// --bank: the bank receiver's figures only (bench/bank-figures-run.ts): with its worker, the worker held
// back, the bare Hono floor, each against the baseline in the same run, and that BFF's peak RSS.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBaseline, startBaselineServer } from './baseline.ts';
import { auditStorefront, type LighthouseFigure } from './lighthouse.ts';
import { runBankOnly } from './bank-figures-run.ts';
import { formatLoadTable, runLoadTest, type BenchLoadFigures } from './load.ts';
import type { SpeedRun } from './load-run.ts';
import { durableCommitsPerSecond } from './disk-commits.ts';
import { measureInboxDrain, type InboxDrainFigure } from './inbox-drain.ts';
import { currentLoad, describeMachine, formatMachine, type Machine } from './machine.ts';
import { remedies } from './remedies.ts';
import { formatScale, parseEngines, parseSizes, runScale, writeScaleResults } from './scale-run.ts';
import { informational, targets, verdict, type Verdict } from './targets.ts';
import { measurePurchase, measureWidgetSize, sourcesNewerThanBuild, type WidgetSizeReport } from './widget-size.ts';

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  machine: Machine;
  secondsPerLoad: number;
  /** Single-row commits/s of a bare SQLite file with the BFF's durability settings, before and after the loads. */
  durableCommitsPerSecond: { before: number; after: number };
  widgetSize: WidgetSizeReport;
  /** Each speed load with its baseline rounds and its ratio. */
  load: BenchLoadFigures;
  baselinePeakRssBytes: number;
  /** The inbox worker through the front of a long queue against a short one. */
  inboxDrain: InboxDrainFigure;
  lighthouse: LighthouseFigure;
  verdicts: Verdict[];
}

const argument = (name: string) => process.argv.indexOf(name);
const seconds = argument('--seconds') > 0 ? Number(process.argv[argument('--seconds') + 1]) : 5;
if (!(seconds > 0)) throw new Error('--seconds takes a positive number');
const progress = (line: string) => console.error(`… ${line} (load ${currentLoad().toFixed(2)})`);

async function measureAll(): Promise<BenchResults> {
  const startedAt = new Date();
  const machine = describeMachine();
  progress('widget size');
  // The size comes from the sources as they are; the storefront Lighthouse audits serves dist/.
  const widgetSize = await measureWidgetSize({ build: argument('--build') > 0, fromSources: true });
  // The whole purchase is read from dist/widget (its lazy parts and per-country files).
  const purchase = measurePurchase();
  const stale = sourcesNewerThanBuild();
  if (stale.length) console.error(`  dist/widget (served to Lighthouse) is older than ${stale.slice(0, 3).join(', ')}${stale.length > 3 ? ' …' : ''}: npm run bench -- --build`);

  progress('durable commits of the disk');
  const commitsBefore = durableCommitsPerSecond();
  const logDirectory = mkdtempSync(join(tmpdir(), 'svc-bench-baseline-'));
  const hello = await startBaselineServer(logDirectory);
  let load: BenchLoadFigures;
  let baselinePeakRssBytes: number;
  try {
    load = await runLoadTest({ seconds, comparisons: true, log: progress, baseline: (roundSeconds) => measureBaseline(hello, roundSeconds) });
    baselinePeakRssBytes = hello.peakRssBytes();
  } finally {
    await hello.stop();
    rmSync(logDirectory, { recursive: true, force: true });
  }
  const ratio = (run: SpeedRun) => run.ratio ?? 0;
  const commitsAfter = durableCommitsPerSecond();
  progress('inbox backlog drain');
  const inboxDrain = await measureInboxDrain();

  // Last, once the loads have stopped: Lighthouse's simulated throttling still feels a busy CPU.
  progress('lighthouse');
  const lighthouse = await auditStorefront();

  const verdicts: Verdict[] = [
    verdict(targets.widgetGzip, widgetSize.widget.gzip, remedies.widgetGzip),
    verdict(targets.purchaseGzip, purchase.gzip, remedies.purchaseGzip),
    informational('widget first IIFE (brotli), floor ratio', `${(widgetSize.widget.brotli / 1000).toFixed(2)} kB; ${widgetSize.gzipRatio.toFixed(2)}× the Lit floor (gzip)`),
    verdict(targets.statusRatio, ratio(load.statusPolling), remedies.statusRatio),
    verdict(targets.bankRatio, ratio(load.bankDeliveries.run), remedies.bankRatio),
    informational('bank delivery ingest, worker held back', `${ratio(load.bankDeliveriesReceiverOnly.run).toFixed(3)}× baseline`),
    informational('bank delivery ingest, worker process', `${ratio(load.bankDeliveriesWorkerProcess.run).toFixed(3)}× baseline`),
    informational('bank floor: bare Hono, decrypt + validate + insert', `${ratio(load.bankFloor.ingest).toFixed(3)}× baseline`),
    informational('bank floor: bare Hono, body read only', `${ratio(load.bankFloor.readOnly).toFixed(3)}× baseline`),
    informational(
      'bank receiver against its floor: worker held back, worker in process',
      `${(ratio(load.bankDeliveriesReceiverOnly.run) / ratio(load.bankFloor.ingest)).toFixed(2)}×, ${(ratio(load.bankDeliveries.run) / ratio(load.bankFloor.ingest)).toFixed(2)}× (targets 0.8×, 0.4×)`,
    ),
    informational('bank receiver, worker held back, in rounds alternating with its floor', `${ratio(load.receiverAgainstFloor).toFixed(2)}× the floor (target 0.8×)`),
    informational(
      `inbox drain, ${inboxDrain.longQueue.toLocaleString('en')} waiting vs ${inboxDrain.shortQueue.toLocaleString('en')}`,
      `${inboxDrain.ratio.toFixed(2)}× the cost per event (${inboxDrain.longQueueMicros.toFixed(0)} vs ${inboxDrain.shortQueueMicros.toFixed(0)} µs)`,
    ),
    informational('checkout, fresh sessions', `${ratio(load.checkout).toFixed(3)}× baseline`),
    informational('session creation', `${ratio(load.sessionCreation).toFixed(3)}× baseline`),
    verdict(targets.loginsPerThousand, load.logins.perThousandCheckouts, remedies.loginsPerThousand),
    verdict(targets.consultsPerInterval, load.openOrderPolling.consultsPerInterval, remedies.consultsPerInterval),
    verdict(targets.bffRss, load.bankBffPeakRssBytes, remedies.bffRss),
    verdict(targets.lighthousePerformance, lighthouse.scores.performance, remedies.lighthousePerformance),
    verdict(targets.lighthouseAccessibility, lighthouse.scores.accessibility, remedies.lighthouseAccessibility),
    informational('Lighthouse best-practices', lighthouse.scores['best-practices'].toFixed(2)),
  ];
  machine.loadAtEnd = currentLoad();
  return {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine,
    secondsPerLoad: seconds,
    durableCommitsPerSecond: { before: commitsBefore, after: commitsAfter },
    widgetSize,
    load,
    baselinePeakRssBytes,
    inboxDrain,
    lighthouse,
    verdicts,
  };
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));

function formatVerdicts(verdicts: readonly Verdict[]): string {
  const width = Math.max(...verdicts.map((v) => v.figure.length));
  const lines = verdicts.map((v) => `  ${pad(v.pass === null ? '' : v.pass ? 'PASS' : 'MISS', 5)} ${pad(v.figure, width)}  ${pad(v.measured, 22)} target ${v.target}`);
  const fixes = verdicts.filter((v) => v.remedy).map((v) => `  ${v.figure}: ${v.remedy}`);
  return [...lines, ...(fixes.length ? ['', 'what would close each miss:', ...fixes] : [])].join('\n');
}

function formatSpeed(results: BenchResults): string {
  const rows: Array<[string, SpeedRun]> = [
    ['`GET /v1/orders/{n}`, final order', results.load.statusPolling],
    ['`POST /v1/webhooks/banking`', results.load.bankDeliveries.run],
    ['`POST /v1/webhooks/banking`, inbox worker held back', results.load.bankDeliveriesReceiverOnly.run],
    ['`POST /v1/webhooks/banking`, worker in its own process', results.load.bankDeliveriesWorkerProcess.run],
    ['floor: bare Hono, decrypt + validate + durable insert', results.load.bankFloor.ingest],
    ['floor: bare Hono, reading the same bodies only', results.load.bankFloor.readOnly],
    ['`POST /v1/checkout`, fresh sessions', results.load.checkout],
    ['`POST /v1/sessions`', results.load.sessionCreation],
  ];
  return [
    '| endpoint | requests/s | p99 | baseline requests/s | baseline p99 | ratio (median of rounds) | round ratios |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(([name, run]) => {
      const baseline = run.baseline;
      return `| ${name} | ${run.figure.requestsPerSecond.toFixed(0)} | ${run.figure.p99Ms} ms | ${baseline?.requestsPerSecond.toFixed(0) ?? '—'} | ${baseline ? `${baseline.p99Ms} ms` : '—'} | ${(run.ratio ?? 0).toFixed(3)}× | ${(run.roundRatios ?? []).map((value) => value.toFixed(3)).join(' ')} |`;
    }),
  ].join('\n');
}

function formatDetails(results: BenchResults): string {
  const { load, lighthouse } = results;
  const consult = load.openOrderPolling;
  return [
    `upstream: ${load.logins.logins} login(s) for ${load.logins.checkouts} checkouts (processPayment calls the gateway saw); ` +
      `${consult.consults} consult(s) over ${consult.figure.seconds} s of ${consult.pollers} pollers, interval ${consult.intervalMs} ms ` +
      `(${consult.intervals} intervals; shortest gap ${consult.minimumGapMs ?? '—'} ms); final-order polling caused ${load.statusPolling.consultsDuringRun} consult(s)`,
    `bank deliveries: ${load.bankDeliveries.acknowledged} acknowledged, ${load.bankDeliveries.stored} in the inbox afterwards; ` +
      `worker held back: ${load.bankDeliveriesReceiverOnly.acknowledged} acknowledged, ${load.bankDeliveriesReceiverOnly.stored} stored; ` +
      `worker in its own process: ${load.bankDeliveriesWorkerProcess.acknowledged} acknowledged, ${load.bankDeliveriesWorkerProcess.stored} stored, ` +
      `${load.bankDeliveriesWorkerProcess.processed} processed when the load ended ` +
      `(also stored: the warm-up second's deliveries and those in flight when a round ended); the disk took ${results.durableCommitsPerSecond.before.toFixed(0)} and ${results.durableCommitsPerSecond.after.toFixed(0)} ` +
      `durable single-row SQLite commits/s (WAL, synchronous=FULL) before and after the loads`,
    `memory (VmHWM): bank-delivery BFF ${(load.bankBffPeakRssBytes / 1e6).toFixed(1)} MB; buyer-side BFF ${(load.buyerBffPeakRssBytes / 1e6).toFixed(1)} MB; ` +
      `the bare Hono baseline, bundled and run the same way, ${(results.baselinePeakRssBytes / 1e6).toFixed(1)} MB`,
    `lighthouse ${lighthouse.lighthouseVersion} (mobile, simulated throttling): ` +
      Object.entries(lighthouse.metrics).map(([id, value]) => `${id} ${id === 'cumulative-layout-shift' ? value.toFixed(3) : `${value.toFixed(0)} ms`}`).join(', ') +
      (lighthouse.layoutShifts.length ? `; layout shifts: ${lighthouse.layoutShifts.map((shift) => `${shift.value.toFixed(3)} ${shift.elements.join(' ')}`).join('; ')}` : '') +
      (lighthouse.failedAudits.length ? `; failed audits: ${lighthouse.failedAudits.join('; ')}` : ''),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && argument('--bank') > 0) {
  console.log(await runBankOnly(seconds, progress));
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && argument('--scale') > 0) {
  // The data-volume figures only (bench/scale.ts): a run of their own, minutes long at 1M orders.
  const results = await runScale(parseSizes(process.argv), parseEngines(process.argv), progress);
  const resultsFile = fileURLToPath(new URL('./results.json', import.meta.url));
  writeScaleResults(resultsFile, results);
  console.log(`\nsvc-checkout bench --scale, ${results.finishedAt}\n${formatScale(results)}\n\nwrote the scale section of ${resultsFile}`);
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = await measureAll();
  const resultsFile = fileURLToPath(new URL('./results.json', import.meta.url));
  // The `scale` section comes from its own run (--scale): kept as it was.
  const scale = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as { scale?: unknown }).scale : undefined;
  writeFileSync(resultsFile, `${JSON.stringify(scale === undefined ? results : { ...results, scale }, null, 2)}\n`);
  console.log(`\nsvc-checkout bench, ${results.finishedAt}\n${formatMachine(results.machine)}\n`);
  console.log(formatVerdicts(results.verdicts));
  console.log(`\nspeed against the bare Hono baseline (${seconds} s each in rounds alternating with the baseline's, ${results.load.statusPolling.figure.connections} connections, loopback)\n${formatSpeed(results)}`);
  console.log(`\nload\n${formatLoadTable(results.load)}`);
  console.log(`\n${formatDetails(results)}`);
  console.log(`\nwrote ${resultsFile}`);
}
