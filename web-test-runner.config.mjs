import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter } from '@web/test-runner';
import { countingReporter } from './scripts/wtr-counting-reporter.mjs';
// TypeScript imports: this config runs under tsx (`node --import tsx …/wtr`, see package.json test:widget).
import { countryModuleSource, writeCountryModules } from './widget/lazy/country-modules.ts';
import { subdivisionFile } from './widget/lazy/subdivision-files.ts';
import { widgetTestStack } from './test/widget/support/stack-routes.ts';

// The real sandbox + BFF for flow tests (submit, server errors, popup, resume): started on the first
// /__stack/ request, stopped with the runner.
const testStack = widgetTestStack();

// The per-country and per-language data modules the widget imports (widget/generated/).
writeCountryModules();

/**
 * The widget's lazy parts are static imports of its own sources (widget/lazy-assets.ts), served as
 * they are; two cookies let a test play what a shopper may meet:
 * - `svc-test-failing-asset=<part>:always` fails every request for widget/lazy/<part>.ts (or a
 *   generated data module) with a 503, `<part>:once-<nonce>` only the first (the widget asks again);
 * - `svc-test-retired-subdivision=GT-99`: a browser holding an older list than the BFF (cached before
 *   an ISO 3166-2 change): the country's module gains a code the BFF refuses, so a test can watch the
 *   BFF's field error land on the field.
 */
function lazyWidgetAssets() {
  return async (context, next) => {
    const country = /^\/widget\/generated\/countries\/([A-Z]{2})\.js$/.exec(context.path);
    const retired = /svc-test-retired-subdivision=(([A-Z]{2})-[A-Z0-9]{1,3})/.exec(context.headers.cookie ?? '');
    if (country && retired && retired[2] === country[1]) {
      const subdivisions = [...JSON.parse(subdivisionFile(country[1])), { code: retired[1], name: 'Retired subdivision' }];
      context.type = 'application/javascript';
      context.set('cache-control', 'no-store');
      context.body = countryModuleSource(country[1], JSON.stringify(subdivisions));
      return;
    }
    if (context.path === '/__test/refused-asset-requests') {
      context.type = 'application/json';
      context.body = JSON.stringify(refusedRequests.filter((entry) => entry.mode === context.query.mode).map((entry) => entry.path));
      return;
    }
    const lazyModule = /^\/widget\/(?:lazy|generated\/[\w-]+)\/([\w-]+)\.(?:ts|js)$/.exec(context.path);
    if (lazyModule) context.set('cache-control', 'no-store');
    const refusal = lazyModule && failsThisTime(lazyModule[1], context.headers.cookie);
    if (refusal) {
      refusedRequests.push({ mode: refusal, path: `${context.path}${context.querystring ? `?${context.querystring}` : ''}` });
      context.status = 503;
      return;
    }
    return next();
  };
}

// A lazy part that does not load: the cookie `svc-test-failing-asset=<name>:always` fails every
// request for it (`all:always`: every part and data module), `<name>:once-<nonce>` only the first (the
// widget asks again); `always-<nonce>` lists every refused request at
// /__test/refused-asset-requests?mode=always-<nonce>.
const failedOnce = new Set();
const refusedRequests = [];
function failsThisTime(name, cookie) {
  const failing = /svc-test-failing-asset=([\w-]+):(always(?:-\w+)?|once-\w+)/.exec(cookie ?? '');
  if (!failing || (failing[1] !== name && failing[1] !== 'all')) return false;
  if (failing[2].startsWith('always')) return failing[2];
  if (failedOnce.has(failing[2])) return false;
  failedOnce.add(failing[2]);
  return failing[2];
}

// target es2022 is required: the default 'auto' passes decorators through and Chromium rejects them.
export default {
  files: ['test/widget/**/*.test.ts'],
  nodeResolve: true,
  // Two pages at a time: most files wait on the test stack and on timers, not on the CPU.
  concurrency: 2,
  middleware: [lazyWidgetAssets(), testStack.middleware],
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }),
    { name: 'svc-test-stack', serverStop: () => testStack.close() },
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        // Playwright turns popup blocking off; the widget's popup mode is tested with it on, as shoppers have it.
        ignoreDefaultArgs: ['--disable-popup-blocking'],
        args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      },
    }),
  ],
  reporters: [defaultReporter(), countingReporter('.test-output/wtr.json')],
  // Flows go through a real BFF and sandbox on a shared 2-core machine: leave room for a slow round trip.
  testFramework: { config: { timeout: 30000 } },
};
