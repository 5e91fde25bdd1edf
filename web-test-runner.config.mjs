import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter } from '@web/test-runner';
import { countingReporter } from './scripts/wtr-counting-reporter.mjs';
import { prebundled } from './scripts/wtr-prebundled.mjs';
// TypeScript imports: this config runs under tsx (`node --import tsx …/wtr`, see package.json test:widget).
import { writeCountryModules } from './scripts/widget-data/country-modules.ts';
import { chromiumArgs, chromiumExecutable } from './test/chromium.ts';

// The component tests run against a fake BFF in the page (test/widget/support/fake-bff.ts); no
// sandbox or BFF runs here. The whole stack is test/e2e's.

// The per-country and per-language data modules the widget imports (widget/generated/).
writeCountryModules();

/**
 * The widget's lazy parts are static imports of its own sources (widget/parts/), served as
 * they are; a cookie lets a test play a part that does not arrive:
 * `svc-test-failing-asset=<part>:always` fails every request for widget/lazy/<part>.ts (or a
 * generated data module, or a language's entry: `locale-<tag>` for widget/i18n/<tag>/index.ts,
 * `en-outcome` for English's outcome words) with a 503, `<part>:once-<nonce>` only the first (the
 * widget asks again).
 */
function lazyWidgetAssets() {
  return async (context, next) => {
    if (context.path === '/__test/refused-asset-requests') {
      context.type = 'application/json';
      context.body = JSON.stringify(refusedRequests.filter((entry) => entry.mode === context.query.mode).map((entry) => entry.path));
      return;
    }
    const lazyModule = lazyPartName(context.path);
    if (lazyModule) context.set('cache-control', 'no-store');
    const refusal = lazyModule && failsThisTime(lazyModule, context.headers.cookie);
    if (refusal) {
      refusedRequests.push({ mode: refusal, path: `${context.path}${context.querystring ? `?${context.querystring}` : ''}` });
      context.status = 503;
      return;
    }
    return next();
  };
}

// The fake BFF's hosted pages (FakeBff.hostedUrl) are on this server, so a popup pointed at one
// loads a blank page instead of asking a DNS for a made-up host.
function fakeGatewayPages() {
  return async (context, next) => {
    if (!context.path.startsWith('/__fake-gateway/')) return next();
    context.type = 'text/html';
    context.body = '<!doctype html><title>Hosted payment page (fake)</title>';
  };
}

/** The part a request asks for, named as the build names its chunk; undefined for a module that is no part. */
function lazyPartName(path) {
  const found = /^\/widget\/(?:lazy\/([\w-]+)|generated\/[\w-]+\/([\w-]+)|i18n\/([\w-]+)\/index|i18n\/en\/(en-outcome))\.(?:ts|js)$/.exec(path);
  if (!found) return undefined;
  return found[1] ?? found[2] ?? (found[3] ? `locale-${found[3]}` : found[4]);
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
  // Two pages at a time when run alone (the machine has two cores); `npm test` passes
  // `--concurrency 1`, its Node lane running beside (scripts/test-all.mjs says why).
  concurrency: 2,
  middleware: [lazyWidgetAssets(), fakeGatewayPages()],
  // The plugin reads the file as it is, without following `extends`: the base holds the options
  // esbuild needs (legacy decorators, useDefineForClassFields: false).
  // zod, libphonenumber-js, Lit and the testing helpers in a few bundles instead of their ~150
  // modules for every test file's page (scripts/wtr-prebundled.mjs; bench/README.md, "Suite CPU: the
  // component tests' requests"). Every Lit import of the widget and the tests is listed: one Lit in
  // the page, as before.
  plugins: [prebundled(['zod', 'zod/mini', 'libphonenumber-js/core', 'libphonenumber-js/min', 'lit', 'lit/directives/live.js', '@open-wc/testing']), esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.base.json' })],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: chromiumExecutable,
        // Playwright turns popup blocking off; the widget's popup mode is tested with it on, as shoppers have it.
        ignoreDefaultArgs: ['--disable-popup-blocking'],
        // The same arguments as every other browser test (test/chromium.ts).
        args: chromiumArgs,
      },
    }),
  ],
  reporters: [defaultReporter(), countingReporter('.test-output/wtr.json')],
  // A limit, not a wait: a lazy part's first compile by this server on a loaded 2-core machine.
  testFramework: { config: { timeout: 30000 } },
};
