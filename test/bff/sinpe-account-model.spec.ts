// A model-based test of the merchant's whole SINPE Móvil account: many buyers, strangers,
// the merchant's own payouts and the bank's failures and reversals on one phone, driven from outside (merchant
// sessions and POST /v1/checkout; bank events encrypted through POST /v1/webhooks/banking and drained by the
// inbox; the merchant's attach; a manual clock and the reconciler's pass). The model knows, independently of
// the product, whose money each bank payment is; after every step six invariants about money are read from the
// store (ARCHITECTURE.md "SINPE Móvil", "Added in this round"; banking-webhooks.md §6):
//   1. an approved (or captured) order has money behind it: a buyer's inbound money that still stands, or a
//      payment the merchant attached by hand;
//   2. no bank payment is placed on two orders;
//   3. no payout is placed on an order (save one the bank's event cannot tell from a buyer's: fee 0 and tax 0,
//      §6.4's two net rules both fitting, naming an order's reference or attached by the merchant);
//   4. money placed on an order brings what the order asked (the transfer's amount or the order's), unless the
//      order is in review (with a reason in its history) or the merchant took it by hand;
//   5. money is placed only on the order its sender paid for; a stranger's money only on an order whose own
//      lowered amount it brings (what that buyer's transfer without a reference looks like), never by a price
//      alone (the amount of any order the shop has taken) nor on an order opened after it arrived;
//   6. the merchant's order.* webhooks are the order history's status moves, one each.
// One stack serves every run: each run has its own prices, 500 colones apart from every other run's, so the
// runs' orders and amounts never meet; the clock only moves forward.
// Seeded (PROPERTY_SEED, default 40; `random` for a new one); PROPERTY_RUNS sets the runs (default 1,000 on
// SQLite, about 20 CPU-seconds; 200 on PostgreSQL, where the same stories run again only for what the engine
// decides: the unique indexes and the holds' queries). A failure prints the seed, the path and the commands' replayPath (PROPERTY_SEED=<seed>
// PROPERTY_PATH=<path> COMMANDS_REPLAY_PATH=<replayPath> replays the shrunk story), and the failing run's story
// with its real order numbers and amounts. The long run: PROPERTY_RUNS=20000 PROPERTY_SEED=random.
// Checks are node:assert's, as in upstream-properties.spec.ts (Playwright's expect bookkeeping grows per call).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from '../support/node-test.ts';
import fc from 'fast-check';
import { fromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import type { SinpeCheckoutResponse } from '../../contract/sinpe-movil.ts';
import { encryptDelivery } from '../../node/bank-delivery-codec.ts';
import { exampleEvent } from '../../sandbox/bank/event-examples.ts';
import { expireLapsedTransfers } from '../../bff/sinpe/transfer-attempts.ts';
import { outboxDb } from '../../bff/outbox/outbox-tables.ts';
import { checkoutBody, createMerchantSession, postCheckout } from './fixtures/buyer.ts';
import { merchantPhone } from './fixtures/sinpe-orders.ts';
import { ManualClock, startSystem, type System } from '../support/system.ts';
import { currentSecret, merchantPost, postBank, tables } from './webhooks-support.ts';

const runs = Number(process.env.PROPERTY_RUNS ?? (process.env.TEST_DATABASE_URL ? 200 : 1000));
const seedSetting = process.env.PROPERTY_SEED ?? '40';
const settings: fc.Parameters<[PriceShape[], Iterable<AccountCommand>]> = {
  numRuns: runs,
  verbose: fc.VerbosityLevel.Verbose,
  ...(seedSetting !== 'random' && { seed: Number(seedSetting) }),
  ...(process.env.PROPERTY_PATH && { path: process.env.PROPERTY_PATH }),
};
test.describe.configure({ timeout: Math.max(600_000, runs * 500) });

const transferMinutes = 10;
/** SINPE_AMOUNT_RESERVE_HOURS at its default (24). */
const amountReserveMs = 24 * 3_600_000;
const clock = new ManualClock();
let stack: System;

test.beforeAll(async () => {
  stack = await startSystem({ bank: true, 
    clock,
    env: { SINPE_MOVIL_PHONE: merchantPhone, SINPE_TRANSFER_MINUTES: String(transferMinutes), RECONCILE_INTERVAL_MS: '0', RATE_LIMIT_PER_MINUTE: '100000000' },
  });
});
test.afterAll(async () => {
  await stack?.close();
});

// ---------------------------------------------------------------------------------------------------------
// The model: whose money is what.

const colones = (minor: bigint) => fromMinorUnits(minor, 'CRC');
const minor = (amount: string) => toMinorUnits(amount, 'CRC');

interface ModelOrder {
  orderNumber: string;
  token: string;
  price: string;
  /** The checkout's answer: what to write, how much to send, until when. */
  reference: string;
  asked: string;
  expiresAt: number;
}

/** Who sent a bank payment, as only the model knows it. */
type Sender =
  | { kind: 'buyer'; orderNumber: string }
  | { kind: 'stranger' }
  | { kind: 'payout' }
  | { kind: 'pin'; orderNumber?: string };

interface ModelPayment {
  paymentId: string;
  publicId: number;
  externalReference: string;
  clientReference: string | undefined;
  sender: Sender;
  method: 'SINPE_MOVIL' | 'PIN';
  amount: string;
  /** The bank said the money arrived (payin.posted or payment.succeeded), failed it, reversed it. */
  arrived: boolean;
  failed: boolean;
  reversed: boolean;
  /** The event status a later event of this payment keeps (§3: a reversal is not a status). */
  status: 'posted' | 'confirmed' | 'failed';
  /**
   * Orders whose buyer's payment this one cannot be told from, whoever sent it: a stranger's money bringing an
   * order's own lowered amount (AccountModel.looksLike); the merchant's payout with fee 0 and tax 0 naming an
   * order's reference (§6.4 has no direction field, and both net rules fit: the event reads as that buyer's).
   */
  looksLike: Set<string>;
  /** A payout whose fees tell it by the net rule (§6.4); with fee 0 and tax 0 both rules fit. */
  payoutTold: boolean;
  /** Set when the merchant attached it (200): the merchant's decision, evidence of its own. */
  attachedTo?: string;
}

class AccountModel {
  readonly orders: ModelOrder[] = [];
  readonly payments: ModelPayment[] = [];
  readonly delivered: BankEventBody[] = [];
  /** What happened, with real values, for the report of a failing run. */
  readonly story: string[] = [];
  constructor(readonly prices: string[]) {}

  order(index: number): ModelOrder | undefined {
    return this.orders.length ? this.orders[index % this.orders.length] : undefined;
  }

  byNumber(orderNumber: string): ModelOrder | undefined {
    return this.orders.find((order) => order.orderNumber === orderNumber);
  }

  /**
   * The orders whose transfer `amount` is, as far as anyone can tell without a reference: the unique lowered
   * amount names its order, unless it is also the price of an order this shop has taken (a price anyone may
   * pay, in the shop or online: it names nobody).
   */
  looksLike(amount: string): Set<string> {
    const sent = minor(amount);
    if (this.orders.some((order) => minor(order.price) === sent)) return new Set();
    return new Set(this.orders.filter((order) => minor(order.asked) === sent).map((order) => order.orderNumber));
  }

  amountOf(pick: AmountPick): string {
    const order = pick.of === 'asked' ? this.order(pick.index) : undefined;
    if (order) return order.asked;
    const price = this.prices[pick.index % this.prices.length]!;
    return pick.of === 'whole' ? colones((minor(price) / 100n) * 100n) : price;
  }

  tell(line: string): void {
    this.story.push(`${new Date(clock.now()).toISOString()} ${line}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Bank events as the bank writes them (banking-webhooks.md §6.2-§6.6), from the sandbox's own examples.

type BankEventBody = Record<string, any>;
const examples = new Map<string, BankEventBody>();
let publicIds = 5_000_000_000;

function example(type: string): BankEventBody {
  let found = examples.get(type);
  if (!found) examples.set(type, (found = exampleEvent(type as Parameters<typeof exampleEvent>[0]) as BankEventBody));
  return structuredClone(found);
}

/** RFC 3339, UTC, second precision (§6.2). */
const bankNow = () => clock.now().toISOString().replace(/\.\d{3}Z$/, 'Z');

function envelope(type: string, payment: ModelPayment): BankEventBody {
  const event = example(type);
  event.event.event_id = randomUUID();
  event.event.correlation_id = randomUUID();
  event.event.occurred_at = bankNow();
  event.context.payment_method_code = payment.method;
  event.provider = { correlation_id: randomUUID(), occurred_at: bankNow(), provider_status_code: null, provider_status_desc: null, provider_status_semantic: null };
  event.payment.payment_id = payment.paymentId;
  event.payment.public_id = payment.publicId;
  event.payment.amount = { amount: payment.amount, currency: 'CRC' };
  return event;
}

function payinPosted(payment: ModelPayment): BankEventBody {
  const event = envelope('payin.posted', payment);
  Object.assign(event.payment, {
    status: 'posted',
    posted_at: bankNow(),
    account: { type: 'PHONE', value: `+506${merchantPhone}` },
    reference: { client_reference: payment.clientReference ?? '', external_reference: payment.externalReference },
    destination_phone_number: `+506${merchantPhone}`,
    origin_client_name: 'RAUL PEREZ',
  });
  return event;
}

type Fees = 'zero' | 'fees';

function paymentSucceeded(payment: ModelPayment, direction: 'PAYIN' | 'PAYOUT', fees: Fees): BankEventBody {
  const event = envelope('payment.succeeded', payment);
  const [fee, tax] = fees === 'zero' ? [0n, 0n] : [15_000n, 1_950n];
  const amount = minor(payment.amount);
  const net = direction === 'PAYIN' ? amount - fee - tax : amount + fee + tax;
  Object.assign(event.payment, {
    status: 'confirmed',
    client_reference: payment.clientReference ?? '',
    external_reference: payment.externalReference,
    fee_total: colones(fee),
    tax_total: colones(tax),
    net_amount: colones(net),
    succeeded_at: bankNow(),
  });
  return event;
}

type FailureDomain = 'sinpe_rejection' | 'platform_validation' | 'platform_posting';

function paymentFailed(payment: ModelPayment, domain: FailureDomain): BankEventBody {
  const event = envelope('payment.failed', payment);
  event.payment.status = 'failed';
  if (payment.clientReference === undefined) delete event.payment.client_reference;
  else event.payment.client_reference = payment.clientReference;
  event.payment.external_reference = payment.externalReference;
  if (domain === 'sinpe_rejection') {
    event.payment.error = { domain, platform: { code: 'PROVIDER_REJECTED', message: 'insufficient funds' } };
    event.rejection = { code: 'SINPE_REJECTED', reason_code: '21', message: 'insufficient funds' };
    Object.assign(event.provider, { provider_status_code: '21', provider_status_desc: 'insufficient funds', provider_status_semantic: 'SINPE_REJECTED' });
  } else {
    event.payment.error = { domain, platform: { code: domain === 'platform_posting' ? 'POSTING_FAILED' : 'VALIDATION_FAILED' } };
    event.rejection = null;
  }
  return event;
}

function paymentReversed(payment: ModelPayment): BankEventBody {
  const event = envelope('payment.reversed', payment);
  Object.assign(event.payment, {
    status: payment.status,
    result: 'reversed',
    has_reversal: true,
    reversed_at: bankNow(),
    external_reference: payment.externalReference,
    reason: { code: 'REVERSAL', message: 'Reversed at the payer bank' },
  });
  if (payment.clientReference !== undefined) event.payment.client_reference = payment.clientReference;
  return event;
}

function newPayment(model: AccountModel, fields: Pick<ModelPayment, 'sender' | 'amount' | 'clientReference'> & Partial<ModelPayment>): ModelPayment {
  const publicId = publicIds++;
  const payment: ModelPayment = {
    paymentId: randomUUID(),
    publicId,
    externalReference: `FT${publicId}`,
    arrived: false,
    failed: false,
    reversed: false,
    status: 'posted',
    method: 'SINPE_MOVIL',
    looksLike: new Set(),
    payoutTold: false,
    ...fields,
  };
  model.payments.push(payment);
  return payment;
}

/** Delivers each event encrypted like the bank's, then waits until the inbox has processed them (no sleep: each turn yields to the worker). */
async function deliver(model: AccountModel, events: BankEventBody[]): Promise<void> {
  for (const event of events) {
    const response = await postBank(stack.bffUrl, JSON.stringify({ data: await encryptDelivery(JSON.stringify(event), currentSecret) }));
    assert.equal(response.status, 200, `the bank's delivery of ${event.event.event_type} answered ${response.status}`);
    if (!model.delivered.some((known) => known.event.event_id === event.event.event_id)) model.delivered.push(event);
  }
  const ids = [...new Set(events.map((event) => event.event.event_id as string))];
  for (let turn = 0; turn < 20_000; turn++) {
    // By (source, external_id), the inbox's unique key: external_id alone is a scan of every earlier run's events.
    const rows = await tables(stack.bff).selectFrom('events').select(['external_id', 'state', 'last_error']).where('source', '=', 'bank').where('external_id', 'in', ids).execute();
    if (rows.length === ids.length && rows.every((row) => row.state === 'processed')) return;
    if (turn === 19_999) throw new Error(`bank events not processed: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

// ---------------------------------------------------------------------------------------------------------
// What the commands draw.

interface PriceShape {
  offset: number;
  cents: number;
}
/** Prices close enough for their lowered amounts to meet, sometimes the same, some with céntimos. */
const priceShapes = fc.array(
  fc.record({ offset: fc.integer({ min: 150, max: 350 }), cents: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.integer({ min: 1, max: 99 }) }) }),
  { minLength: 2, maxLength: 3 },
);

/** Each run's prices start 500 colones past the last run's: runs never share an amount. */
let runBase = 20_000;
function pricesOf(shapes: PriceShape[]): string[] {
  const base = BigInt(runBase);
  runBase += 500;
  return shapes.map(({ offset, cents }) => colones((base + BigInt(offset)) * 100n + BigInt(cents)));
}

type AmountPick = { of: 'asked' | 'price' | 'whole'; index: number };
const amountPick = fc.record({ of: fc.constantFrom<AmountPick['of']>('asked', 'price', 'whole'), index: fc.nat() });

/** How the bank tells that money arrived: payin.posted, payment.succeeded (fees, or fee 0 and tax 0: no direction), or both in either order. */
interface Arrival {
  posted: boolean;
  succeeded: Fees | 'none';
  succeededFirst: boolean;
}
const arrival = fc
  .record({ posted: fc.boolean(), succeeded: fc.constantFrom<Arrival['succeeded']>('none', 'fees', 'zero'), succeededFirst: fc.boolean() })
  .map((drawn): Arrival => (drawn.posted || drawn.succeeded !== 'none' ? drawn : { ...drawn, posted: true }));

function arrivalEvents(payment: ModelPayment, how: Arrival): BankEventBody[] {
  const events: BankEventBody[] = [];
  if (how.posted) events.push(payinPosted(payment));
  if (how.succeeded !== 'none') events.push(paymentSucceeded(payment, 'PAYIN', how.succeeded));
  payment.arrived = true;
  payment.status = how.posted ? 'posted' : 'confirmed';
  return how.succeededFirst ? events.reverse() : events;
}

const describeArrival = (how: Arrival) =>
  [how.posted && 'payin.posted', how.succeeded !== 'none' && `payment.succeeded(${how.succeeded === 'zero' ? 'fee 0 tax 0' : 'fees'})`].filter(Boolean).join(how.succeededFirst ? ' after ' : ' + ');

/** What a buyer writes in the transfer's description. */
type Writing = 'reference' | 'lowercase' | 'packed' | 'empty' | 'pase';
function written(writing: Writing, reference: string): string {
  switch (writing) {
    case 'reference':
      return reference;
    case 'lowercase':
      return `${reference.slice(0, 3).toLowerCase()} ${reference.slice(3).toLowerCase()}`;
    case 'packed':
      return `01-2345-6789 | RAUL_PEREZ | 0 | ${reference}`;
    case 'empty':
      return '';
    case 'pase':
      return 'PASE';
  }
}

// ---------------------------------------------------------------------------------------------------------
// The commands.

type AccountCommand = fc.AsyncCommand<AccountModel, System>;
const hasOrders = (model: AccountModel) => model.orders.length > 0;

class BuyerOpensTransfer implements AccountCommand {
  constructor(readonly priceIndex: number) {}
  check = () => true;
  async run(model: AccountModel): Promise<void> {
    const price = model.prices[this.priceIndex % model.prices.length]!;
    const session = await createMerchantSession(stack.bffUrl, { amount: price, currency: 'CRC' });
    const response = await postCheckout(stack.bffUrl, session.sessionToken, { ...checkoutBody, method: 'sinpe_movil' });
    assert.equal(response.status, 200, `checkout answered ${response.status}: ${await response.clone().text()}`);
    const { sinpeMovil } = (await response.json()) as SinpeCheckoutResponse;
    model.orders.push({ orderNumber: session.orderNumber, token: session.sessionToken, price, reference: sinpeMovil.reference, asked: sinpeMovil.amount, expiresAt: Date.parse(sinpeMovil.expiresAt) });
    model.tell(`buyer opens ${session.orderNumber} at ${price}: asked ${sinpeMovil.amount}, reference ${sinpeMovil.reference}, until ${sinpeMovil.expiresAt}`);
  }
  toString = () => `open(price ${this.priceIndex})`;
}

class BuyerPays implements AccountCommand {
  constructor(readonly draw: { order: number; writing: Writing; amount: 'asked' | 'price' | 'whole'; how: Arrival; late: false | { minutesPast: number; expireFirst: boolean } }) {}
  check = hasOrders;
  async run(model: AccountModel): Promise<void> {
    const order = model.order(this.draw.order)!;
    const { late } = this.draw;
    if (late) {
      const past = order.expiresAt + late.minutesPast * 60_000;
      if (clock.now().getTime() < past) clock.advance(past - clock.now().getTime());
      if (late.expireFirst) await expireLapsedTransfers(stack.bff.store, clock.now());
    }
    const amount = this.draw.amount === 'asked' ? order.asked : this.draw.amount === 'price' ? order.price : colones((minor(order.price) / 100n) * 100n);
    // Money without the reference later than the reservation of its amount (SINPE_AMOUNT_RESERVE_HOURS)
    // names its order no more than a stranger's would: the amount may be another buyer's by then.
    const unnamed = this.draw.writing === 'empty' || this.draw.writing === 'pase';
    const pastReservation = clock.now().getTime() > order.expiresAt + amountReserveMs;
    const looksLike = unnamed && pastReservation ? model.looksLike(amount) : new Set<string>();
    const payment = newPayment(model, { sender: { kind: 'buyer', orderNumber: order.orderNumber }, amount, clientReference: written(this.draw.writing, order.reference), looksLike });
    model.tell(`${late ? 'late ' : ''}buyer of ${order.orderNumber} pays ${amount} writing ${JSON.stringify(payment.clientReference)} (${describeArrival(this.draw.how)}) = payment ${payment.publicId}`);
    await deliver(model, arrivalEvents(payment, this.draw.how));
  }
  toString = () => `pays(${JSON.stringify(this.draw)})`;
}

class StrangerPays implements AccountCommand {
  constructor(readonly draw: { amount: AmountPick; writing: 'empty' | 'pase'; how: Arrival }) {}
  check = () => true;
  async run(model: AccountModel): Promise<void> {
    const amount = model.amountOf(this.draw.amount);
    const payment = newPayment(model, { sender: { kind: 'stranger' }, amount, clientReference: written(this.draw.writing, ''), looksLike: model.looksLike(amount) });
    model.tell(`a stranger pays ${amount} writing ${JSON.stringify(payment.clientReference)} (${describeArrival(this.draw.how)}) = payment ${payment.publicId}`);
    await deliver(model, arrivalEvents(payment, this.draw.how));
  }
  toString = () => `stranger(${JSON.stringify(this.draw)})`;
}

class MerchantPaysOut implements AccountCommand {
  constructor(readonly draw: { amount: AmountPick; fees: Fees; naming: number | null }) {}
  check = () => true;
  async run(model: AccountModel): Promise<void> {
    const amount = model.amountOf(this.draw.amount);
    const named = this.draw.naming === null ? undefined : model.order(this.draw.naming);
    const told = this.draw.fees === 'fees';
    const looksLike = new Set(named && !told ? [named.orderNumber] : []);
    const payment = newPayment(model, { sender: { kind: 'payout' }, amount, clientReference: named?.reference ?? '', payoutTold: told, status: 'confirmed', looksLike });
    model.tell(`the merchant pays out ${amount} (${this.draw.fees === 'zero' ? 'fee 0 tax 0' : 'fees'})${named ? ` naming ${named.reference}` : ''} = payment ${payment.publicId}`);
    payment.arrived = true;
    await deliver(model, [paymentSucceeded(payment, 'PAYOUT', this.draw.fees)]);
  }
  toString = () => `payout(${JSON.stringify(this.draw)})`;
}

class PinTransferArrives implements AccountCommand {
  constructor(readonly draw: { amount: AmountPick; naming: number | null }) {}
  check = () => true;
  async run(model: AccountModel): Promise<void> {
    const amount = model.amountOf(this.draw.amount);
    const named = this.draw.naming === null ? undefined : model.order(this.draw.naming);
    const payment = newPayment(model, { sender: named ? { kind: 'pin', orderNumber: named.orderNumber } : { kind: 'pin' }, amount, clientReference: named?.reference ?? '', method: 'PIN' });
    model.tell(`a PIN transfer of ${amount} arrives${named ? ` naming ${named.reference}` : ''} = payment ${payment.publicId}`);
    await deliver(model, arrivalEvents(payment, { posted: true, succeeded: 'none', succeededFirst: false }));
  }
  toString = () => `pin(${JSON.stringify(this.draw)})`;
}

type FailureDraw =
  | { kind: 'named'; order: number; amount: 'asked' | 'wrong'; domain: FailureDomain }
  | { kind: 'unnamed'; order: number; sender: 'buyer' | 'stranger'; domain: FailureDomain };

class TransferFails implements AccountCommand {
  constructor(readonly draw: FailureDraw) {}
  check = hasOrders;
  async run(model: AccountModel): Promise<void> {
    const order = model.order(this.draw.order)!;
    const draw = this.draw;
    const amount = draw.kind === 'named' && draw.amount === 'wrong' ? colones(minor(order.asked) + 300n) : order.asked;
    const sender: Sender = draw.kind === 'unnamed' && draw.sender === 'stranger' ? { kind: 'stranger' } : { kind: 'buyer', orderNumber: order.orderNumber };
    const payment = newPayment(model, { sender, amount, clientReference: draw.kind === 'named' ? order.reference : undefined, status: 'failed', failed: true, ...(sender.kind === 'stranger' && { looksLike: model.looksLike(amount) }) });
    model.tell(`${sender.kind === 'stranger' ? 'a stranger' : `the buyer of ${order.orderNumber}`}: a transfer of ${amount} fails (${draw.domain})${draw.kind === 'named' ? ` naming ${order.reference}` : ', no reference'} = payment ${payment.publicId}`);
    await deliver(model, [paymentFailed(payment, draw.domain)]);
  }
  toString = () => `fails(${JSON.stringify(this.draw)})`;
}

const arrivedPayments = (model: AccountModel) => model.payments.filter((payment) => payment.arrived && payment.sender.kind !== 'payout');

/** The bank takes back money it said arrived: a posting that failed after all (§6.5 platform_posting), or a reversal (§6.6). */
class BankTakesBack implements AccountCommand {
  constructor(readonly draw: { index: number; how: 'failed' | 'reversed' }) {}
  private candidates = (model: AccountModel) => arrivedPayments(model).filter((payment) => !payment[this.draw.how]);
  check = (model: AccountModel) => this.candidates(model).length > 0;
  async run(model: AccountModel): Promise<void> {
    const candidates = this.candidates(model);
    const payment = candidates[this.draw.index % candidates.length]!;
    payment[this.draw.how] = true;
    model.tell(`the bank ${this.draw.how === 'failed' ? 'fails' : 'reverses'} payment ${payment.publicId} after it arrived`);
    await deliver(model, [this.draw.how === 'failed' ? paymentFailed(payment, 'platform_posting') : paymentReversed(payment)]);
  }
  toString = () => `takesBack(${JSON.stringify(this.draw)})`;
}

class BankRedelivers implements AccountCommand {
  constructor(readonly index: number) {}
  check = (model: AccountModel) => model.delivered.length > 0;
  async run(model: AccountModel): Promise<void> {
    const event = model.delivered[this.index % model.delivered.length]!;
    model.tell(`the bank delivers ${event.event.event_type} of payment ${event.payment.public_id} again (event ${event.event.event_id})`);
    await deliver(model, [event]);
  }
  toString = () => `redelivers(${this.index})`;
}

class MerchantAttaches implements AccountCommand {
  constructor(readonly draw: { payment: number; order: number; acceptAmount: boolean }) {}
  check = (model: AccountModel) => hasOrders(model) && model.payments.length > 0;
  async run(model: AccountModel): Promise<void> {
    const payment = model.payments[this.draw.payment % model.payments.length]!;
    const order = model.order(this.draw.order)!;
    const answer = await merchantPost(stack.bffUrl, `/v1/merchant/bank-payments/${payment.paymentId}/attach`, { orderNumber: order.orderNumber, ...(this.draw.acceptAmount && { acceptAmount: true }) });
    assert.ok(answer.status === 200 || answer.status === 409, `attach answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    if (answer.status === 200) payment.attachedTo = order.orderNumber;
    model.tell(`the merchant attaches payment ${payment.publicId} to ${order.orderNumber}${this.draw.acceptAmount ? ' accepting its amount' : ''}: ${answer.status}${answer.status === 409 ? ` ${answer.body?.code ?? ''}` : ''}`);
  }
  toString = () => `attach(${JSON.stringify(this.draw)})`;
}

class ClockMoves implements AccountCommand {
  constructor(readonly draw: { minutes: number; then: 'reconciler' | 'buyers-poll' | 'nothing' }) {}
  check = () => true;
  async run(model: AccountModel): Promise<void> {
    clock.advance(this.draw.minutes * 60_000);
    model.tell(`${this.draw.minutes} minutes pass; then ${this.draw.then}`);
    if (this.draw.then === 'reconciler') await expireLapsedTransfers(stack.bff.store, clock.now());
    if (this.draw.then === 'buyers-poll') {
      for (const order of model.orders) {
        const response = await fetch(`${stack.bffUrl}/v1/orders/${encodeURIComponent(order.orderNumber)}`, { headers: { Authorization: `Bearer ${order.token}` } });
        // A session lasts minutes: an hour later the buyer's page has lost it.
        assert.ok(response.status === 200 || response.status === 401, `order status answered ${response.status}`);
        await response.body?.cancel();
      }
    }
  }
  toString = () => `clock(${JSON.stringify(this.draw)})`;
}

/** Every step checks the invariants once it is done. */
function checked(command: AccountCommand): AccountCommand {
  return {
    check: (model) => command.check(model),
    async run(model, real) {
      await command.run(model, real);
      await checkInvariants(model);
    },
    toString: () => command.toString(),
  };
}

const failureDomain = fc.constantFrom<FailureDomain>('sinpe_rejection', 'platform_validation');
const opens = fc.nat().map((price) => new BuyerOpensTransfer(price));
const buyerPays = fc
  .record({
    order: fc.nat(),
    writing: fc.constantFrom<Writing>('reference', 'lowercase', 'packed', 'empty', 'pase'),
    amount: fc.constantFrom<'asked' | 'price' | 'whole'>('asked', 'price', 'whole'),
    how: arrival,
    late: fc.oneof({ weight: 2, arbitrary: fc.constant(false as const) }, { weight: 1, arbitrary: fc.record({ minutesPast: fc.integer({ min: 1, max: 600 }), expireFirst: fc.boolean() }) }),
  })
  .map((draw) => new BuyerPays(draw));
const clockMoves = fc
  .record({ minutes: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 31, max: 48 * 60 })), then: fc.constantFrom<'reconciler' | 'buyers-poll' | 'nothing'>('reconciler', 'buyers-poll', 'nothing') })
  .map((draw) => new ClockMoves(draw));
const bankTakesBack = fc.record({ index: fc.nat(), how: fc.constantFrom<'failed' | 'reversed'>('failed', 'reversed') }).map((draw) => new BankTakesBack(draw));
/** Buyers come, pay and time passes more often than anything else happens (an arbitrary listed twice is drawn twice as often). */
const allCommands = [
  opens,
  opens,
  opens,
  buyerPays,
  buyerPays,
  clockMoves,
  clockMoves,
  fc.record({ amount: amountPick, writing: fc.constantFrom<'empty' | 'pase'>('empty', 'pase'), how: arrival }).map((draw) => new StrangerPays(draw)),
  fc.record({ amount: amountPick, fees: fc.constantFrom<Fees>('zero', 'fees'), naming: fc.option(fc.nat(), { nil: null }) }).map((draw) => new MerchantPaysOut(draw)),
  fc.record({ amount: amountPick, naming: fc.option(fc.nat(), { nil: null }) }).map((draw) => new PinTransferArrives(draw)),
  fc
    .oneof(
      fc.record({ kind: fc.constant('named' as const), order: fc.nat(), amount: fc.constantFrom<'asked' | 'wrong'>('asked', 'wrong'), domain: failureDomain }),
      fc.record({ kind: fc.constant('unnamed' as const), order: fc.nat(), sender: fc.constantFrom<'buyer' | 'stranger'>('buyer', 'stranger'), domain: failureDomain }),
    )
    .map((draw) => new TransferFails(draw)),
  bankTakesBack,
  bankTakesBack,
  fc.nat().map((index) => new BankRedelivers(index)),
  fc.record({ payment: fc.nat(), order: fc.nat(), acceptAmount: fc.boolean() }).map((draw) => new MerchantAttaches(draw)),
].map((arbitrary) => arbitrary.map(checked));

// ---------------------------------------------------------------------------------------------------------
// The invariants, read from the store after every step.

const statusesPaid = new Set(['approved', 'captured']);
/** The statuses a checkout passes through: the merchant hears of none (ARCHITECTURE.md "Merchant webhooks"). */
const silentStatuses = new Set(['created', 'pending']);

/** Money that still stands: the bank said it arrived and has not failed or reversed it since. */
const stands = (payment: ModelPayment) => payment.arrived && !payment.failed && !payment.reversed;

/** The matcher may place this payment on `orderNumber` (the sender's order, or the order whose lowered amount a stranger's money brings). */
function mayBePlacedOn(payment: ModelPayment, orderNumber: string): boolean {
  switch (payment.sender.kind) {
    case 'buyer':
      return payment.sender.orderNumber === orderNumber || payment.looksLike.has(orderNumber);
    case 'stranger':
      return payment.looksLike.has(orderNumber);
    case 'pin':
      return payment.sender.orderNumber === orderNumber;
    case 'payout':
      return payment.looksLike.has(orderNumber);
  }
}

/** Evidence that pays an order: a buyer's SINPE Móvil money (or money indistinguishable from it), or a merchant's attach. */
function paysAnOrder(payment: ModelPayment, orderNumber: string): boolean {
  if (!stands(payment)) return false;
  if (payment.attachedTo === orderNumber) return true;
  return payment.sender.kind === 'buyer' || payment.looksLike.has(orderNumber);
}

async function checkInvariants(model: AccountModel): Promise<void> {
  const orderNumbers = model.orders.map((order) => order.orderNumber);
  const paymentIds = model.payments.map((payment) => payment.paymentId);
  const someOrders = orderNumbers.length ? orderNumbers : ['-'];
  const somePayments = paymentIds.length ? paymentIds : ['-'];
  const db = tables(stack.bff);
  const [orders, placed, attempts, history, webhooks] = await Promise.all([
    db.selectFrom('orders').select(['order_number', 'status']).where('order_number', 'in', someOrders).execute(),
    db
      .selectFrom('bank_payments')
      .select(['payment_id', 'order_number', 'attempt_number'])
      .where((eb) => eb.or([eb('payment_id', 'in', somePayments), eb('order_number', 'in', someOrders)]))
      .execute(),
    db
      .selectFrom('payment_attempts')
      .select(['order_number', 'number', 'bank_payment_id'])
      .where('bank_payment_id', 'is not', null)
      .where((eb) => eb.or([eb('bank_payment_id', 'in', somePayments), eb('order_number', 'in', someOrders)]))
      .execute(),
    db.selectFrom('order_status_history').select(['order_number', 'from_status', 'to_status', 'detail', 'id']).where('order_number', 'in', someOrders).orderBy('id').execute(),
    outboxDb(stack.bff.store).selectFrom('outbound_events').select(['order_number', 'type']).where('order_number', 'in', someOrders).where('type', 'like', 'order.%').execute(),
  ]);
  const violations: string[] = [];
  const paymentNamed = (paymentId: string) => model.payments.find((payment) => payment.paymentId === paymentId);
  const label = (paymentId: string) => {
    const payment = paymentNamed(paymentId);
    return payment ? `payment ${payment.publicId} (${payment.sender.kind}${payment.sender.kind === 'buyer' ? ` of ${payment.sender.orderNumber}` : ''}, ${payment.amount})` : `payment ${paymentId} (not of this story)`;
  };

  // Which orders each payment is placed on: its own row, and every attempt that holds it.
  const placements = new Map<string, Set<string>>();
  const place = (paymentId: string, orderNumber: string) => placements.set(paymentId, (placements.get(paymentId) ?? new Set()).add(orderNumber));
  for (const row of placed) if (row.order_number !== null) place(row.payment_id, row.order_number);
  for (const row of attempts) place(row.bank_payment_id!, row.order_number);
  const statusOf = new Map(orders.map((order) => [order.order_number, order.status as string]));

  for (const [paymentId, placedOn] of placements) {
    // 2. One payment, one order.
    if (placedOn.size > 1) violations.push(`2: ${label(paymentId)} is placed on ${[...placedOn].join(' and ')}`);
    const payment = paymentNamed(paymentId);
    for (const orderNumber of placedOn) {
      const order = model.byNumber(orderNumber);
      if (!payment || !order) {
        violations.push(`5: ${label(paymentId)} is placed on ${orderNumber}${order ? '' : ', an order not of this story'}`);
        continue;
      }
      const byMerchant = payment.attachedTo === orderNumber;
      // 3. A payout is the merchant's money going out (attached by hand only where the bank's event could not tell it from a buyer's).
      if (payment.sender.kind === 'payout' && !(byMerchant && !payment.payoutTold) && !payment.looksLike.has(orderNumber)) violations.push(`3: payout ${label(paymentId)} is placed on ${orderNumber}`);
      // 5. Only on the order its sender paid for; a stranger's money never by a price alone.
      else if (!byMerchant && !mayBePlacedOn(payment, orderNumber)) violations.push(`5: ${label(paymentId)} is placed on ${orderNumber} (asked ${order.asked}, price ${order.price})`);
      // 4. Money placed brings what the order asked, or the order is in review, or the merchant took it.
      const status = statusOf.get(orderNumber);
      if (payment.arrived && !byMerchant && status !== 'review' && ![minor(order.asked), minor(order.price)].includes(minor(payment.amount))) {
        violations.push(`4: ${label(paymentId)} is placed on ${orderNumber}, ${status}, which asked ${order.asked} (price ${order.price})`);
      }
    }
  }

  for (const order of orders) {
    const number = order.order_number;
    // 1. Paid only with money behind it.
    if (statusesPaid.has(order.status)) {
      const behind = [...placements].filter(([, on]) => on.has(number)).map(([paymentId]) => paymentNamed(paymentId));
      if (!behind.some((payment) => payment && paysAnOrder(payment, number))) {
        violations.push(`1: ${number} is ${order.status} with ${behind.length ? behind.map((payment) => (payment ? `${label(payment.paymentId)}${stands(payment) ? '' : ' (failed or reversed)'}` : 'a payment not of this story')).join(', ') : 'no payment'} behind it`);
      }
    }
    const moves = history.filter((entry) => entry.order_number === number);
    // 4. A review says why.
    if (order.status === 'review') {
      const into = moves.filter((entry) => entry.to_status === 'review').at(-1);
      if (!into?.detail) violations.push(`4: ${number} is in review with no reason in its history`);
    }
    // 6. One webhook per status move, and none without one.
    const told = webhooks.filter((event) => event.order_number === number).map((event) => event.type).sort();
    const moved = moves.filter((entry) => entry.from_status !== entry.to_status && !silentStatuses.has(entry.to_status)).map((entry) => `order.${entry.to_status}`).sort();
    if (JSON.stringify(told) !== JSON.stringify(moved)) violations.push(`6: ${number}'s webhooks ${JSON.stringify(told)} are not its history's moves ${JSON.stringify(moved)}`);
  }

  if (violations.length) {
    const states = orders.map((order) => `${order.order_number}: ${order.status}`).join('; ');
    throw new Error(`invariants broken:\n  ${violations.join('\n  ')}\norders now: ${states}\nthe story:\n  ${model.story.join('\n  ')}`);
  }
}

test("the merchant's SINPE Móvil account: money is placed only on the order it was sent for, never a payout or a stranger's, and every move is told once", async () => {
  await fc.assert(
    fc.asyncProperty(priceShapes, fc.commands(allCommands, { maxCommands: 15, size: 'max', ...(process.env.COMMANDS_REPLAY_PATH && { replayPath: process.env.COMMANDS_REPLAY_PATH }) }), async (shapes, commands) => {
      const model = new AccountModel(pricesOf(shapes));
      model.tell(`prices ${model.prices.join(', ')}`);
      await fc.asyncModelRun(() => ({ model, real: stack }), commands);
    }),
    settings,
  );
});
