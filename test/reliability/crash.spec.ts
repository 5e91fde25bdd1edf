// Crash consistency: the BFF runs as a child process and is killed with SIGKILL at
// random moments while buyers check out and the bank delivers events; each time it is restarted on
// the same database and the reconciler and the inbox worker pick up what was left. Then:
// - every delivery the BFF acknowledged (2xx) is processed exactly once; deliveries it never
//   acknowledged are redelivered (as the bank would) and processed exactly once too;
// - no order is left without a final status, each matching the sandbox's truth;
// - no order saw a second processPayment.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
// The buyers' loops and the per-row checks use node:assert, not expect: support/buyer-journey.ts says why.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { expect, test } from '../support/node-test.ts';
import { scratchRoot } from '../bff/fixtures/test-database.ts';
import { encryptDelivery } from '../../node/bank-delivery-codec.ts';
import type { OrderStatusResponse } from '../../contract/bff-api.ts';
import { webhookDb } from '../../bff/store/webhook-tables.ts';
import { openStore, type Store } from '../../bff/store/database.ts';
import { attemptsOf } from '../../bff/store/attempts.ts';
import { findOrder } from '../../bff/store/orders.ts';
import { SandboxControl, type BankTriggerResult } from '../../sandbox/control-client.ts';
import { sandboxDefaults, sandboxGatewayEnv } from '../../sandbox/defaults.ts';
import { SeededRandom } from '../../sandbox/seeded-random.ts';
import { startSandbox } from '../../sandbox/server.ts';
import type { RunningServer } from '../../node/serve-app.ts';
import { approvingCard, checkoutBody, decliningCard, statusTokenOf } from '../bff/fixtures/buyer.ts';
import { merchantSecret, shopOrigin } from '../support/system.ts';
import { freePort, killHard, spawnBff, type BffProcess } from '../bff/fixtures/bff-process.ts';
import { expectMatchesTruth } from './support/buyer-journey.ts';
import { recordFigures } from './support/figures.ts';
import { secretsIn } from './support/secret-scan.ts';

const bankSecret = 'crash-suite-bank-secret-ref';
const buyers = 36;
const bankEvents = 40;
const kills = 5;

let sandbox: RunningServer;
let control: SandboxControl;
let directory: string;
let env: Record<string, string>;
let bffUrl: string;
let current: BffProcess | undefined;
const spawned: BffProcess[] = [];

// Up to five minutes a test in whichever project runs this file (`npm test` runs it in one project with the bff suites).
test.describe.configure({ timeout: 300_000 });
test.beforeAll(async () => {
  sandbox = await startSandbox({ SANDBOX_PORT: '0' });
  control = new SandboxControl(sandbox.url);
  directory = await mkdtemp(join(scratchRoot(), 'svc-crash-reliability-'));
  const port = await freePort();
  bffUrl = `http://127.0.0.1:${port}`;
  env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    ...sandboxGatewayEnv(sandbox.url),
    BANK_BASE_URL: `${sandbox.url}/banking`,
    BANK_ACCESS_TOKEN: sandboxDefaults.bankAccessToken,
    BANK_SECRET_REF: bankSecret,
    MERCHANT_SECRET: merchantSecret,
    SESSION_SIGNING_KEY: randomBytes(32).toString('base64url'),
    ALLOWED_ORIGINS: shopOrigin,
    DATABASE_URL: `file:${join(directory, 'bff.sqlite')}`,
    BFF_PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    GATEWAY_TIMEOUT_MS: '1000',
    STATUS_CONSULT_INTERVAL_MS: '100',
    RECONCILE_INTERVAL_MS: '300',
    INBOX_POLL_MS: '50',
    INBOX_LEASE_MS: '1500',
    INBOX_RETRY_BASE_MS: '50',
    INBOX_RETRY_MAX_MS: '200',
  };
});
test.afterAll(async () => {
  for (const bff of spawned) await killHard(bff.child);
  await sandbox?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

async function start(extra: Record<string, string> = {}): Promise<void> {
  current = await spawnBff({ ...env, ...extra });
  spawned.push(current);
  expect(current.url).toBe(bffUrl);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a browser or a merchant server does when the BFF is not there: try again shortly. */
async function persist(call: () => Promise<Response>, deadlineMs = 90_000): Promise<Response> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(150);
    }
  }
}

const json = (body: unknown, headers: Record<string, string>) => ({ method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

interface BuyerRecord {
  orderNumber: string;
  card: 'approve' | 'decline';
  gotPage: boolean;
  checkoutStatuses: number[];
}

async function buyer(random: SeededRandom): Promise<BuyerRecord> {
  const created = await persist(() =>
    fetch(`${bffUrl}/v1/merchant/checkout-sessions`, json({ amount: `${random.intBetween(1, 900)}.00`, currency: 'USD', returnUrl: `${shopOrigin}/t`, capture: random.nextFraction() < 0.5 }, { Authorization: `Bearer ${merchantSecret}` })),
  );
  assert.equal(created.status, 201);
  const session = (await created.json()) as { sessionToken: string; orderNumber: string };
  const card = random.nextFraction() < 0.7 ? 'approve' : 'decline';
  const headers = { Authorization: `Bearer ${session.sessionToken}`, Origin: shopOrigin };
  const statuses: number[] = [];
  let page: string | undefined;
  // Press Pay until a page comes back or the BFF says the order is closed (bounded).
  for (let attempt = 0; attempt < 60 && page === undefined; attempt++) {
    const response = await persist(() => fetch(`${bffUrl}/v1/checkout`, json(checkoutBody, headers)));
    statuses.push(response.status);
    if (response.status === 200) page = ((await response.json()) as { redirectUrl: string }).redirectUrl;
    else if (response.status === 409) break;
    else {
      assert.ok([502, 503].includes(response.status), `checkout answered ${response.status}`);
      await sleep(250);
    }
  }
  if (page !== undefined) {
    const back = await control.payHostedPage(page, { card: card === 'approve' ? approvingCard : decliningCard });
    const returned = await persist(() => fetch(back, { redirect: 'manual' }));
    assert.equal(returned.status, 303);
    statusTokenOf(returned.headers.get('Location')!);
  }
  // Poll (with the session) until final, through restarts.
  for (;;) {
    const answer = await persist(() => fetch(`${bffUrl}/v1/orders/${session.orderNumber}`, { headers: { Authorization: `Bearer ${session.sessionToken}` } }));
    assert.equal(answer.status, 200);
    const body = (await answer.json()) as OrderStatusResponse;
    // Final, or declined with the next attempt left to the buyer (who does not take it here).
    if (body.final || body.canRetry) break;
    await sleep(200);
  }
  return { orderNumber: session.orderNumber, card, gotPage: page !== undefined, checkoutStatuses: statuses };
}

test('kill -9 at random points during checkouts and bank deliveries: nothing lost, nothing twice, nothing stuck', async () => {
  await start({ BANK_REGISTER_DESTINATION: '1' });
  await expect.poll(async () => ((await (await fetch(`${sandbox.url}/_sandbox/bank/destinations`)).json()) as { destinations: unknown[] }).destinations.length).toBe(1);
  // Slow the gateway a little, so kills land inside processPayment and consult too.
  await control.injectFault({ operation: 'processPayment', kind: 'latency', latencyMs: 600, probability: 0.7 });
  await control.injectFault({ operation: 'consult', kind: 'latency', latencyMs: 150, probability: 0.4 });

  const random = new SeededRandom('reliability-crash');
  let running = true;
  const killTimes: number[] = [];
  const started = Date.now();
  const killer = (async () => {
    for (let k = 0; k < kills; k++) {
      await sleep(random.intBetween(1200, 3500));
      await killHard(current!.child);
      killTimes.push(Date.now() - started);
      await start();
    }
    running = false;
  })();

  const triggers: BankTriggerResult[] = [];
  const bankLoad = (async () => {
    const types = ['payin.posted', 'payment.succeeded', 'payment.failed'] as const;
    for (let i = 0; i < bankEvents; i++) {
      const type = types[i % types.length]!;
      triggers.push(await control.triggerBankEvent({ event_type: type, ...(type === 'payment.failed' ? { reason_code: '23' } : {}) }));
      await sleep(random.intBetween(50, 250));
    }
  })();

  const records: BuyerRecord[] = [];
  let next = 0;
  const buyerLoad = Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < buyers) {
        next++;
        records.push(await buyer(new SeededRandom(`buyer-${next}`)));
      }
    }),
  );
  await Promise.all([killer, bankLoad, buyerLoad]);
  expect(running).toBe(false);
  await control.clearFaults();

  // The bank retries what was never acknowledged (the sandbox gave up after its attempts).
  const unacknowledged = triggers.filter((t) => t.deliveries !== 'pending' && !t.deliveries.some((d) => d.delivered));
  for (const trigger of unacknowledged) {
    const body = JSON.stringify({ data: await encryptDelivery(JSON.stringify(trigger.event), bankSecret) });
    const answer = await persist(() => fetch(`${bffUrl}/v1/webhooks/banking`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }));
    assert.equal(answer.status, 200);
  }

  const store: Store = await openStore(env.DATABASE_URL!);
  try {
    const db = webhookDb(store);
    // Every event: exactly one inbox row, processed, its payment row written by it.
    await expect
      .poll(async () => (await db.selectFrom('events').select('state').where('source', '=', 'bank').where('state', '=', 'processed').execute()).length, { timeout: 30_000 })
      .toBe(bankEvents);
    for (const trigger of triggers) {
      const id = trigger.event.event.event_id;
      const rows = await db.selectFrom('events').selectAll().where('external_id', '=', id).execute();
      assert.equal(rows.length, 1, id);
      assert.equal(rows[0]!.state, 'processed', id);
      const payment = await db.selectFrom('bank_payments').selectAll().where('payment_id', '=', trigger.payment_id).execute();
      assert.equal(payment.length, 1, trigger.payment_id);
      assert.equal(payment[0]!.last_event_id, id);
      const expected = { 'payin.posted': 'posted', 'payment.succeeded': 'confirmed', 'payment.failed': 'failed' }[trigger.event.event.event_type as 'payin.posted'];
      assert.equal(payment[0]!.status, expected, trigger.event.event.event_type);
    }
    expect(await db.selectFrom('events').select('id').where('source', '=', 'bank').execute()).toHaveLength(bankEvents);

    // Every order final, matching the gateway, with at most one processPayment.
    expect(records).toHaveLength(buyers);
    for (const record of records) {
      const order = await findOrder(store.db, record.orderNumber);
      assert.ok(['approved', 'declined', 'expired'].includes(order?.status ?? ''), `${record.orderNumber}: ${order?.status}`);
      const final = { orderNumber: record.orderNumber, final: { status: order!.status, ...(order!.gateway_auth ? { auth: order!.gateway_auth } : {}) } as OrderStatusResponse };
      // A checkout asked again after a crash may open the order's next attempt (one cart is one order):
      // the gateway's truth is the paying attempt's (or the current one's), and no other page was paid.
      expectMatchesTruth(final, await control.truth(order!.gateway_order_number ?? record.orderNumber));
      for (const attempt of await attemptsOf(store.db, record.orderNumber)) {
        if (attempt.gateway_order_number === order!.gateway_order_number) continue;
        const other = await control.truth(attempt.gateway_order_number);
        assert.ok(!['approved', 'captured'].includes(other?.status ?? ''), `${record.orderNumber}: attempt ${attempt.number} paid too`);
      }
      if (record.gotPage) assert.equal(order!.status, record.card === 'approve' ? 'approved' : 'declined', record.orderNumber);
      assert.ok((await control.calls('processPayment', record.orderNumber)) <= 1, `${record.orderNumber}: a second processPayment`);
    }
    // What the killed processes wrote holds no secret either.
    const secrets = { password: env.GATEWAY_API_PASSWORD!, apiKey: env.GATEWAY_API_KEY!, secretRef: bankSecret, merchantSecret, cardApproving: approvingCard, cardDeclining: decliningCard };
    expect(secretsIn(spawned.map((bff) => bff.output()).join('\n'), secrets)).toEqual([]);
    const history = await store.db.selectFrom('order_status_history').select(['order_number', 'to_status', 'source']).where('source', '=', 'reconciler').execute();
    await recordFigures('crash', {
      kills: killTimes.length,
      killAtMs: killTimes,
      elapsedMs: Date.now() - started,
      buyers,
      approved: records.filter((r) => r.gotPage && r.card === 'approve').length,
      declined: records.filter((r) => r.gotPage && r.card === 'decline').length,
      interruptedThenExpired: records.filter((r) => !r.gotPage).length,
      reconcilerResolutions: history.length,
      bankEvents,
      acknowledgedByBank: triggers.length - unacknowledged.length,
      redeliveredAfterwards: unacknowledged.length,
      bankDeliveryAttempts: triggers.reduce((sum, t) => sum + (t.deliveries === 'pending' ? 0 : t.deliveries.reduce((n, d) => n + d.attempts.length, 0)), 0),
    });
  } finally {
    await store.close();
  }
});

test('a BFF killed while it holds an order\'s processPayment claim: after restart the order is resolved, not blocked for ever', async () => {
  // A gateway timeout longer than the test: however slow the machine, the call is still out when the
  // process dies (with the suite's 1 s it could give up first and answer the buyer 503).
  if (current && current.child.exitCode === null && current.child.signalCode === null) await killHard(current.child);
  await start({ GATEWAY_TIMEOUT_MS: '120000' });
  const created = await persist(() =>
    fetch(`${bffUrl}/v1/merchant/checkout-sessions`, json({ amount: '77.00', currency: 'USD', returnUrl: `${shopOrigin}/t` }, { Authorization: `Bearer ${merchantSecret}` })),
  );
  const session = (await created.json()) as { sessionToken: string; orderNumber: string };
  const headers = { Authorization: `Bearer ${session.sessionToken}`, Origin: shopOrigin };
  // processPayment never answers: the process dies while the claim is held and the call is out.
  await control.injectFault({ operation: 'processPayment', kind: 'hang', count: 1 });
  const inFlight = fetch(`${bffUrl}/v1/checkout`, json(checkoutBody, headers)).catch(() => undefined);
  await expect.poll(() => control.calls('processPayment', session.orderNumber)).toBe(1);
  await killHard(current!.child);
  expect(await inFlight).toBeUndefined(); // the buyer's request died with the process
  await start();

  // Right after the restart the claim is not yet stale: a repeat is told to retry, nothing is re-sent.
  const early = await persist(() => fetch(`${bffUrl}/v1/checkout`, json(checkoutBody, headers)));
  expect([503, 409]).toContain(early.status);
  // The reconciler consults, finds no payment, and closes the order; the buyer gets a clear answer.
  await expect
    .poll(async () => (await persist(() => fetch(`${bffUrl}/v1/checkout`, json(checkoutBody, headers)))).status, { timeout: 30_000 })
    .toBe(409);
  const status = await persist(() => fetch(`${bffUrl}/v1/orders/${session.orderNumber}`, { headers: { Authorization: `Bearer ${session.sessionToken}` } }));
  expect(await status.json()).toMatchObject({ status: 'expired', final: true, message: 'The payment could not be started. Please start a new checkout.' });
  expect(await control.calls('processPayment', session.orderNumber)).toBe(1);
  expect(await control.truth(session.orderNumber)).toBeUndefined();
});
