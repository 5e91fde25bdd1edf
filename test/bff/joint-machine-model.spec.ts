// A model-based test of the joint machine (bff/payments/lifecycle): random evidence about one order
// and its attempts (card pages created, refused or lost; consult's answers; a verified redirect; the
// reconciler's expiry; SINPE Móvil transfers opened, paid and failed by the bank; money of another
// amount; the merchant's attach, review decisions and capture) is applied through the writers the BFF
// uses, on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL). After every step the order's
// status and its current attempt's are read back and compared with a model written here apart from the
// product's tables; the pair must be one the joint table lets coexist; the order's history must be the
// model's moves, and the merchant's order.* events the model's, one per move that reports one.
// Seeded (PROPERTY_SEED, default 43; `random` for a new one); PROPERTY_RUNS sets the runs (default 500).
// A failure prints the seed and path (PROPERTY_SEED=<seed> PROPERTY_PATH=<path> replays it).
import assert from 'node:assert/strict';
import { test } from '@playwright/test';
import fc from 'fast-check';
import type { OrderStatus } from '../../contract/bff-api.ts';
import { decideReview } from '../../bff/merchant/review-decision.ts';
import { recordMerchantChange } from '../../bff/merchant/order-changes.ts';
import { recordOrderChange } from '../../bff/payments/orders/record-outcome.ts';
import { outboxDb } from '../../bff/outbox/outbox-tables.ts';
import type { AttemptStatus } from '../../bff/payments/attempt-transitions.ts';
import { settleAttemptClaim } from '../../bff/payments/claim-settlement.ts';
import { coexistingPairs } from '../../bff/payments/lifecycle/joint-moves.ts';
import { applyJointMove, claimAttempt } from '../../bff/payments/lifecycle/unit-of-work.ts';
import { startingAttemptFields } from '../../bff/store/attempts.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import { ManualClock } from './fixtures/stack.ts';
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
    model.attempt = number;
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
        fields: { ...startingAttemptFields(number, `${real.orderNumber}-R${number}`, { email: 'buyer@example.com', locale: null }), payment_claim_id: null },
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
    model.attempt = number;
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
  check = (m: Model) => m.order === 'review' && m.attemptStatus === 'review';
  async run(model: Model, real: Real) {
    clock.advance(1000);
    await decideReview(storeOf(), clock, real.orderNumber, { decision: this.approve ? 'approve' : 'void' });
    const to = this.approve ? 'approved' : 'cancelled';
    moveOrder(model, to);
    model.attemptStatus = to;
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
];

test('random evidence keeps the order and its attempt in the joint table, with the history and the webhooks the model expects', async () => {
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (story) => {
      const order = await storedOrder(storeOf(), 'JM');
      const model: Model = { order: 'created', attempt: 0, attemptStatus: 'none', method: null, history: ['created'], events: [] };
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
