import { defineConfig } from '@playwright/test';
import { engineIndependentSuites } from './test/engine-independent-suites.ts';

/**
 * Node-side suites: no browser. Each talks to real servers (the sandbox over HTTP,
 * SQLite files, PostgreSQL) that the tests start themselves on loopback ports.
 * test/e2e has its own config (playwright.e2e.config.ts) because it needs the whole stack.
 */
/** The suites of `npm test`'s SQLite lane: contract, unit, sandbox, bff, properties, reliability-plain. */
const nodeSuites = ['contract', 'unit', 'sandbox', 'bff', 'reliability'].map((folder) => `${folder}/**/*.spec.ts`);

export default defineConfig({
  timeout: 60_000,
  // expect.poll waits on the workers (their passes, retries, leases): on a loaded machine a pass
  // can take longer than Playwright's default 5 s, so a poll waits up to 10 s before failing.
  expect: { timeout: 10_000 },
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: process.env.TEST_REPORT_FILE ?? '.test-output/playwright-node.json' }]],
  // scripts/test-all.mjs gives each run its own report and artifacts folder: its runs overlap.
  outputDir: process.env.TEST_ARTIFACTS_DIR ?? '.test-output/node-artifacts',
  // The reliability suite first: its files are the longest (a 200-checkout run, the crash run, the
  // fuzzers), and the many short files of the others then fill the end of the run on both workers.
  projects: [
    { name: 'reliability', testDir: 'test/reliability', testIgnore: 'load.spec.ts', timeout: 300_000 },
    // What `npm test` runs on the plain sandbox: the 200 faulted checkouts run once, against the
    // sandbox's answer variants (scripts/test-all.mjs), which write each answer canonically too.
    { name: 'reliability-plain', testDir: 'test/reliability', testIgnore: ['load.spec.ts', 'gateway-faults.spec.ts'], timeout: 300_000 },
    // The load test makes its own load (child processes under autocannon): `npm test` runs it alone,
    // after everything else, so what it measures and asserts is not the other suites' load.
    { name: 'load', testDir: 'test/reliability', testMatch: 'load.spec.ts', timeout: 300_000 },
    { name: 'contract', testDir: 'test/contract' },
    // The BFF's pure decisions as tables (no store, no sandbox, no network).
    { name: 'unit', testDir: 'test/unit' },
    { name: 'sandbox', testDir: 'test/sandbox' },
    { name: 'bff', testDir: 'test/bff', testIgnore: 'upstream-properties.spec.ts' },
    // The bff suites whose outcome depends on the store's engine: `npm test` runs these on PostgreSQL.
    { name: 'bff-engines', testDir: 'test/bff', testIgnore: ['upstream-properties.spec.ts', ...engineIndependentSuites] },
    // Invariants for every answer the upstream specs allow (1,000 seeded draws each): decisions the
    // store engine does not take part in, so one engine (SQLite) runs them; PROPERTY_RUNS for more.
    { name: 'properties', testDir: 'test/bff', testMatch: 'upstream-properties.spec.ts', timeout: 600_000 },
    // Several BFF processes on one PostgreSQL: TEST_DATABASE_URL, or a server of its own.
    { name: 'multi-instance', testDir: 'test/multi', timeout: 120_000 },
    // What `npm test` runs (scripts/test-all.mjs): the same files as the projects above, one project
    // per runner. Playwright starts a worker for each project a run meets, and each start loads the
    // runner and the sources again (about 1.3 CPU-s, measured): one project keeps one worker. The
    // files that need more than a minute say so themselves (test.describe.configure), as they do in
    // the projects above.
    // The upstream properties are the `properties` project's runner, in the browser lane (scripts/test-all.mjs).
    { name: 'node-suites', testDir: 'test', testMatch: nodeSuites, testIgnore: ['reliability/load.spec.ts', 'reliability/gateway-faults.spec.ts', 'bff/upstream-properties.spec.ts'] },
    { name: 'postgres-suites', testDir: 'test', testMatch: ['bff/**/*.spec.ts', 'multi/**/*.spec.ts'], testIgnore: ['bff/upstream-properties.spec.ts', ...engineIndependentSuites.map((file) => `bff/${file}`)] },
    { name: 'variant-suites', testDir: 'test', testMatch: ['bff/**/*.spec.ts', 'reliability/**/*.spec.ts'], testIgnore: ['bff/upstream-properties.spec.ts', 'reliability/load.spec.ts'] },
  ],
});
