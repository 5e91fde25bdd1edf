// A model-based test of the joint machine (bff/payments/lifecycle): random evidence about one order
// and its attempts (card pages created, refused or lost; consult's answers; a verified redirect; the
// reconciler's expiry; SINPE Móvil transfers opened, paid and failed by the bank; money of another
// amount; the merchant's attach, review decisions and capture; the buyer coming Back from an open
// hosted page, whose new attempt replaces it, and money arriving later on the replaced page) is
// applied through the writers the BFF uses, on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL). After every step the order's
// status and its current attempt's are read back and compared with a model written here apart from the
// product's tables; the pair must be one the joint table lets coexist; the order's history must be the
// model's moves, and the merchant's order.* events the model's, one per move that reports one; every
// attempt (replaced ones included) is in the model's status, and the merchant's view of the order
// (its detail, and the data of each order.* event) shows the model's status and attempt outcomes.
// Seeded (PROPERTY_SEED, default 43; `random` for a new one); PROPERTY_RUNS sets the runs (default 500).
// A failure prints the seed and path (PROPERTY_SEED=<seed> PROPERTY_PATH=<path> replays it).
import assert from 'node:assert/strict';
import { test } from '../support/node-test.ts';
import fc from 'fast-check';
import type { OrderStatus } from '../../contract/bff-api.ts';
import { decideReview } from '../../bff/merchant/review-decision.ts';
import { ruleContextOf } from '../../bff/merchant/change-history.ts';
import { merchantOrderDetailView } from '../../bff/merchant/merchant-order-view.ts';
import { recordMerchantChange } from '../../bff/merchant/order-changes.ts';
import { recordOrderChange } from '../../bff/payments/orders/record-outcome.ts';
import { outboxDb } from '../../bff/outbox/outbox-tables.ts';
import { nextAttemptOver } from '../../bff/payments/attempt-rules.ts';
import type { AttemptStatus } from '../../bff/payments/attempt-transitions.ts';
import { settleAttemptClaim } from '../../bff/payments/claim-settlement.ts';
import { coexistingPairs } from '../../bff/payments/lifecycle/joint-moves.ts';
import { applyJointMove, claimAttempt } from '../../bff/payments/lifecycle/unit-of-work.ts';
import { attemptsOf, startingAttemptFields } from '../../bff/store/attempts.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import { ManualClock } from '../support/system.ts';
import { storePerFile } from './fixtures/store-per-file.ts';
import { storedOrder } from './fixtures/stored-order.ts';

const runs = Number(process.env.PROPERTY_RUNS ?? 500);
const seedSetting = process.env.PROPERTY_SEED ?? '43';
test.describe.configure({ timeout: Math.max(120_000, runs * 1_000) });

const storeOf = storePerFile();
const clock = new ManualClock();
let transfers = 0;

/** What the model knows: the two statuses, and what the history and the merchant must have seen. */
interface Model {
  order: OrderStatus;
  attempt: number;
  attemptStatus: AttemptStatus | 'none';
  method: 'card' | 'sinpe_movil' | null;
  /** The statuses of the attempts before the current one, by number (a refused number claimed again is the same attempt). */
  earlier: Map<number, AttemptStatus>;
  history: OrderStatus[];
  events: string[];
}
interface Real {
  orderNumber: string;
}

/** The merchant hears of every move but those a checkout passes through, as `order.<status>`. */
const reportedEvent = (to: OrderStatus) => (to === 'created' || to === 'pending' ? undefined : `order.${to}`);

function moveOrder(model: Model, to: OrderStatus): void {
  model.order = to;
  model.history.push(to);
  const event = reportedEvent(to);
  if (event) model.events.push(event);
}

/** A new attempt becomes the current one: the one it follows keeps the status it had (a replaced page stays open). */
function startAttempt(model: Model, number: number): void {
  if (number !== model.attempt && model.attemptStatus !== 'none') model.earlier.set(model.attempt, model.attemptStatus);
  model.attempt = number;
}

/** What the merchant sees of an attempt in each status, written here apart from the product's own mapping. */
const merchantOutcome: Record<AttemptStatus, string> = {
  claimed: 'open',
  refused: 'open',
  open: 'open',
  unknown: 'open',
  approved: 'approved',
  declined: 'declined',
  cancelled: 'cancelled',
  expired: 'expired',
  abandoned: 'expired',
  review: 'review',
};

const isPaidStatus = (status: OrderStatus) => ['approved', 'captured', 'refunded', 'reversed'].includes(status);

const now = () => {
  clock.advance(1000);
  return clock.now().toISOString();
};

/** An order that may take a new attempt, beside an attempt that ended unpaid (or none yet). */
const mayOpenAttempt = (m: Model) =>
  m.attempt < 5 && ['created', 'declined', 'cancelled', 'expired'].includes(m.order) && ['none', 'refused', 'declined', 'cancelled', 'expired', 'abandoned'].includes(m.attemptStatus);
const pageOut = (m: Model) => m.order === 'pending' && m.attemptStatus === 'open';

async function check(model: Model, real: Real): Promise<void> {
  const db = storeOf().db;
  const order = await findOrder(db, real.orderNumber);
  assert.ok(order);
  assert.equal(order.status, model.order, 'order status');
  assert.equal(order.attempt_status ?? 'none', model.attemptStatus, 'current attempt status');
  assert.ok(coexistingPairs[order.status].includes(order.attempt_status ?? 'none'), `(${order.status}, ${order.attempt_status ?? 'none'}) is not a pair the joint table allows`);
  const history = await statusHistory(db, real.orderNumber);
  assert.deepEqual(history.map((entry) => entry.to_status), model.history, 'history');
  const events = await outboxDb(storeOf()).selectFrom('outbound_events').select('type').where('order_number', '=', real.orderNumber).orderBy('created_at').orderBy('id').execute();
  assert.deepEqual(events.map((event) => event.type).sort(), [...model.events].sort(), 'merchant events');
  // Each event's data is the merchant's view of the order as that move left it.
  const bodies = await outboxDb(storeOf()).selectFrom('outbound_events').select(['type', 'body']).where('order_number', '=', real.orderNumber).execute();
  for (const { type, body } of bodies) assert.equal(`order.${(JSON.parse(body) as { data: { status: string } }).data.status}`, type, 'the event data shows the status its type names');
  // Every attempt, replaced ones included, is where the model says.
  const expected = [...model.earlier, ...(model.attemptStatus === 'none' ? [] : [[model.attempt, model.attemptStatus] as const])].sort(([a], [b]) => a - b);
  const attempts = await attemptsOf(db, real.orderNumber);
  assert.deepEqual(attempts.map((attempt) => [attempt.number, attempt.status]), expected, 'attempts');
  const detail = merchantOrderDetailView({ order, history, attempts, context: ruleContextOf(order, history, clock.now()) });
  assert.equal(detail.status, model.order, 'merchant view: status');
  assert.deepEqual(detail.attempts.map((attempt) => [attempt.number, attempt.outcome]), expected.map(([number, status]) => [number, merchantOutcome[status]]), 'merchant view: attempts');
}

type JointCommand = fc.AsyncCommand<Model, Real>;

/** Evidence about the current attempt, recorded as the status refresher, the return and the reconciler do; both move to `to`. */
async function recordEvidence(model: Model, real: Real, to: OrderStatus & AttemptStatus, evidence: 'consult' | 'redirect' | 'no-payment' | 'mismatch'): Promise<void> {
  await recordOrderChange(storeOf(), real.orderNumber, { to, evidence, source: 'test', now: now(), attempt: { number: model.attempt, status: to } });
  moveOrder(model, to);
  model.attemptStatus = to;
  await check(model, real);
}

/** A card attempt's processPayment: the page created, the call refused (nothing created), or its answer lost. */
class CardCall implements JointCommand {
  constructor(readonly outcome: 'created' | 'none' | 'unknown') {}
  check = mayOpenAttempt;
  async run(model: Model, real: Real) {
    const db = storeOf().db;
    const seen = (await findOrder(db, real.orderNumber))!;
    const number = model.attemptStatus === 'refused' ? model.attempt : model.attempt + 1;
    const claimId = `claim-${real.orderNumber}-${number}-${transfers++}`;
    const claimed = await claimAttempt(db, seen, { number, gatewayOrderNumber: `${real.orderNumber}-R${number}`, returnRef: `ref-${claimId}`, claimId, email: 'buyer@example.com', locale: null, now: now() });
    assert.ok(claimed, 'claimed');
    const outcome = this.outcome === 'created' ? { state: 'created' as const, hostedUrl: 'https://gateway.example/page', now: now() } : { state: this.outcome, error: 'test', now: now() };
    assert.equal(await settleAttemptClaim(db, real.orderNumber, { claimId, number, from: model.order }, outcome), true);
    startAttempt(model, number);
    model.method = 'card';
    if (this.outcome === 'created') {
      moveOrder(model, 'pending');
      model.attemptStatus = 'open';
    } else model.attemptStatus = this.outcome === 'none' ? 'refused' : 'unknown';
    await check(model, real);
  }
  toString = () => `card call ${this.outcome}`;
}

/** A SINPE Móvil transfer opened: the order waits for the bank. */
class OpenTransfer implements JointCommand {
  check = mayOpenAttempt;
  async run(model: Model, real: Real) {
    const db = storeOf().db;
    const seen = (await findOrder(db, real.orderNumber))!;
    const number = model.attemptStatus === 'refused' ? model.attempt : model.attempt + 1;
    const unique = ++transfers;
    const stamp = now();
    const opened = await applyJointMove(db, real.orderNumber, {
      evidence: 'transfer-opened',
      now: stamp,
      order: {
        from: seen.status,
        to: 'pending',
        source: 'checkout',
        fields: { ...startingAttemptFields(number, { email: 'buyer@example.com', locale: null }), payment_claim_id: null },
        where: { attempt_number: seen.attempt_number },
      },
      attempt: {
        kind: 'open-transfer',
        seen,
        number,
        gatewayOrderNumber: `${real.orderNumber}-R${number}`,
        transfer: { sinpe_reference: `REF${unique}`, transfer_amount: `${unique}.00`, transfer_currency: 'CRC', transfer_discount: '0', expires_at: stamp, amount_names_attempt: 1, client_key: null },
      },
    });
    assert.ok(opened.attempt);
    startAttempt(model, number);
    model.method = 'sinpe_movil';
    model.attemptStatus = 'open';
    moveOrder(model, 'pending');
    await check(model, real);
  }
  toString = () => 'open transfer';
}

/** What consult says of the current card attempt (an approval also wins late, after a decline, cancel or expiry). */
class Consult implements JointCommand {
  constructor(readonly says: 'approved' | 'declined' | 'cancelled') {}
  check(m: Model) {
    if (m.method !== 'card') return false;
    const running = ['claimed', 'open', 'unknown'].includes(m.attemptStatus) && (m.order === 'pending' || (m.order === 'created' && this.says !== 'cancelled'));
    const late = this.says === 'approved' && ['declined', 'cancelled', 'expired'].includes(m.order) && m.attemptStatus === m.order;
    return running || late;
  }
  async run(model: Model, real: Real) {
    await recordEvidence(model, real, this.says, 'consult');
  }
  toString = () => `consult says ${this.says}`;
}

/** The buyer's verified redirect from an open card page: declined or cancelled. */
class Redirect implements JointCommand {
  constructor(readonly says: 'declined' | 'cancelled') {}
  check = (m: Model) => pageOut(m) && m.method === 'card';
  async run(model: Model, real: Real) {
    await recordEvidence(model, real, this.says, 'redirect');
  }
  toString = () => `redirect ${this.says}`;
}

/** A running attempt ends unpaid by the order's side: the reconciler expires it (never paid in time), or money of another amount sends it to review. */
class EndsUnpaid implements JointCommand {
  constructor(readonly to: 'expired' | 'review') {}
  check = pageOut;
  async run(model: Model, real: Real) {
    await recordEvidence(model, real, this.to, this.to === 'expired' ? 'no-payment' : 'mismatch');
  }
  toString = () => (this.to === 'expired' ? 'expire' : 'money of another amount');
}

/** The bank's word on the awaited transfer: the money arrived, or the payment failed. */
class BankMoney implements JointCommand {
  constructor(readonly arrived: boolean) {}
  check = (m: Model) => pageOut(m) && m.method === 'sinpe_movil';
  async run(model: Model, real: Real) {
    const to = this.arrived ? 'approved' : 'declined';
    const { written } = await applyJointMove(storeOf().db, real.orderNumber, {
      evidence: 'bank',
      now: now(),
      order: { from: 'pending', to, source: 'bank', ...(this.arrived && { action: 'bank-payment' as const }) },
      attempt: { kind: 'evidence', number: model.attempt, to },
    });
    assert.equal(written, true);
    moveOrder(model, to);
    model.attemptStatus = to;
    await check(model, real);
  }
  toString = () => (this.arrived ? 'bank: money arrived' : 'bank: payment failed');
}

/** The merchant attaches a bank payment to the pending order: paid, its running attempt superseded. */
class Attach implements JointCommand {
  check = pageOut;
  async run(model: Model, real: Real) {
    const { written } = await applyJointMove(storeOf().db, real.orderNumber, {
      evidence: 'merchant',
      now: now(),
      order: { from: 'pending', to: 'approved', source: 'merchant', action: 'bank-payment' },
      attempt: { kind: 'evidence', number: model.attempt, to: 'cancelled', when: (status) => status === 'open' },
    });
    assert.equal(written, true);
    moveOrder(model, 'approved');
    model.attemptStatus = 'cancelled';
    await check(model, real);
  }
  toString = () => 'merchant attaches a bank payment';
}

/** The merchant decides a review. */
class ReviewDecision implements JointCommand {
  constructor(readonly approve: boolean) {}
  // In review for its current attempt, or for a replaced page's money beside the current attempt.
  check = (m: Model) => m.order === 'review' && ['review', 'open', 'declined', 'expired'].includes(m.attemptStatus);
  async run(model: Model, real: Real) {
    clock.advance(1000);
    await decideReview(storeOf(), clock, real.orderNumber, { decision: this.approve ? 'approve' : 'void' });
    const to = this.approve ? 'approved' : 'cancelled';
    moveOrder(model, to);
    // The decision is the current attempt's when it is in review; an open page stays payable when the
    // merchant approves (its own money would be one payment too many), and is closed when the merchant
    // voids; an attempt that ended unpaid stays as it ended.
    if (model.attemptStatus === 'review' || (model.attemptStatus === 'open' && !this.approve)) model.attemptStatus = to;
    await check(model, real);
  }
  toString = () => (this.approve ? 'merchant approves the review' : 'merchant voids the review');
}

/** The merchant captures an approved order: the attempt stays as it is. */
class Capture implements JointCommand {
  check = (m: Model) => m.order === 'approved';
  async run(model: Model, real: Real) {
    const seen = (await findOrder(storeOf().db, real.orderNumber))!;
    assert.equal(await recordMerchantChange(storeOf().db, seen, { to: 'captured', capturedAmount: seen.amount, refundedAmount: '0', detail: 'capture', action: 'capture', now: now() }), true);
    moveOrder(model, 'captured');
    await check(model, real);
  }
  toString = () => 'merchant captures';
}

/**
 * The buyer comes Back from the open hosted page and checks out again: the widget names the attempt
 * whose page it found out (the current one), and a new card attempt replaces it on the same order.
 * The order stays pending (no history entry, no event); the replaced page stays open at the gateway.
 */
class BackFromPage implements JointCommand {
  check = (m: Model) => pageOut(m) && m.method === 'card' && m.attempt < 5;
  async run(model: Model, real: Real) {
    const db = storeOf().db;
    const seen = (await findOrder(db, real.orderNumber))!;
    const decision = nextAttemptOver(seen, 5);
    assert.equal(decision.kind, 'open');
    const number = decision.kind === 'open' ? decision.number : -1;
    assert.equal(number, model.attempt + 1, 'the attempt after the one replaced');
    const claimId = `back-${real.orderNumber}-${number}-${transfers++}`;
    assert.ok(await claimAttempt(db, seen, { number, gatewayOrderNumber: `${real.orderNumber}-R${number}`, returnRef: `ref-${claimId}`, claimId, email: 'buyer@example.com', locale: null, now: now() }), 'claimed over the open page');
    assert.equal(await settleAttemptClaim(db, real.orderNumber, { claimId, number, from: seen.status }, { state: 'created', hostedUrl: 'https://gateway.example/page-again', now: now() }), true);
    startAttempt(model, number);
    model.attemptStatus = 'open';
    await check(model, real);
  }
  toString = () => 'back from the page: a new attempt replaces it';
}

/**
 * Money arrives on a replaced page (paid in another tab; consult or the return finds it approved):
 * one payment too many. The replaced attempt goes to review; so does the order while it is unpaid
 * (and not in review already); a paid order stays as it is.
 */
class ReplacedPagePaid implements JointCommand {
  check = (m: Model) => [...m.earlier.values()].includes('open');
  async run(model: Model, real: Real) {
    const number = [...model.earlier].find(([, status]) => status === 'open')![0];
    await recordOrderChange(storeOf(), real.orderNumber, { to: 'approved', evidence: 'consult', source: 'test', now: now(), attempt: { number, status: 'approved' } });
    model.earlier.set(number, 'review');
    if (!isPaidStatus(model.order) && model.order !== 'review') moveOrder(model, 'review');
    await check(model, real);
  }
  toString = () => 'money on a replaced page';
}

const commands = [
  fc.constantFrom('created', 'none', 'unknown').map((outcome) => new CardCall(outcome as 'created' | 'none' | 'unknown')),
  fc.constant(new OpenTransfer()),
  fc.constantFrom('approved', 'declined', 'cancelled').map((says) => new Consult(says as 'approved' | 'declined' | 'cancelled')),
  fc.constantFrom('declined', 'cancelled').map((says) => new Redirect(says as 'declined' | 'cancelled')),
  fc.constantFrom('expired', 'review').map((to) => new EndsUnpaid(to as 'expired' | 'review')),
  fc.boolean().map((arrived) => new BankMoney(arrived)),
  fc.constant(new Attach()),
  fc.boolean().map((approve) => new ReviewDecision(approve)),
  fc.constant(new Capture()),
  // A replaced page needs three steps in order (a page, Back, its money): each listed more than once,
  // so that a few hundred runs walk it often.
  ...Array.from({ length: 3 }, () => fc.constant(new CardCall('created'))),
  ...Array.from({ length: 3 }, () => fc.constant(new BackFromPage())),
  ...Array.from({ length: 3 }, () => fc.constant(new ReplacedPagePaid())),
];

test('random evidence keeps the order and its attempt in the joint table, with the history and the webhooks the model expects', async () => {
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (story) => {
      const order = await storedOrder(storeOf(), 'JM');
      const model: Model = { order: 'created', attempt: 0, attemptStatus: 'none', method: null, earlier: new Map(), history: ['created'], events: [] };
      const real: Real = { orderNumber: order.order_number };
      await fc.asyncModelRun(() => ({ model, real }), story);
    }),
    {
      numRuns: runs,
      ...(seedSetting !== 'random' && { seed: Number(seedSetting) }),
      ...(process.env.PROPERTY_PATH && { path: process.env.PROPERTY_PATH }),
    },
  );
});
