// The load test: session creation, checkout,
// status polling and bank deliveries against a local stack of child processes, each for a bounded
// time, as requests/s, p50, p99 and errors. Figures, never timed assertions.
//
//   import { runLoadTest, formatLoadTable } from '../../bench/load.ts';
//   const figures = await runLoadTest({ seconds: 2 });
//
// With `comparisons: true` (the bench) it also loads what the bank-delivery figure is compared with:
// a BFF whose inbox worker is held back, and bare Hono doing only the work (bank-floor.ts). Those
// say where the BFF's time goes; they are not the product's behaviour, so the test leaves them out.
//
// `tsx bench/load.ts [--seconds N]` prints the table alone.
import { fileURLToPath } from 'node:url';
import { measureBankIngest, encryptedDeliveries, workerHeldBack, type BankIngestResult } from './bank-ingest.ts';
import { measureBankFloor, type BankFloorFigures } from './bank-floor.ts';
import { measureReceiverAgainstFloor } from './bank-against-floor.ts';
import { startBenchStack, type BenchStack } from './bench-stack.ts';
import { measureCheckout } from './checkout-speed.ts';
import { measureConsultsPerInterval, type ConsultFigure } from './consult-coalescing.ts';
import { measureLoginsPerThousandCheckouts, type LoginFigure } from './gateway-logins.ts';
import type { LoadFigure, RoundOptions, SpeedRun } from './load-run.ts';
import { measureSessionCreation } from './session-creation.ts';
import { measureFinalOrderStatus } from './status-speed.ts';

/** The BFF's own setting, passed explicitly so the consult figure knows the interval it judges. */
export const statusConsultIntervalMs = 2000;

export interface LoadTestFigures {
  seconds: number;
  sessionCreation: SpeedRun;
  /** Each request on a fresh session, against the sandbox with no added latency. */
  checkout: SpeedRun;
  /** GET /v1/orders/{n} on a final order with its status token. */
  statusPolling: SpeedRun & { consultsDuringRun: number };
  /** 100 concurrent pollers of one open order, and the consults the gateway saw. */
  openOrderPolling: ConsultFigure;
  bankDeliveries: BankIngestResult;
  /** Into a BFF with INBOX_WORKER=false while the worker process (`start:worker`) applies them. */
  bankDeliveriesWorkerProcess: BankIngestResult;
  logins: LoginFigure;
  /** Peak RSS (VmHWM) of the BFF that took the bank deliveries, and of the buyer-side one. */
  bankBffPeakRssBytes: number;
  buyerBffPeakRssBytes: number;
}

/** What the bench sets the bank-delivery figure against (`comparisons: true`). */
export interface LoadComparisons {
  /** The same deliveries into a fresh BFF whose inbox worker is held back: the receiver alone. */
  bankDeliveriesReceiverOnly: BankIngestResult;
  /** The same deliveries into bare Hono doing only the named work, and only reading them. */
  bankFloor: BankFloorFigures;
  /** The receiver (worker held back) in rounds alternating with the floor's: its `ratio` is of the floor. */
  receiverAgainstFloor: SpeedRun;
}

export type BenchLoadFigures = LoadTestFigures & LoadComparisons;

export interface LoadTestOptions {
  /** Duration of each timed load (default 5), in rounds of about a second. */
  seconds?: number;
  rounds?: number;
  /** One round of a baseline (the bench's bare Hono), run before each round of each speed load. */
  baseline?: (seconds: number) => Promise<LoadFigure>;
  /** Also the loads the bench compares the bank deliveries with (LoadComparisons). */
  comparisons?: boolean;
  log?: (line: string) => void;
}

export function runLoadTest(options: LoadTestOptions & { comparisons: true }): Promise<BenchLoadFigures>;
export function runLoadTest(options?: LoadTestOptions): Promise<LoadTestFigures & Partial<LoadComparisons>>;
export async function runLoadTest(options: LoadTestOptions = {}): Promise<LoadTestFigures & Partial<LoadComparisons>> {
  const seconds = options.seconds ?? 5;
  const rounds: RoundOptions = {
    seconds,
    rounds: options.rounds ?? Math.max(1, Math.round(seconds)),
    ...(options.baseline ? { baseline: options.baseline } : {}),
  };
  const log = options.log ?? (() => undefined);
  const stack = await startBenchStack();
  try {
    // Each speed figure gets a BFF of its own with nothing else running: a BFF left behind keeps
    // working (the buyer-side one reconciles the thousand unpaid orders of the checkout load).
    const statusBff = await stack.startBff('status-bff');
    log('status polling (final order)');
    const status = await measureFinalOrderStatus(statusBff.url, stack.sandboxControl, rounds);
    await statusBff.stop();

    const loginsBefore = await stack.sandboxControl.calls('login');
    const processPaymentsBefore = await stack.sandboxControl.calls('processPayment');
    const buyer = await stack.startBff('buyer-bff', { STATUS_CONSULT_INTERVAL_MS: String(statusConsultIntervalMs) });

    log('session creation');
    const created = await measureSessionCreation(buyer.url, rounds);

    log('checkout');
    const checkout = await measureCheckout(buyer.url, created.sessions, rounds);
    log('logins per 1,000 checkouts');
    const logins = await measureLoginsPerThousandCheckouts({
      bffUrl: buyer.url,
      sandbox: stack.sandboxControl,
      loginsBefore,
      processPaymentsBefore,
      unusedSessions: created.sessions.slice(checkout.used),
    });

    log('100 pollers of an open order');
    const openOrderPolling = await measureConsultsPerInterval(buyer.url, stack.sandboxControl, Math.max(seconds, 4), statusConsultIntervalMs);
    const buyerBffPeakRssBytes = buyer.peakRssBytes();
    await buyer.stop();

    const bank = await measureBankFigures(stack, rounds, { seconds, comparisons: options.comparisons === true, workerProcess: true, log });

    return {
      seconds,
      sessionCreation: created.run,
      checkout: checkout.run,
      statusPolling: { ...status.run, consultsDuringRun: status.consultsDuringRun },
      openOrderPolling,
      bankDeliveries: bank.bankDeliveries,
      bankDeliveriesWorkerProcess: bank.bankDeliveriesWorkerProcess!,
      logins,
      bankBffPeakRssBytes: bank.bankBffPeakRssBytes,
      buyerBffPeakRssBytes,
      ...bank.comparisons,
    };
  } finally {
    await stack.close();
  }
}

export interface BankFigures {
  bankDeliveries: BankIngestResult;
  bankBffPeakRssBytes: number;
  bankDeliveriesWorkerProcess?: BankIngestResult;
  comparisons?: LoadComparisons;
}

/**
 * The bank-delivery figures on a running stack: the receiver with its worker in process (and that
 * BFF's peak RSS), optionally into a BFF beside the worker process, and the comparisons (the worker
 * held back; the bare Hono floor). `npm run bench -- --bank` runs only these.
 */
export async function measureBankFigures(
  stack: BenchStack,
  rounds: RoundOptions,
  options: { seconds: number; comparisons: boolean; workerProcess: boolean; log: (line: string) => void },
): Promise<BankFigures> {
  const { log } = options;
  // A BFF of its own, so its peak RSS is the bank-delivery load's (and its start's), nothing else.
  const bank = await stack.startBff('bank-bff');
  // Enough distinct deliveries that no round runs dry (the floor took ~5,000/s here).
  const deliveries = await encryptedDeliveries(8000 * options.seconds);
  log('bank deliveries');
  const bankDeliveries = await measureBankIngest(bank.url, bank.databaseFile, deliveries, rounds, bank.cpuSeconds);
  const bankBffPeakRssBytes = bank.peakRssBytes();
  await bank.stop();

  let bankDeliveriesWorkerProcess: BankIngestResult | undefined;
  if (options.workerProcess) {
    // The deployment for many deliveries: the BFF stores them, the worker process applies them.
    const storing = await stack.startBff('bank-bff-storing', { INBOX_WORKER: 'false' });
    const worker = await stack.startWorker('inbox-worker', storing);
    log('bank deliveries, worker in its own process');
    bankDeliveriesWorkerProcess = await measureBankIngest(storing.url, storing.databaseFile, deliveries, rounds);
    await worker.stop();
    await storing.stop();
  }

  let comparisons: LoadComparisons | undefined;
  if (options.comparisons) {
    // Decrypt, validate and insert with nothing else on the event loop or the connection.
    const receiver = await stack.startBff('bank-bff-receiver-only', workerHeldBack);
    log('bank deliveries, inbox worker held back');
    const bankDeliveriesReceiverOnly = await measureBankIngest(receiver.url, receiver.databaseFile, deliveries, rounds, receiver.cpuSeconds);
    await receiver.stop();
    log('bank deliveries, the floor (bare Hono: decrypt, validate, insert; and a read-only POST)');
    const bankFloor = await measureBankFloor(stack.directory, deliveries, rounds);
    log('bank deliveries, inbox worker held back, in rounds alternating with the floor');
    const receiverAgainstFloor = await measureReceiverAgainstFloor(stack, deliveries, { seconds: rounds.seconds, rounds: rounds.rounds ?? 5 });
    comparisons = { bankDeliveriesReceiverOnly, bankFloor, receiverAgainstFloor };
  }
  return { bankDeliveries, bankBffPeakRssBytes, ...(bankDeliveriesWorkerProcess ? { bankDeliveriesWorkerProcess } : {}), ...(comparisons ? { comparisons } : {}) };
}

const ms = (value: number) => `${value} ms`;
const rate = (value: number) => value.toFixed(0);
const errorsOf = (figure: LoadFigure) => {
  const parts = [`${figure.errors + figure.timeouts + figure.non2xx}`];
  if (figure.non2xx) parts.push(`(${Object.entries(figure.statusCodes).filter(([code]) => !code.startsWith('2')).map(([code, n]) => `${n}×${code}`).join(', ')})`);
  if (figure.timeouts) parts.push(`(${figure.timeouts} timeouts)`);
  return parts.join(' ');
};

/** The table, in Markdown. */
export function formatLoadTable(figures: LoadTestFigures & Partial<LoadComparisons>): string {
  // A comparison the run did not make (the test's run) has no figure, and no row.
  const rows: Array<[string, LoadFigure | undefined]> = [
    ['status polling, final order (`GET /v1/orders/{n}`)', figures.statusPolling.figure],
    [`status polling, open order, ${figures.openOrderPolling.pollers} pollers`, figures.openOrderPolling.figure],
    ['session creation (`POST /v1/sessions`)', figures.sessionCreation.figure],
    ['checkout, fresh sessions (`POST /v1/checkout`)', figures.checkout.figure],
    ['bank deliveries (`POST /v1/webhooks/banking`)', figures.bankDeliveries.run.figure],
    ['bank deliveries, inbox worker held back', figures.bankDeliveriesReceiverOnly?.run.figure],
    ['bank deliveries, worker in its own process', figures.bankDeliveriesWorkerProcess.run.figure],
    ['bank floor: bare Hono decrypt + validate + insert', figures.bankFloor?.ingest.figure],
    ['bank floor: bare Hono reading the body only', figures.bankFloor?.readOnly.figure],
  ];
  return [
    '| load | connections | requests/s (2xx) | p50 | p99 | errors | answers |',
    '|---|---|---|---|---|---|---|',
    ...rows.flatMap(([name, f]) => (f ? [`| ${name} | ${f.connections} | ${rate(f.requestsPerSecond)} | ${ms(f.p50Ms)} | ${ms(f.p99Ms)} | ${errorsOf(f)} | ${f.responses} in ${f.seconds} s |`] : [])),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const secondsFlag = process.argv.indexOf('--seconds');
  const seconds = secondsFlag > 0 ? Number(process.argv[secondsFlag + 1]) : 5;
  const figures = await runLoadTest({ seconds, comparisons: true, log: (line) => console.error(`… ${line}`) });
  console.log(formatLoadTable(figures));
}
