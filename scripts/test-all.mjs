// `npm test`: typecheck and lint, build, then every runner. Prints each runner's counts and,
// as the very last line, "N passed, N failed" summed over all of them.
// Exits non-zero when anything failed or a runner could not run.
//
// Two lanes run side by side after the build (the typecheck beside them): the Node suites (SQLite,
// then PostgreSQL) and the browser suites (web-test-runner, then e2e, then the packed widget in real
// bundlers, then the sandbox variants, then the upstream properties: the Node lane's longest file, which
// computes while the browser runners mostly wait, so the two lanes end together);
// the load test last, alone.
// The browser lane mostly waits on Chromium and on timers, the Node lane mostly computes: together
// they keep both cores of a small machine busy. So each runner has one test process at a time (one
// Playwright worker, one web-test-runner page), except e2e, whose two mostly wait: two per runner
// put five busy processes on two cores, and the same tests then cost more CPU
// (more worker starts, PostgreSQL's backends and Node's threads waiting their turn) for no shorter
// run; measured in bench/README.md, "Suite CPU: one test process per lane". Each runner's output
// goes to its own file in .test-output/logs (two runners' lines interleaved would be unreadable); a
// failed runner's tail is printed, and the titles of every failed test come last, because CI may
// show only the tail.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';
import { withPostgres } from './postgres.mjs';
import { waitedChildrenCpuSeconds } from './cpu-seconds.mjs';

const outDir = '.test-output';
const logDir = `${outDir}/logs`;
rmSync(outDir, { recursive: true, force: true });
mkdirSync(logDir, { recursive: true });

const runStarted = Date.now();
let postgresCpuSeconds = 0;
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** The runners in the order they started, whatever order the lanes finish in. */
const stageOrder = [];
const results = new Map();
/** CPU seconds each runner's process tree spent. */
const cpuSeconds = new Map();
/** The titles of failed tests, repeated at the very end: CI may show only the tail of the output. */
const failedTitles = [];

function started(name) {
  if (!stageOrder.includes(name)) stageOrder.push(name);
}

function record(name, passed, failed, took = '') {
  started(name);
  results.set(name, { passed, failed, took });
}

function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** Runs a command with its output in .test-output/logs/<name>.log; resolves with its exit status. */
function run(name, command, args, env = {}) {
  const log = `${logDir}/${slug(name)}.log`;
  started(name);
  console.log(`▶ ${name}: ${command} ${args.join(' ')}  (output in ${log})`);
  const since = Date.now();
  const cpuFile = `${logDir}/${slug(name)}.cpu`;
  return new Promise((resolve) => {
    const output = openSync(log, 'w');
    const child = spawn(process.execPath, ['scripts/measured.mjs', cpuFile, command, ...args], { stdio: ['ignore', output, output], env: { ...process.env, ...env } });
    const finish = (status) => {
      closeSync(output);
      const took = seconds(since);
      cpuSeconds.set(name, Number(readText(cpuFile) ?? 0));
      console.log(`${status === 0 ? '✔' : '✘'} ${name}: exit ${status} after ${took}`);
      if (status !== 0) printTail(log);
      resolve({ status, took });
    };
    child.on('error', (error) => {
      console.error(`${name}: ${error.message}`);
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

function printTail(log, lines = 60) {
  const text = readFileSync(log, 'utf8').trimEnd().split('\n');
  console.log(`── last ${Math.min(lines, text.length)} lines of ${log} ──`);
  console.log(text.slice(-lines).join('\n'));
  console.log('──');
}

/** A step that is one check (typecheck, build): it passes or fails as a whole. */
async function check(name, command, args) {
  const { status, took } = await run(name, command, args);
  record(name, status === 0 ? 1 : 0, status === 0 ? 0 : 1, took);
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Every test of a Playwright JSON report whose outcome was unexpected, as "file:line › title". */
function unexpectedTests(suite, trail = []) {
  const found = [];
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected') found.push(`${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')}`);
    }
  }
  for (const child of suite.suites ?? []) found.push(...unexpectedTests(child, suite.title && !suite.title.endsWith('.ts') ? [...trail, suite.title] : trail));
  return found;
}

/** Every Node suite of the lanes: one worker, the other core is the other lane's (see the top). */
const oneWorker = ['--workers', '1'];

async function playwright(name, config, projects, env = {}, args = []) {
  // Each run its own report and artifacts (the configs read these two): runs overlap.
  const reportFile = `${outDir}/${slug(name)}.json`;
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  // Files and flags before the projects: `--project` takes every name after it.
  const { status, took } = await run(name, 'npx', ['playwright', 'test', '--config', config, ...args, ...projectArgs], {
    ...env,
    TEST_REPORT_FILE: reportFile,
    TEST_ARTIFACTS_DIR: `${outDir}/artifacts-${slug(name)}`,
  });
  const report = readJson(reportFile);
  if (!report?.stats) return record(name, 0, 1, took);
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  for (const suite of report.suites ?? []) failedTitles.push(...unexpectedTests(suite).map((title) => `[${name}] ${title}`));
  // A crash outside any test (global setup, webServer) still has to turn the run red.
  record(name, expected + flaky, unexpected + (status !== 0 && unexpected === 0 ? 1 : 0), took);
}

async function webTestRunner(name) {
  // Under tsx: web-test-runner.config.mjs imports TypeScript (the widget's lazy assets).
  // One page at a time beside the Node lane (see the top); the config's two are for a run alone.
  const { status, took } = await run(name, 'node', ['--import', 'tsx', './node_modules/@web/test-runner/dist/bin.js', '--concurrency', '1']);
  const counts = readJson(`${outDir}/wtr.json`);
  if (!counts) return record(name, 0, 1, took);
  failedTitles.push(...(counts.failedTitles ?? []).map((title) => `[${name}] ${title}`));
  record(name, counts.passed, counts.failed + (status !== 0 && counts.failed === 0 ? 1 : 0), took);
}

// Once more against the sandbox's variance mode (SANDBOX_VARIANTS=1, sandbox/variants): the gateway
// and the bank answer with the variants the spec allows (numbers as strings and back, null for
// empty, extra fields, `message` on success, a 401 in the body, int64 bank ids). A representative
// subset, every file that talks to the gateway or the bank through the BFF: the buyer's path and
// its return, the merchant's orders, links and transactions, bank events, link reports, the
// gateway client, and the reliability suites of gateway faults and the reconciler; and the journeys
// against the sandbox answering as the real Tilopay is observed to (SANDBOX_PROFILE=tilopay), so that
// profile meets the variants too.
const variantSuites = [
  'test/bff/gateway-client.spec.ts',
  'test/bff/upstream-answers.spec.ts',
  'test/bff/buyer-path.spec.ts',
  'test/bff/return-verification.spec.ts',
  'test/bff/status-polling.spec.ts',
  'test/bff/exactly-once.spec.ts',
  'test/bff/merchant-orders.spec.ts',
  'test/bff/merchant-links-transactions.spec.ts',
  'test/bff/merchant-idempotency.spec.ts',
  'test/bff/links-payments.spec.ts',
  'test/bff/banking-events.spec.ts',
  'test/bff/webhooks-banking.spec.ts',
  'test/bff/tilopay-journeys.spec.ts',
  'test/reliability/gateway-faults.spec.ts',
  'test/reliability/reconciler.spec.ts',
];

async function nodeLane() {
  // One project per runner (node-suites, postgres-suites, variant-suites in playwright.config.ts: the
  // same files as contract, unit, sandbox, bff, properties and reliability-plain; bff-engines and
  // multi-instance; bff and reliability): Playwright starts a worker for each project it meets.
  await playwright('node suites on SQLite', 'playwright.config.ts', ['node-suites'], {}, oneWorker);
  await withPostgres(
    async (databaseUrl) => {
      if (!databaseUrl) return record('PostgreSQL server', 0, 1);
      // The bff suites whose outcome depends on the engine again (test/engine-independent-suites.ts
      // lists the others), each file on its own database, then several BFF processes on one.
      await playwright('bff and multi-instance suites on PostgreSQL', 'playwright.config.ts', ['postgres-suites'], { TEST_DATABASE_URL: databaseUrl }, oneWorker);
    },
    { onCpuSeconds: (seconds) => (postgresCpuSeconds = seconds) },
  );
}

async function browserLane() {
  try {
    ensureChromium();
  } catch (error) {
    console.error(`\n${error.message}`);
    return record('chromium', 0, 1);
  }
  await webTestRunner('widget (web-test-runner)');
  await playwright('e2e (Chromium, full stack)', 'playwright.e2e.config.ts', []);
  // The packed widget installed (npm registry) into Vite + React, webpack and script-tag apps outside the repo.
  await playwright('packaging (the packed widget in real bundlers)', 'playwright.packaging.config.ts', []);
}

// The 200-checkout fault run runs here only (the Node lane's reliability suites leave it out): the
// variants answer canonically too, so this one run covers both (with 100 checkouts, about one run in
// seven drew no refusal in the body, and the test rightly says its mix was not exercised).
function variantsRun() {
  return playwright('bff, merchant and reliability suites against the sandbox variants', 'playwright.config.ts', ['variant-suites'], { SANDBOX_VARIANTS: '1' }, [...oneWorker, ...variantSuites]);
}

// The upstream properties (1,000 seeded draws per answer the specs allow): SQLite and the plain sandbox,
// as in the Node lane, whose longest file they were (67 of its 503 s).
function propertiesRun() {
  return playwright('upstream properties', 'playwright.config.ts', ['properties'], {}, oneWorker);
}

// The typecheck (one project per room, `tsc -b`) and the lint (the rooms' import rules) beside
// everything else, one after the other; every suite after the build (e2e and some Node suites use dist/).
const doors = check('typecheck', 'npm', ['run', '--silent', 'typecheck']).then(() => check('lint', 'npm', ['run', '--silent', 'lint']));
await check('widget build', 'npm', ['run', '--silent', 'build']);
// The variants and the properties after the browser suites, not after PostgreSQL: the two lanes then end together.
await Promise.all([doors, nodeLane(), browserLane().then(variantsRun).then(propertiesRun)]);
await playwright('load test (alone)', 'playwright.config.ts', ['load']);

if (failedTitles.length > 0) {
  console.log('\nFailed tests');
  for (const title of failedTitles) console.log(`  ✘ ${title}`);
}
const totals = { passed: 0, failed: 0 };
console.log(`\nSummary (${seconds(runStarted)} in all; each runner's output in ${logDir}/)`);
for (const name of stageOrder) {
  // A runner that started and left no counts (it cannot happen today) still turns the run red.
  const { passed, failed, took } = results.get(name) ?? { passed: 0, failed: 1, took: '' };
  totals.passed += passed;
  totals.failed += failed;
  const cpu = cpuSeconds.has(name) ? `, ${Math.round(cpuSeconds.get(name))} s CPU` : '';
  console.log(`  ${name}: ${passed} passed, ${failed} failed${took ? ` (${took}${cpu})` : ''}`);
}
// What the run cost the machine, whatever the number of cores: the figure to keep down.
const testCpu = waitedChildrenCpuSeconds();
console.log(`CPU: ${Math.round(testCpu + postgresCpuSeconds)} s (test processes ${Math.round(testCpu)} s, PostgreSQL server ${Math.round(postgresCpuSeconds)} s)`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
