import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './test/chromium.ts';
import { e2eMerchantSecret } from './test/e2e/demo-stack.ts';

// Ports of their own (E2E_PORT_OFFSET), so this suite never meets an e2e run's stack.
process.env.E2E_PORT_OFFSET ??= '60';
const { e2ePorts: ports } = await import('./test/e2e/apps/e2e-ports.ts');
// The fixture apps' own origin (test/packaging/fixture-apps.ts), which the BFF must allow: the card
// purchase comes back to it from the hosted page.
process.env.FIXTURES_PORT ??= String(Number(ports.DEMO_PORT) + 1000);
const fixturesOrigin = `http://127.0.0.1:${process.env.FIXTURES_PORT}`;

/**
 * The widget as a merchant installs it (test/packaging): the packed tarball in Vite + React 19 (dev
 * server and production build), webpack 5 and a plain <script> page, each buying in Chromium against
 * the same stack as e2e (needs `npm run build` first: the tarball is packed from dist/widget).
 */
export default defineConfig({
  testDir: 'test/packaging',
  timeout: 60_000,
  workers: 2,
  forbidOnly: !!process.env.CI,
  globalSetup: './test/packaging/global-setup.ts',
  reporter: [['list'], ['json', { outputFile: process.env.TEST_REPORT_FILE ?? '.test-output/playwright-packaging.json' }]],
  outputDir: process.env.TEST_ARTIFACTS_DIR ?? '.test-output/packaging-artifacts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
    baseURL: fixturesOrigin,
  },
  webServer: {
    command: 'tsx scripts/start.ts --no-build',
    url: `http://127.0.0.1:${ports.DEMO_PORT}/config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { ...ports, ALLOWED_ORIGINS: fixturesOrigin, DATABASE_URL: 'file:.test-output/packaging.sqlite', LOG_LEVEL: 'warn', E2E_FRESH_DB: '1', MERCHANT_SECRET: e2eMerchantSecret, RATE_LIMIT_PER_MINUTE: '600' },
  },
});
