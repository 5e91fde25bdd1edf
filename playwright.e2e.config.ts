import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './test/chromium.ts';
import { e2eMerchantSecret } from './test/e2e/demo-stack.ts';

import { e2ePorts as ports } from './test/e2e/apps/e2e-ports.ts';

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  // Two browsers on the one stack: each test makes its own orders, links and endpoints, and the
  // tests mostly wait on the stack, the hosted page and timers.
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: process.env.TEST_REPORT_FILE ?? '.test-output/playwright-e2e.json' }]],
  // scripts/test-all.mjs gives each run its own report and artifacts folder: its runs overlap.
  outputDir: process.env.TEST_ARTIFACTS_DIR ?? '.test-output/e2e-artifacts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
    baseURL: `http://127.0.0.1:${ports.DEMO_PORT}`,
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The same entry `npm start` runs, on its own ports and a throwaway database.
    command: 'tsx scripts/start.ts --no-build',
    // The demo starts last (after the sandbox and the BFF): once it answers, the whole stack is up.
    url: `http://127.0.0.1:${ports.DEMO_PORT}/config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { ...ports, DATABASE_URL: 'file:.test-output/e2e.sqlite', LOG_LEVEL: 'warn', E2E_FRESH_DB: '1', MERCHANT_SECRET: e2eMerchantSecret,
      // Every purchase of the suite comes from one IP: well above the default 30 creations a minute.
      RATE_LIMIT_PER_MINUTE: '600',
      // …and would hold more SINPE Móvil amounts than one client may: each transfer keeps its own.
      SINPE_AMOUNTS_PER_CLIENT: '1000' },
  },
});
