// INBOX_WORKER=false with the inbox worker as a process of its own (bff/worker.ts, `npm run
// start:worker`) on the same database: the BFF only stores and acknowledges deliveries, the worker
// process applies them, exposes its metrics, and stops cleanly. SQLite file or PostgreSQL database.
import { expect, test } from '../support/node-test.ts';
import { spawnInboxWorker, type BffProcess } from './fixtures/bff-process.ts';
import { startSystem, type System } from '../support/system.ts';
import { bankEvent, currentSecret, deliveryBody, metricsText, polling, postBank, tables, workerPasses } from './webhooks-support.ts';

let stack: System;
let worker: BffProcess | undefined;
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening',  env: { BANK_SECRET_REF: currentSecret, INBOX_WORKER: 'false', INBOX_POLL_MS: '50' } });
});
test.afterAll(async () => {
  if (worker?.child.exitCode === null) worker.child.kill('SIGKILL');
  await stack?.close();
});

test('deliveries stored by a BFF without a worker are applied by the worker process, once each', async () => {
  const events = [bankEvent('payin.posted'), bankEvent('payment.succeeded'), bankEvent('payment.failed')];
  for (const event of events) expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
  const stateOf = async () =>
    (await tables(stack.bff).selectFrom('events').select(['external_id', 'state']).execute()).filter((row) => events.some((event) => event.event.event_id === row.external_id));
  // Nobody processes them in the BFF itself: its inbox worker never made a single pass.
  expect(await workerPasses(stack.bffUrl)).toBe(0);
  expect((await stateOf()).map((row) => row.state)).toEqual(['received', 'received', 'received']);

  worker = await spawnInboxWorker({ ...(stack.env as Record<string, string>), PATH: process.env.PATH ?? '', INBOX_WORKER: 'true' });
  await expect.poll(async () => (await stateOf()).map((row) => row.state), polling('the three events processed')).toEqual(['processed', 'processed', 'processed']);
  const payments = await tables(stack.bff).selectFrom('bank_payments').select('payment_id').execute();
  for (const event of events) expect(payments.map((row) => row.payment_id)).toContain(event.payment.payment_id);

  expect(await metricsText(worker.url)).toMatch(/inbox_events_total\{source="bank",outcome="processed"\} 3/);
  expect(await metricsText(stack.bffUrl)).not.toMatch(/inbox_events_total\{source="bank",outcome="processed"\}/);
  expect((await fetch(`${worker.url}/healthz`)).status).toBe(200);

  const exited = new Promise<number | null>((resolve) => worker!.child.once('exit', (code) => resolve(code)));
  worker.child.kill('SIGTERM');
  expect(await exited).toBe(0);
});
