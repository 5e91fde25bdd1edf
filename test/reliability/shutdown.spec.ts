// A bounded shutdown: SIGTERM ends a BFF process within SHUTDOWN_GRACE_MS whatever its background
// passes are doing. The production bundle runs as a child process on the run's engine; the
// reconciler's pass is held inside a consult the sandbox never answers (before this, close() waited
// for that pass: the gateway timeout, or for ever with a long backlog).
import { expect, test } from '../support/node-test.ts';
import { checkout, createMerchantSession } from '../bff/fixtures/buyer.ts';
import { killHard, type BffProcess } from '../bff/fixtures/bff-process.ts';
import { startSystem, type ProcessSystem } from '../support/system.ts';

const graceMs = 3_000;

let system: ProcessSystem;
let bff: BffProcess | undefined;

// Up to five minutes a test in whichever project runs this file (`npm test` runs it in one project with the bff suites).
test.describe.configure({ timeout: 300_000 });
test.beforeAll(async () => {
  system = await startSystem({ mode: 'process' });
});
test.afterAll(async () => {
  if (bff) await killHard(bff.child);
  await system?.close();
});

test('SIGTERM while the reconciler waits on a consult that never returns: the process exits 0 within SHUTDOWN_GRACE_MS', async () => {
  const control = system.sandbox;
  bff = await system.spawn({
    SHUTDOWN_GRACE_MS: String(graceMs),
    // The pass starts at once and consults the open page; the consult would wait a minute.
    RECONCILE_INTERVAL_MS: '20',
    RECONCILE_PENDING_EVERY_MS: '1',
    GATEWAY_TIMEOUT_MS: '60000',
    GATEWAY_READ_TIMEOUT_MS: '60000',
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => bff!.child.once('exit', (code) => resolve({ code, at: performance.now() })));
  await control.injectFault({ operation: 'consult', kind: 'hang' });
  const session = await createMerchantSession(bff.url);
  await checkout(bff.url, session.sessionToken);
  // The reconciler's consult has reached the sandbox and hangs there.
  await expect.poll(() => control.calls('consult', session.orderNumber)).toBeGreaterThanOrEqual(1);

  const signalledAt = performance.now();
  bff.child.kill('SIGTERM');
  const { code, at } = await exited;
  expect(code, bff.output()).toBe(0);
  expect(at - signalledAt).toBeLessThanOrEqual(graceMs);
});
