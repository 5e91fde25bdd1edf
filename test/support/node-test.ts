// The `test` of the Node suites (contract, unit, sandbox, bff, reliability, multi): Playwright's test
// runner without the browser fixtures `@playwright/test` adds. Those run around every test, whether
// it opens a browser or not: two automatic fixtures (trace recording, context options), each set up
// and torn down as a step whose call stack Playwright captures and source-maps, and the worker's
// launch options and Playwright client. Measured on 300 one-assertion tests: about 10 ms of CPU per
// test with them, 2 ms without. No test here uses a page, a context, a browser or `request`; the
// one file that drives Chromium (api-reference-page.spec.ts) launches it itself. Everything else
// (hooks, timeouts, test.step, expect, expect.poll, reporters) is the same runner's.
// The browser suites (test/e2e, test/packaging) keep `@playwright/test`'s test and its fixtures.
export { _baseTest as test, expect } from '@playwright/test';
