// Gateway faults during 200 checkouts: 30 % HTTP 5xx, latency spikes, no answer at all,
// token expiry mid-run, malformed JSON and failures in the body, all injected by the sandbox on
// the operations the BFF calls. Every checkout must end approved, declined, or with a clear
// retryable error (and then reach a final status by itself); no order may see a second
// processPayment that could have executed; every final status must match the sandbox's truth.
import assert from 'node:assert/strict';
import { expect, test } from '../support/node-test.ts';
import { SeededRandom } from '../../sandbox/seeded-random.ts';
import { startSystem, type System } from '../support/system.ts';
import { expectMatchesTruth, runJourney, type CardChoice, type JourneyPlan, type JourneyRecord } from './support/buyer-journey.ts';
import { recordFigures } from './support/figures.ts';
import { mayHaveExecuted, startGatewayTap, type GatewayTap } from './support/gateway-tap.ts';

// GATEWAY_FAULT_CHECKOUTS takes a smaller sample for a quick local run; `npm test` runs all 200,
// on the plain sandbox and through every answer variant.
const checkouts = Number(process.env.GATEWAY_FAULT_CHECKOUTS ?? 200);
const concurrency = 8;
const gatewayTimeoutMs = 500;

let stack: System;
let tap: GatewayTap;
let bffUrl: string;
// Up to five minutes a test in whichever project runs this file (`npm test` runs it in one project with the bff suites).
test.describe.configure({ timeout: 300_000 });
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening',  env: { RECONCILE_INTERVAL_MS: '0' } });
  // The BFF under test talks to the gateway through a recording tap.
  tap = await startGatewayTap(stack.sandboxUrl);
  const bff = await stack.startAnotherBff({
    GATEWAY_BASE_URL: tap.url,
    // The tap only relays the API: the hosted pages stay on the sandbox's host.
    GATEWAY_HOSTED_PAGE_HOSTS: new URL(stack.sandboxUrl).host,
    GATEWAY_TIMEOUT_MS: String(gatewayTimeoutMs),
    STATUS_CONSULT_INTERVAL_MS: '100',
    RECONCILE_INTERVAL_MS: '250',
  });
  bffUrl = bff.url;
});
test.afterAll(async () => {
  await stack?.close();
  await tap?.close();
});

async function injectFaults(stack: System): Promise<void> {
  const faults = stack.sandbox;
  for (const operation of ['login', 'processPayment', 'consult']) {
    await faults.injectFault({ operation, kind: 'http5xx', probability: 0.3 });
    await faults.injectFault({ operation, kind: 'latency', latencyMs: 150, probability: 0.2 });
    await faults.injectFault({ operation, kind: 'malformedJson', probability: 0.04 });
  }
  // Spikes past our timeout: the call is abandoned, the gateway still does the work.
  await faults.injectFault({ operation: 'processPayment', kind: 'latency', latencyMs: gatewayTimeoutMs * 2, probability: 0.04 });
  await faults.injectFault({ operation: 'consult', kind: 'latency', latencyMs: gatewayTimeoutMs * 2, probability: 0.04 });
  await faults.injectFault({ operation: 'processPayment', kind: 'hang', probability: 0.03 });
  await faults.injectFault({ operation: 'consult', kind: 'hang', probability: 0.02 });
  await faults.injectFault({ operation: 'processPayment', kind: 'bodyFailure', type: '402', message: 'Sandbox says no', probability: 0.05 });
  await faults.injectFault({ operation: 'consult', kind: 'bodyFailure', probability: 0.03 });
  await faults.injectFault({ operation: 'consult', kind: 'expireToken', probability: 0.03 });
}

function planOf(random: SeededRandom, index: number): JourneyPlan {
  const roll = random.nextFraction();
  const card: CardChoice = roll < 0.6 ? 'approve' : roll < 0.85 ? 'decline' : 'cancel';
  const currency = index % 3 === 0 ? 'CRC' : 'USD';
  const amount = currency === 'CRC' ? `${random.intBetween(1, 250_000)}.00` : `${random.intBetween(1, 2_000)}.${String(random.intBetween(0, 99)).padStart(2, '0')}`;
  return { amount, currency, capture: random.nextFraction() < 0.5, card, doubleClick: random.nextFraction() < 0.15 };
}

test(`${checkouts} checkouts under gateway faults: every one ends clearly, one processPayment each, statuses match the gateway`, async () => {
  await injectFaults(stack);
  const random = new SeededRandom('reliability-gateway-faults');
  const plans = Array.from({ length: checkouts }, (_, i) => planOf(random, i));
  const records: JourneyRecord[] = [];
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < plans.length) {
        const index = next++;
        // Token expiry mid-run: every gateway token dies now and then, whatever is in flight.
        if (index % 25 === 12) await stack.sandbox.expireTokens();
        records.push(await runJourney(bffUrl, stack.sandbox, plans[index]!));
      }
    }),
  );
  const elapsedMs = Date.now() - started;
  await stack.sandbox.clearFaults();
  expect(records).toHaveLength(checkouts);

  // processPayment per order: once a call may have executed (created, 5xx, malformed, no answer)
  // there is never another. Only a 401 (refused before the payment logic, re-sent once after a new
  // login) or a refusal in the body (nothing created; 502, the buyer may try again) allows one.
  // node:assert in the loop (as in support/buyer-journey.ts): a Playwright expect per check would be
  // a runner step each, and their number makes every later one slower.
  for (const record of records) {
    const calls = tap.paymentCalls(record.orderNumber);
    assert.ok(calls.length >= 1, `${record.orderNumber}: no processPayment`);
    assert.deepEqual(calls.slice(0, -1).filter(mayHaveExecuted), [], `${record.orderNumber}: ${calls.map((c) => c.answer).join(', ')}`);
    assert.equal(await stack.sandbox.calls('processPayment', record.orderNumber), calls.length, record.orderNumber);
    expectMatchesTruth(record, await stack.sandbox.truth(record.orderNumber));
    const expected = record.ending === 'paid-page' ? { approve: 'approved', decline: 'declined', cancel: 'cancelled' }[record.plan.card] : 'expired';
    assert.equal(record.final.status, expected, record.orderNumber);
  }
  const answers = records.flatMap((record) => tap.paymentCalls(record.orderNumber).map((call) => call.answer));

  const count = (predicate: (r: JourneyRecord) => boolean) => records.filter(predicate).length;
  const figures = {
    checkouts,
    elapsedMs,
    approved: count((r) => r.final.status === 'approved'),
    declined: count((r) => r.final.status === 'declined'),
    retryableThenExpired: count((r) => r.ending === 'retryable-error'),
    checkout502: records.flatMap((r) => r.checkoutStatuses).filter((s) => s === 502).length,
    checkout503: records.flatMap((r) => r.checkoutStatuses).filter((s) => s === 503).length,
    checkout409: records.flatMap((r) => r.checkoutStatuses).filter((s) => s === 409).length,
    processPaymentAnswers: Object.fromEntries(['created', 'refused', 'unauthorized', 'http-error', 'malformed', 'no-answer'].map((a) => [a, answers.filter((x) => x === a).length])),
    processPaymentCalls: answers.length,
    consults: await stack.sandbox.calls('consult'),
    logins: await stack.sandbox.calls('login'),
  };
  await recordFigures('gateway-faults', figures);
  // The mix really exercised every ending.
  expect(figures.approved).toBeGreaterThan(0);
  expect(figures.declined).toBeGreaterThan(0);
  expect(figures.retryableThenExpired).toBeGreaterThan(0);
  expect(figures.checkout502).toBeGreaterThan(0);
});

test('a login that fails before processPayment is sent leaves the order payable: the retry goes through', async () => {
  const { createMerchantSession, postCheckout } = await import('../bff/fixtures/buyer.ts');
  // A BFF of its own with the usual gateway timeout: the run's 500 ms can lapse on a busy machine,
  // and a processPayment abandoned by timeout may have executed, which is not what this test plays.
  const { url: bffUrl } = await stack.startAnotherBff({ GATEWAY_BASE_URL: tap.url, GATEWAY_HOSTED_PAGE_HOSTS: new URL(stack.sandboxUrl).host });
  const session = await createMerchantSession(bffUrl);
  await stack.sandbox.expireTokens();
  // The re-login fails every time (5xx on all of its attempts): processPayment is never sent.
  const fault = await stack.sandbox.injectFault({ operation: 'login', kind: 'http5xx' });
  const first = await postCheckout(bffUrl, session.sessionToken);
  expect(first.status).toBe(503);
  await stack.sandbox.clearFaults();
  expect(fault).toBeGreaterThan(0);
  // Nothing that could have executed reached the gateway (at most the 401 that prompted the login).
  const before = tap.paymentCalls(session.orderNumber);
  expect(before.filter(mayHaveExecuted)).toEqual([]);
  const retry = await postCheckout(bffUrl, session.sessionToken);
  expect(retry.status).toBe(200);
  expect(tap.paymentCalls(session.orderNumber).slice(before.length).map((call) => call.answer)).toEqual(['created']);
});
