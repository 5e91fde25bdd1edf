import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter } from '@web/test-runner';
import { countingReporter } from './scripts/wtr-counting-reporter.mjs';
// TypeScript imports: this config runs under tsx (`node --import tsx …/wtr`, see package.json test:widget).
import { subdivisionFile } from './widget/lazy/subdivision-files.ts';
import { phoneMetadataFile } from './widget/lazy/phone-metadata-files.ts';
import { postcodeFile } from './widget/lazy/postcode-files.ts';
import { declineMessageFile } from './widget/lazy/decline-message-files.ts';
import { territoryFile } from './widget/lazy/territory-files.ts';
import { widgetTestStack } from './test/widget/support/stack-routes.ts';

// The real sandbox + BFF for flow tests (submit, server errors, popup, resume): started on the first
// /__stack/ request, stopped with the runner.
const testStack = widgetTestStack();

/**
 * The widget loads its lazy parts from next to its own module (widget/lazy-assets.ts): in dist/widget
 * they are built files; from source they are served here, so the same code path runs in tests:
 * - /widget/<name>.js → widget/lazy/<name>.ts (the lazily imported ES modules, locales too), by redirect so the
 *   module's own relative imports resolve from widget/lazy/;
 * - /widget/subdivisions/XX.json → one country's list from contract/iso-subdivisions.ts;
 * - /widget/phone-metadata/XX.json → one country's phone metadata (widget/lazy/phone-metadata-files.ts);
 * - /widget/postcodes/XX.json → one country's postal code pattern (widget/lazy/postcode-files.ts);
 * - /widget/decline-messages/<language>.json → one language's decline messages (widget/lazy/decline-message-files.ts);
 * - /widget/territory/XX.json → a country's division below its subdivisions (widget/lazy/territory-files.ts).
 */
/** The JSON files the build writes next to the widget, each from its helper (undefined: no such file). */
const builtJsonFiles = [
  [/^\/widget\/phone-metadata\/([A-Z]{2})\.json$/, phoneMetadataFile],
  [/^\/widget\/postcodes\/([A-Z]{2})\.json$/, postcodeFile],
  [/^\/widget\/decline-messages\/([\w-]+)\.json$/, declineMessageFile],
  [/^\/widget\/territory\/([A-Z]{2})\.json$/, territoryFile],
];

function lazyWidgetAssets() {
  return async (context, next) => {
    const subdivisions = /^\/widget\/subdivisions\/([A-Z]{2})\.json$/.exec(context.path);
    if (subdivisions) {
      context.type = 'application/json';
      context.body = subdivisionFile(subdivisions[1]);
      // A shopper's browser may hold an older list than the BFF (cached before an ISO 3166-2
      // change). The cookie `svc-test-retired-subdivision=GT-99` plays that: the list gains a code
      // the BFF refuses, so a test can watch the BFF's field error land on the field.
      const retired = /svc-test-retired-subdivision=(([A-Z]{2})-[A-Z0-9]{1,3})/.exec(context.headers.cookie ?? '');
      if (retired && retired[2] === subdivisions[1]) {
        context.body = JSON.stringify([...JSON.parse(context.body), { code: retired[1], name: 'Retired subdivision' }]);
      }
      return;
    }
    for (const [pattern, fileOf] of builtJsonFiles) {
      const match = pattern.exec(context.path);
      if (!match) continue;
      const file = fileOf(match[1]);
      if (!file) return next();
      context.type = 'application/json';
      context.body = file;
      return;
    }
    const lazyModule = /^\/widget\/(checkout-rules|phone-validator|invoice-details|sinpe-panel|method-choice|order-watch|territory-fields|locale-[\w-]+)\.js$/.exec(context.path);
    if (lazyModule && failsThisTime(lazyModule[1], context.headers.cookie)) {
      context.status = 503;
      return;
    }
    if (lazyModule) return context.redirect(`/widget/lazy/${lazyModule[1]}.ts`);
    return next();
  };
}

// A lazy part that does not load: the cookie `svc-test-failing-asset=<name>:always` fails every
// request for it, `<name>:once-<nonce>` only the first (the widget retries once).
const failedOnce = new Set();
function failsThisTime(name, cookie) {
  const failing = /svc-test-failing-asset=([\w-]+):(always|once-\w+)/.exec(cookie ?? '');
  if (!failing || failing[1] !== name) return false;
  if (failing[2] === 'always') return true;
  if (failedOnce.has(failing[2])) return false;
  failedOnce.add(failing[2]);
  return true;
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
