// Invariants about money that hold for every answer the gateway's and the bank's specs allow. The
// answers come from the spec model (sandbox/spec-model/, written from the specs alone, never from
// our reader): each draw rewrites the sandbox's real answers, in this process, the way the real
// services may write them, and the whole BFF reads them. Seeded: `npm test` always draws the same
// 1,000 per property (seed 25), so its verdict is the code's, not the draw's; PROPERTY_SEED=<seed>
// draws others (PROPERTY_SEED=random: a new seed each run), and a failure prints the seed and path
// that replay it. PROPERTY_RUNS sets the draws (the long run: PROPERTY_RUNS=20000 PROPERTY_SEED=random).
// Checks inside the draws are node:assert's: Playwright's expect records a step for each call,
// bookkeeping that thousands of draws would pay for again and again (each new step looks back
// through the test's earlier ones).
import assert from 'node:assert/strict';
import { test } from '../support/node-test.ts';
import fc from 'fast-check';
import { expireLapsedTransfers } from '../../bff/sinpe/transfer-attempts.ts';
import { outboxDb } from '../../bff/outbox/outbox-tables.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import type { SinpeCheckoutResponse } from '../../contract/sinpe-movil.ts';
import { encryptDelivery } from '../../node/bank-delivery-codec.ts';
import { bankApiAnswerAsWritten, bankEventSequence, deliveryDataAsWritten, gatewayAnswerAsWritten, linkWebhookAsWritten, type BankDelivery, type GatewayOperation } from '../../sandbox/spec-model/index.ts';
import { recordOwnLink } from '../../bff/intake/links/link-screen.ts';
import { approvingCard, checkout, checkoutBody, createMerchantSession, decliningCard, followReturn, postCheckout } from './fixtures/buyer.ts';
import { type UpstreamRewrite, ManualClock, startSystem, type System } from '../support/system.ts';
import { createGatewayLink, currentSecret, merchantGet, postBank, postLinkWebhook, tables } from './webhooks-support.ts';

const runs = Number(process.env.PROPERTY_RUNS ?? 1000);
const seedSetting = process.env.PROPERTY_SEED ?? '25';
const settings = { numRuns: runs, ...(seedSetting !== 'random' && { seed: Number(seedSetting) }), endOnFailure: true };

/**
 * `fc.gen()` with a new generator each draw, the same values for the same seed. One `fc.gen()`
 * keeps every (factory, arguments) it was called with for the whole run and compares each call's
 * arguments with all of them: the arguments here are upstream answers, new in every draw, so a run
 * grew quadratic in its draws (1,000 draws: most of the file's CPU).
 */
const genPerDraw = () => fc.constant(undefined).chain(() => fc.gen());

// A draw costs milliseconds on a quiet machine and several times that on a loaded one; the long run's
// thousands per property need more than the project's ten minutes. The timeout only catches a hang.
test.describe.configure({ timeout: Math.max(600_000, runs * 500) });

const merchantPhone = '88887777';
const transferMinutes = 10;
const clock = new ManualClock();
let stack: System;

/** How the gateway writes each answer in the draw being run: the model's choice, drawn through `fc.gen`. */
let writeGateway: ((operation: GatewayOperation, body: unknown) => unknown) | undefined;
let writeBank: ((body: Record<string, unknown>) => unknown) | undefined;

const rewrite: UpstreamRewrite = async (request, answer) => {
  const path = new URL(request.url).pathname;
  const gatewayOperation = /^\/api\/v1\/([A-Za-z]+)/.exec(path)?.[1];
  if (!answer.ok || !answer.headers.get('Content-Type')?.includes('json')) return answer;
  if (gatewayOperation && writeGateway) return Response.json(writeGateway(gatewayOperation as GatewayOperation, await answer.json()));
  if (path.startsWith('/banking/api/public/v1/webhook/') && writeBank) {
    return new Response(JSON.stringify(writeBank(await answer.json())), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  }
  return answer;
};

test.beforeAll(async () => {
  stack = await startSystem({ bank: true, 
    clock,
    rewrite,
    env: { SINPE_MOVIL_PHONE: merchantPhone, SINPE_TRANSFER_MINUTES: String(transferMinutes), RECONCILE_INTERVAL_MS: '0', STATUS_CONSULT_INTERVAL_MS: '1' },
  });
});
test.afterAll(async () => {
  await stack?.close();
});
test.afterEach(() => {
  writeGateway = undefined;
  writeBank = undefined;
});

/** Waits, without a fixed sleep, until the inbox has processed `eventIds` (each turn yields to the worker). */
async function processed(eventIds: readonly string[]): Promise<void> {
  for (let turn = 0; turn < 5_000; turn++) {
    // By (source, external_id), the inbox's unique key: external_id alone is a scan of every earlier draw's events.
    const rows = await tables(stack.bff).selectFrom('events').select(['external_id', 'state']).where('source', '=', 'bank').where('external_id', 'in', eventIds).execute();
    if (rows.length === new Set(eventIds).size && rows.every((row) => row.state === 'processed')) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`events ${eventIds.join(', ')} not processed`);
}

/**
 * Starts a draw: the clock moves on a second, so what the draw writes is found by its time through
 * the outbox's created_at index (a scan of every earlier draw's events would make a run quadratic).
 */
function drawStarts(): string {
  clock.advance(1_000);
  return clock.now().toISOString();
}

/** The order's merchant webhooks since `since`, in order, and the statuses its history moved to. */
async function webhooksAndHistory(orderNumber: string, since: string): Promise<{ webhooks: string[]; moves: string[] }> {
  const events = await outboxDb(stack.bff.store)
    .selectFrom('outbound_events')
    .select(['type', 'body'])
    .where('created_at', '>=', since)
    .where('body', 'like', `%${orderNumber}%`)
    .orderBy('created_at')
    .execute();
  const history = await statusHistory(stack.bff.store.db, orderNumber);
  return {
    webhooks: events.map((event) => event.type).filter((type) => type.startsWith('order.')),
    moves: history.filter((entry) => entry.from_status !== entry.to_status && !['created', 'pending'].includes(entry.to_status)).map((entry) => `order.${entry.to_status}`),
  };
}

const cardAmount = fc.record({
  currency: fc.constantFrom('CRC', 'USD'),
  units: fc.integer({ min: 1, max: 2_000_000 }),
  cents: fc.integer({ min: 0, max: 99 }),
}).map(({ currency, units, cents }) => ({ currency, amount: `${units}.${String(cents).padStart(2, '0')}` }));

// First: the sandbox's consultTransactions reads its whole ledger, which the other properties fill.
test('the merchant transaction list reads every list the spec allows: 200, each record, never "unavailable"', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard }));
  const path = `/v1/merchant/transactions?startDate=2020-01-01&endDate=2100-01-01&orderNumber=${encodeURIComponent(session.orderNumber)}`;
  await fc.assert(
    fc.asyncProperty(genPerDraw(), async (g) => {
      writeGateway = (operation, body) => g(gatewayAnswerAsWritten, operation, body);
      const list = await merchantGet(stack.bffUrl, path);
      assert.equal(list.status, 200);
      assert.equal(list.body.items.length, 1, JSON.stringify(list.body.items));
      const { orderNumber, approved, amount, currency } = list.body.items[0];
      assert.deepEqual({ orderNumber, approved, amount, currency }, { orderNumber: session.orderNumber, approved: true, amount: '25.00', currency: 'USD' });
    }),
    settings,
  );
});

test('a card payment the gateway reports, written any way the spec allows, ends approved or declined as it was, with a webhook for each move', async () => {
  await fc.assert(
    fc.asyncProperty(genPerDraw(), cardAmount, fc.boolean(), async (g, { amount, currency }, pays) => {
      const since = drawStarts();
      writeGateway = (operation, body) => g(gatewayAnswerAsWritten, operation, body);
      const session = await createMerchantSession(stack.bffUrl, { amount, currency });
      const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
      const answer = await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: pays ? approvingCard : decliningCard }));
      assert.equal(answer.status, 303);
      const order = await findOrder(stack.bff.store.db, session.orderNumber);
      assert.equal(order?.status, pays ? 'approved' : 'declined');
      const { webhooks, moves } = await webhooksAndHistory(session.orderNumber, since);
      assert.deepEqual(webhooks, moves);
    }),
    settings,
  );
});

test('bank API answers, payload at the top or under any envelope key, read the same', async () => {
  const features = (await merchantGet(stack.bffUrl, '/v1/merchant/banking/features')).body.items;
  assert.ok(features.length > 0);
  await fc.assert(
    fc.asyncProperty(genPerDraw(), async (g) => {
      writeBank = ({ response_code, correlation_id, ...payload }) => g(bankApiAnswerAsWritten, payload, response_code === 'CREATED' ? 'CREATED' : 'OK', String(correlation_id));
      const answer = await merchantGet(stack.bffUrl, '/v1/merchant/banking/features');
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.deepEqual(answer.body.items, features);
    }),
    settings,
  );
});

/** The delivery the BFF keeps of each event: the first (a repeat of an event_id is a duplicate, §6.1 rule 3). */
function keptDeliveries(deliveries: readonly BankDelivery[]): BankDelivery[] {
  const seen = new Set<string>();
  return deliveries.filter((delivery) => !seen.has(delivery.eventId) && Boolean(seen.add(delivery.eventId)));
}

/** What the buyer's order must end as after `deliveries`, once the transfer's window has passed. */
function expectedEnd(deliveries: readonly BankDelivery[]): string {
  const kept = keptDeliveries(deliveries);
  const meanings = new Set(kept.map((delivery) => delivery.meaning));
  const arrived = meanings.has('arrived') || meanings.has('succeeded');
  const amounts = kept.map((delivery) => (JSON.parse(delivery.text) as { payment: { amount?: { amount?: string; currency?: string } } }).payment.amount ?? {});
  // Amount and currency are each optional (§6.2); the BFF keeps what any event of the payment told.
  const moneyTold = amounts.some((amount) => amount.amount !== undefined) && amounts.some((amount) => amount.currency !== undefined);
  // Money the bank said arrived and then failed: it cannot be counted on, whichever came first.
  if (arrived && meanings.has('failed')) return 'review';
  // Money arrived but the bank never said how much: never approved on a guess, never expired.
  if (arrived && !moneyTold) return 'review';
  if (arrived) return meanings.has('reversed') ? 'reversed' : 'approved';
  // A failure declines the transfer it names by its reference (at the amount asked, or none told);
  // without one, never by its amount alone (anyone may fail a transfer of an awaited amount): it lapses.
  const referenced = kept.some((delivery) => /"client_reference":"[^"]+"/.test(delivery.text));
  return referenced ? 'declined' : 'expired';
}

test('every bank event sequence the spec allows for a transfer is stored, and settles the order once, as the money says', async () => {
  let transfers = 0;
  await fc.assert(
    fc.asyncProperty(genPerDraw(), async (g) => {
      // A distinct amount per draw, so no draw's transfer shares an amount with another's.
      const since = drawStarts();
      const amount = `${10_000 + (transfers++ % 50_000)}.00`;
      const session = await createMerchantSession(stack.bffUrl, { amount, currency: 'CRC' });
      const opened = await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, method: 'sinpe_movil' });
      assert.equal(opened.status, 200);
      const { sinpeMovil } = (await opened.json()) as SinpeCheckoutResponse;
      const deliveries = g(bankEventSequence, {
        paymentId: crypto.randomUUID(),
        publicId: String(2n ** 53n + BigInt(transfers)),
        methodCode: 'SINPE_MOVIL' as const,
        direction: 'PAYIN' as const,
        amount,
        currency: 'CRC' as const,
        clientReference: sinpeMovil.reference,
        externalReference: `FT${String(transfers).padStart(14, '0')}`,
        destinationPhone: `+506${merchantPhone}`,
      });
      for (const delivery of deliveries) {
        const data = g(deliveryDataAsWritten, await encryptDelivery(delivery.text, currentSecret));
        // No delivery the spec allows is refused: a 4xx would lose it for good.
        assert.equal((await postBank(stack.bffUrl, JSON.stringify({ data }))).status, 200);
      }
      await processed(deliveries.map((delivery) => delivery.eventId));
      clock.advance((transferMinutes + 1) * 60_000);
      await expireLapsedTransfers(stack.bff.store, clock.now());
      const order = await findOrder(stack.bff.store.db, session.orderNumber);
      assert.equal(order?.status, expectedEnd(deliveries));
      const { webhooks, moves } = await webhooksAndHistory(session.orderNumber, since);
      assert.deepEqual(webhooks, moves);
    }),
    settings,
  );
});

/** Waits, without a fixed sleep, until `read` gives a value (each turn yields to the worker). */
async function whenPresent<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let turn = 0; turn < 20_000; turn++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`${what} never came`);
}

test('a link payment reported any way the spec allows, and confirmed through answers written any way, is stored once as it was', async () => {
  let links = 0;
  await fc.assert(
    fc.asyncProperty(genPerDraw(), fc.boolean(), async (g, pays) => {
      const since = drawStarts();
      const amount = `${1_000 + (links++ % 90_000)}.00`;
      // A callback nobody follows: the query it carries is what the gateway reports (gateway-api.md §6.2, §6.3).
      const link = await createGatewayLink(stack.sandboxUrl, { amount, currency: 'CRC', type: 0, description: 'Hamaca', callback_url: 'http://127.0.0.1:9/links-callback' });
      await recordOwnLink(tables(stack.bff), { id: String(link.id), amount, currency: 'CRC', now: clock.now() });
      const report = Object.fromEntries(new URL(await stack.sandbox.payLink(link.url, pays ? approvingCard : decliningCard)).searchParams);
      writeGateway = (operation, body) => g(gatewayAnswerAsWritten, operation, body);
      const truth = {
        code: report.code ?? '',
        codeDescription: report.description ?? '',
        auth: report.auth ?? '',
        svcLinkId: Number(report.svcLinkId),
        orderNumber: report.orderNumber ?? '',
        svcOrderId: Number(report.svcOrderId),
        creditCardToken: report.creditCardToken ?? '',
        creditCardBrand: report.creditCardBrand ?? '',
        last4CreditCardNumber: report.last4CreditCardNumber ?? '',
        linkDescription: 'Hamaca',
        orderHash: report.orderHash ?? '',
      };
      assert.ok((await postLinkWebhook(stack.bffUrl, g(linkWebhookAsWritten, truth))).status < 300);
      const payment = await whenPresent(
        () => tables(stack.bff).selectFrom('link_payments').selectAll().where('svc_order_id', '=', String(truth.svcOrderId)).executeTakeFirst(),
        `link payment ${truth.svcOrderId}`,
      );
      assert.deepEqual(
        { status: payment.status, amount: payment.amount, currency: payment.currency, hash_check: payment.hash_check },
        { status: pays ? 'paid' : 'declined', amount, currency: 'CRC', hash_check: 'verified' },
      );
      writeGateway = undefined;
      const paidEvents = await outboxDb(stack.bff.store).selectFrom('outbound_events').select('body').where('created_at', '>=', since).where('type', '=', 'link.paid').where('body', 'like', `%${truth.svcOrderId}%`).execute();
      const ofThisPayment = paidEvents.filter((event) => (JSON.parse(event.body) as { data: { payment: { svcOrderId: string } } }).data.payment.svcOrderId === String(truth.svcOrderId));
      assert.equal(ofThisPayment.length, pays ? 1 : 0);
    }),
    settings,
  );
});
