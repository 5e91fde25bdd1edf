// `npm test`: typecheck, build, then every runner. Prints each runner's counts and,
// as the very last line, "N passed, N failed" summed over all of them.
// Exits non-zero when anything failed or a runner could not run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';
import { withPostgres } from './postgres.mjs';

const outDir = '.test-output';
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
const lines = [];
/** The titles of failed tests, repeated at the very end: CI may show only the tail of the output. */
const failedTitles = [];

function run(command, args, env = {}) {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function record(name, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${name}: ${passed} passed, ${failed} failed`);
}

/** A step that is one check (typecheck, build): it passes or fails as a whole. */
function check(name, command, args) {
  const status = run(command, args);
  record(name, status === 0 ? 1 : 0, status === 0 ? 0 : 1);
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

function playwright(name, config, projects, reportFile, env = {}, files = []) {
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  // A report left by an earlier runner must never be counted for this one.
  rmSync(reportFile, { force: true });
  // Files before the projects: `--project` takes every name after it.
  const status = run('npx', ['playwright', 'test', '--config', config, ...files, ...projectArgs], env);
  const report = readJson(reportFile);
  if (!report?.stats) return record(name, 0, 1);
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  for (const suite of report.suites ?? []) failedTitles.push(...unexpectedTests(suite).map((title) => `[${name}] ${title}`));
  // A crash outside any test (global setup, webServer) still has to turn the run red.
  record(name, expected + flaky, unexpected + (status !== 0 && unexpected === 0 ? 1 : 0));
}

check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
check('widget build', 'npm', ['run', '--silent', 'build']);

try {
  ensureChromium();
} catch (error) {
  console.error(`\n${error.message}`);
  record('chromium', 0, 1);
}

{
  // Under tsx: web-test-runner.config.mjs imports TypeScript (the widget's lazy assets, the test stack).
  const status = run('node', ['--import', 'tsx', './node_modules/@web/test-runner/dist/bin.js']);
  const counts = readJson(`${outDir}/wtr.json`);
  if (counts) record('widget (web-test-runner)', counts.passed, counts.failed + (status !== 0 && counts.failed === 0 ? 1 : 0));
  else record('widget (web-test-runner)', 0, 1);
}

const nodeProjects = ['contract', 'sandbox', 'bff', 'reliability'];
playwright('node suites on SQLite', 'playwright.config.ts', nodeProjects, `${outDir}/playwright-node.json`);

await withPostgres(async (databaseUrl) => {
  if (!databaseUrl) return record('PostgreSQL server', 0, 1);
  // The bff suites again, each file on its own database, then several BFF processes on one.
  playwright('bff and multi-instance suites on PostgreSQL', 'playwright.config.ts', ['bff', 'multi-instance'], `${outDir}/playwright-node.json`, {
    TEST_DATABASE_URL: databaseUrl,
  });
});

// Once more against the sandbox's variance mode (SANDBOX_VARIANTS=1, sandbox/variants): the gateway
// and the bank answer with the variants the spec allows (numbers as strings and back, null for
// empty, extra fields, `message` on success, a 401 in the body, int64 bank ids). A representative
// subset, every file that talks to the gateway or the bank through the BFF: the buyer's path and
// its return, the merchant's orders, links and transactions, bank events, link reports, the
// gateway client, and the reliability suites of gateway faults and the reconciler.
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
  'test/reliability/gateway-faults.spec.ts',
  'test/reliability/reconciler.spec.ts',
];
playwright('bff, merchant and reliability suites against the sandbox variants', 'playwright.config.ts', ['bff', 'reliability'], `${outDir}/playwright-node.json`, { SANDBOX_VARIANTS: '1', GATEWAY_FAULT_CHECKOUTS: '100' }, variantSuites);

playwright('e2e (Chromium, full stack)', 'playwright.e2e.config.ts', [], `${outDir}/playwright-e2e.json`);

if (failedTitles.length > 0) {
  console.log('\nFailed tests');
  for (const title of failedTitles) console.log(`  ✘ ${title}`);
}
console.log('\nSummary');
for (const line of lines) console.log(`  ${line}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
