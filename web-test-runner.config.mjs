import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter } from '@web/test-runner';
import { countingReporter } from './scripts/wtr-counting-reporter.mjs';
// TypeScript imports: this config runs under tsx (`node --import tsx …/wtr`, see package.json test:widget).
import { subdivisionFile } from './widget/lazy/subdivision-files.ts';

/**
 * The widget loads its lazy parts from next to its own module (widget/lazy-assets.ts): in dist/widget
 * they are built files; from source they are served here, so the same code path runs in tests:
 * - /widget/<name>.js → widget/lazy/<name>.ts (the lazily imported ES modules);
 * - /widget/subdivisions/XX.json → one country's list from contract/iso-subdivisions.ts.
 */
function lazyWidgetAssets() {
  return async (context, next) => {
    const subdivisions = /^\/widget\/subdivisions\/([A-Z]{2})\.json$/.exec(context.path);
    if (subdivisions) {
      context.type = 'application/json';
      context.body = subdivisionFile(subdivisions[1]);
      return;
    }
    const lazyModule = /^\/widget\/(checkout-rules|phone-validator)\.js$/.exec(context.path);
    if (lazyModule) context.url = `/widget/lazy/${lazyModule[1]}.ts`;
    return next();
  };
}

// target es2022 is required: the default 'auto' passes decorators through and Chromium rejects them.
export default {
  files: ['test/widget/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 1,
  middleware: [lazyWidgetAssets()],
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
