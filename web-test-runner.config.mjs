import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter } from '@web/test-runner';
import { countingReporter } from './scripts/wtr-counting-reporter.mjs';

// target es2022 is required: the default 'auto' passes decorators through and Chromium rejects them.
export default {
  files: ['test/widget/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 1,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' })],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      },
    }),
  ],
  reporters: [defaultReporter(), countingReporter('.test-output/wtr.json')],
  testFramework: { config: { timeout: 10000 } },
};
