// Settles SINPE Móvil attempts from the bank's events (ARCHITECTURE.md "SINPE Móvil"), inside the
// transaction that applied the event to bank_payments. It decides from the payment's row as
// accumulated from every event seen so far, not from the one event at hand: so duplicated or
// reordered events (a reversal before the posting, a payment.succeeded after payin.posted) settle
// the order once and end in the same place. A payment that names no attempt stays unmatched, for
// the merchant to attach by hand (merchant-attach.ts).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { BankEvent } from '../../contract/bank/events.ts';
import { isEventOfType } from '../../contract/bank/events.ts';
import { shopperRejectionCode } from '../../contract/bank/reason-codes.ts';
import { nationalSinpePhone, referencesIn } from '../../contract/sinpe-movil.ts';
import type { OrderStatus } from '../../contract/bff-api.ts';
import type { BankPaymentRow, WebhookDatabase, WebhookTrx } from '../store/webhook-tables.ts';
import { isAwaitingOutcome, isLegalTransition, isPaid, type TransitionEvidence } from '../payments/orders/order-rules.ts';
import { readUpstreamAmount } from '../../contract/upstream-money.ts';
import { amountDueOf, discountTaken, paysTheAttempt } from './amount-due.ts';
import { ordersPricedAt, unpaidTransferStatuses } from './unique-amount.ts';
import { bankPaymentDetail } from '../payments/orders/paid-by-bank.ts';
import type { AttemptStatus, Database, HistoryAction, OrderRow, OrderUpdate, PaymentAttemptRow } from '../store/schema.ts';
import { applyJointMove } from '../payments/lifecycle/unit-of-work.ts';
import { isPaidAttempt, isUnsettledAttempt, outcomeOfAttempt, type AttemptEvidence } from '../payments/attempt-transitions.ts';

/**
 * UNCERTAIN: where the bank's event carries what the buyer wrote in the transfer is not in the spec
 * (banking-webhooks.md §6.3 calls `payment.reference.client_reference` "the partner reference given
 * at creation"; §6.4-§6.6 have `payment.client_reference`). We read those first, as ARCHITECTURE.md
 * says; if the real bank puts the buyer's text elsewhere (a description field), this is the one
 * place to change.
 */
export function buyerReferenceOf(event: BankEvent): string | undefined {
  if (isEventOfType(event, 'payin.posted')) return event.payment.reference.client_reference;
  if (isEventOfType(event, 'payment.succeeded')) return event.payment.client_reference;
  if (isEventOfType(event, 'payment.failed') || isEventOfType(event, 'payment.reversed')) return event.payment.client_reference;
  return undefined;
}

/** The merchant's SINPE Móvil number (SINPE_MOVIL_PHONE), given by whoever runs the matcher; undefined: not offered. */
export type MerchantPhone = string | undefined;

/** What the matcher needs of the BFF's settings. */
export interface MatcherSettings {
  /** SINPE_MOVIL_PHONE: a transfer to another phone pays no order. */
  phone: MerchantPhone;
  /** SINPE_AMOUNT_RESERVE_HOURS in ms: how long after a transfer lapsed money of its amount alone still names it. */
  amountReserveMs: number;
}

/**
 * Only money coming in over SINPE Móvil can pay an order: never a payout, never a PIN transfer,
 * never a transfer the bank says went to another phone of the account (a reference is anyone's to
 * type; the phone it was sent to is not). A transfer that names no phone (§6.3: optional) is taken.
 * This is enough when the payment names the attempt by its reference.
 */
function mayPayAnOrder(row: BankPaymentRow, merchantPhone: MerchantPhone): boolean {
  return row.payment_method_code === 'SINPE_MOVIL' && row.direction !== 'PAYOUT' && !sentToAnotherPhone(row, merchantPhone);
}

/**
 * Money that names no attempt is placed by its amount only when the bank said it came in: a
 * payin.posted, or a payment.succeeded whose net the PAYIN rule of banking-webhooks.md §6.4 gives
 * and the PAYOUT rule does not. The tenant's destination also receives the merchant's own payouts,
 * and a payout without fee or tax fits both rules: by its amount alone it would pay a buyer's order.
 */
function knownInbound(row: BankPaymentRow, merchantPhone: MerchantPhone): boolean {
  return mayPayAnOrder(row, merchantPhone) && row.direction === 'PAYIN';
}

function sentToAnotherPhone(row: BankPaymentRow, merchantPhone: MerchantPhone): boolean {
  return row.destination_phone !== null && merchantPhone !== undefined && nationalSinpePhone(row.destination_phone) !== nationalSinpePhone(merchantPhone);
}

/**
 * What the order keeps to word the buyer's message by (transfer-messages.ts): the bank's code, or
 * for a code we do not know, the one its reason code means. The bank payment keeps the bank's own.
 */
function shopperFailureCode(row: BankPaymentRow): string | null {
  return row.failure_code === null ? null : shopperRejectionCode(row.failure_code, row.failure_reason_code);
}

/** How the bank failed a payment, for the history: its error domain and code. */
function failureOf(row: BankPaymentRow): string {
  return `${row.failure_domain ?? 'no domain'}${row.failure_code ? `: ${row.failure_code}` : ''}`;
}

/** The bank says the money arrived (posted to the ledger, or confirmed by the provider). */
function moneyArrived(row: BankPaymentRow): boolean {
  return row.posted_at !== null || row.succeeded_at !== null;
}

/**
 * The bank also failed the payment it said arrived (banking-webhooks.md §3: failed is a definitive
 * end; §6.5's error.domain platform_posting is a posting that failed after the provider confirmed).
 * Whichever order the events came in, the money cannot be counted on: a person decides.
 */
function failedAfterArriving(row: BankPaymentRow): boolean {
  return moneyArrived(row) && row.failed_at !== null;
}

export type MatchResult = { kind: 'unmatched' } | { kind: 'matched'; orderNumber: string; status: OrderStatus };

/** `written`: the payment's row as the event just left it in this transaction (else it is read). */
export async function settleSinpeTransfer(trx: WebhookTrx, event: BankEvent, now: Date, settings: MatcherSettings, written?: BankPaymentRow): Promise<MatchResult> {
  const merchantPhone = settings.phone;
  const row = written ?? (await trx.selectFrom('bank_payments').selectAll().where('payment_id', '=', event.payment.payment_id).executeTakeFirst());
  if (!row) return { kind: 'unmatched' };
  if (row.order_number !== null && row.attempt_number === null) return { kind: 'matched', orderNumber: row.order_number, status: await settleAttached(orderTrx(trx), row, now.toISOString()) };
  const reference = buyerReferenceOf(event) || row.client_reference;
  const attempt = row.order_number ? await attemptOf(trx, row.order_number, row.attempt_number) : await matchNewPayment(trx, row, reference, { event, now }, settings);
  if (!attempt) return { kind: 'unmatched' };
  const status = await settleOrder(orderTrx(trx), { ...row, order_number: attempt.order_number }, attempt, now.toISOString(), sentToAnotherPhone(row, merchantPhone));
  return { kind: 'matched', orderNumber: attempt.order_number, status };
}

/**
 * A payment the merchant attached to an order paid it without an attempt; what the bank can still
 * say that moves the order is that it reversed that money, or that the payment failed after all
 * (a posting that failed): then the money the merchant counted on is not there, and a person
 * decides, as for a transfer the matcher placed.
 */
async function settleAttached(trx: Transaction<Database>, row: BankPaymentRow, now: string): Promise<OrderStatus> {
  const order = await trx.selectFrom('orders').selectAll().where('order_number', '=', row.order_number!).executeTakeFirstOrThrow();
  const payment = `${bankPaymentDetail(row.public_id, row.amount, row.currency)}, attached by the merchant,`;
  const move =
    row.has_reversal === 1
      ? { to: 'reversed' as const, detail: `${payment} reversed by the bank` }
      : row.failed_at !== null
        ? { to: 'review' as const, detail: `${payment} failed (${failureOf(row)})` }
        : undefined;
  if (!move || !isPaid(order.status) || !isLegalTransition(order.status, move.to, 'bank')) return order.status;
  const { written } = await applyJointMove(trx, order.order_number, { evidence: 'bank', now, order: { from: order.status, to: move.to, source: 'bank', detail: move.detail, fields: {} } });
  return written ? move.to : order.status;
}

/** The orders tables of the webhook transaction (the same connection; WebhookDatabase extends Database). */
function orderTrx(trx: WebhookTrx): Transaction<Database> {
  return trx as unknown as Transaction<Database>;
}

async function attemptOf(trx: WebhookTrx, orderNumber: string, number: number | null): Promise<PaymentAttemptRow | undefined> {
  if (number === null) return undefined; // attached by the merchant to the order itself: already settled
  return orderTrx(trx).selectFrom('payment_attempts').selectAll().where('order_number', '=', orderNumber).where('number', '=', number).executeTakeFirst();
}

// Lookups of the matcher, exported so their plans can be checked (hot-query-plans.spec.ts).

/** Every attempt one of the references found in the buyer's text names (referencesIn). */
export function attemptsByReference(db: Kysely<Database>, references: readonly string[]) {
  return db.selectFrom('payment_attempts').selectAll().where('sinpe_reference', 'in', references.length > 0 ? references : ['']);
}

/** A payment of the same rail transfer (another event of it) already matched to an order. */
export function matchedSibling(db: Kysely<WebhookDatabase>, externalReference: string, paymentId: string) {
  return db
    .selectFrom('bank_payments')
    .select(['order_number', 'attempt_number'])
    .where('external_reference', '=', externalReference)
    .where('payment_id', '!=', paymentId)
    .where('order_number', 'is not', null);
}

/**
 * A payment not linked yet: by the reference when it names an attempt of ours; else (no
 * reference, or text that names none: an SMS transfer, a description with something else in it)
 * by its exact amount.
 */
async function matchNewPayment(trx: WebhookTrx, row: BankPaymentRow, reference: string | null, { event, now }: { event: BankEvent; now: Date }, settings: MatcherSettings): Promise<PaymentAttemptRow | undefined> {
  const named = reference ? await attemptNamedBy(trx, reference) : undefined;
  if (named === 'ambiguous') return undefined;
  if (named) return mayPayAnOrder(row, settings.phone) ? linkAttempt(trx, row, named, now) : undefined;
  if (row.status === 'failed' && !moneyArrived(row)) return matchFailureBySibling(trx, row, now, settings.phone);
  // Only the event that brings the money places it by its amount: a later failure or reversal of
  // money that named no order must not place it on an order opened since.
  if (!isEventOfType(event, 'payin.posted') && !isEventOfType(event, 'payment.succeeded')) return undefined;
  return matchByAmount(trx, row, () => arrivalOf(trx, event, row, now), now, settings);
}

/**
 * When the money arrived by our own clock (the bank's timestamps come from another): when our inbox
 * stored this event, not delayed by the worker's retries, so a transfer on time is not made late by
 * our processing; or when the payment was first seen, if earlier (a payin.posted after its
 * payment.succeeded), so money that came before a transfer was opened is never its buyer's.
 */
async function arrivalOf(trx: WebhookTrx, event: BankEvent, row: BankPaymentRow, now: Date): Promise<Date> {
  const stored = await trx.selectFrom('events').select('received_at').where('source', '=', 'bank').where('external_id', '=', event.event.event_id).executeTakeFirst();
  const received = stored ? Date.parse(stored.received_at) : now.getTime();
  return new Date(Math.min(received, Date.parse(row.created_at)));
}

/**
 * The attempt the buyer's reference names: an open one first; otherwise the newest that lapsed (a
 * late transfer still pays its order); otherwise a SINPE Móvil payment made on the gateway's page
 * (its reference is the gateway's order number). One round trip for both lookups, each on its own
 * index: most bank events name nothing of ours, and each statement is a share of the inbox's drain.
 * Text that names two different references is a doubt: 'ambiguous', placed by nobody but the merchant.
 */
async function attemptNamedBy(trx: WebhookTrx, reference: string): Promise<PaymentAttemptRow | 'ambiguous' | undefined> {
  const db = orderTrx(trx);
  const rows = await attemptsByReference(db, referencesIn(reference))
    .select(sql<number>`1`.as('named_by'))
    .unionAll(gatewaySinpeAttempt(db, reference).select(sql<number>`2`.as('named_by')))
    .execute();
  const candidates = rows.filter((row) => Number(row.named_by) === 1);
  if (new Set(candidates.map((row) => row.sinpe_reference)).size > 1) return 'ambiguous';
  return unsettledElseNewest(candidates) ?? rows.find((row) => Number(row.named_by) === 2);
}

/** Of one order's (or one reference's) attempts, the one still awaited, else the newest: a late transfer pays its lapsed attempt. */
function unsettledElseNewest<A extends Pick<PaymentAttemptRow, 'status' | 'created_at'>>(attempts: readonly A[]): A | undefined {
  return attempts.find((attempt) => isUnsettledAttempt(attempt.status)) ?? [...attempts].sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
}

/**
 * The transfers whose amount alone may name money of `amount`: those asking for it that are open,
 * or lapsed unpaid (or failed) and still reserved (unique-amount.ts keeps these amounts unique).
 */
export function transfersAskingFor(db: Kysely<Database>, amount: string, currency: string) {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('amount_names_attempt', '=', 1)
    .where('transfer_currency', '=', currency)
    .where('transfer_amount', '=', amount)
    .where('status', 'in', unpaidTransferStatuses);
}

/**
 * Money that names no attempt, known to have come in, matched by its exact amount to the one
 * transfer that asked for it and was open when the money arrived, or lapsed within the reservation
 * (its buyer paid late: the amount was asked of nobody else meanwhile). Never a transfer that asks
 * for its reference only. An amount no such transfer asks for, one not known yet, or one two
 * transfers could claim stays unmatched, for the merchant.
 */
async function matchByAmount(trx: WebhookTrx, row: BankPaymentRow, arrivedAt: () => Promise<Date>, now: Date, settings: MatcherSettings): Promise<PaymentAttemptRow | undefined> {
  if (!moneyArrived(row) || !knownInbound(row, settings.phone) || row.amount === null || row.currency === null) return undefined;
  const currency = row.currency.trim().toUpperCase();
  const amount = readUpstreamAmount(row.amount, currency);
  if (amount === undefined) return undefined;
  const asking = await transfersAskingFor(orderTrx(trx), amount, currency).execute();
  // When it arrived is read only for a candidate: most payments name no transfer's amount.
  if (asking.length === 0) return undefined;
  const arrived = (await arrivedAt()).getTime();
  const inWindow = asking.filter((attempt) => Date.parse(attempt.created_at) <= arrived && (attempt.expires_at === null || arrived <= Date.parse(attempt.expires_at) + settings.amountReserveMs));
  const attempt = theOneOrder(inWindow);
  // An amount that is some order's own price (asked before that order existed) is a plain price:
  // anyone's money, never placed by its amount.
  if (!attempt || (await ordersPricedAt(orderTrx(trx), [amount]).executeTakeFirst())) return undefined;
  return linkAttempt(trx, row, attempt, now);
}

/**
 * The transfer money of their amount names, when they are all one order's (its retry asks for the
 * amount its lapsed transfer held): the open one, else the newest. Two orders: a doubt, none.
 */
function theOneOrder(attempts: readonly PaymentAttemptRow[]): PaymentAttemptRow | undefined {
  return new Set(attempts.map((attempt) => attempt.order_number)).size === 1 ? unsettledElseNewest(attempts) : undefined;
}

/** Links the payment to the attempt, unless the attempt cannot take it; undefined then (unmatched). */
async function linkAttempt(trx: WebhookTrx, row: BankPaymentRow, attempt: PaymentAttemptRow, now: Date): Promise<PaymentAttemptRow | undefined> {
  const db = orderTrx(trx);
  // An order another attempt already paid (a card, say) cannot take this money: it stays an
  // unmatched bank payment, for the merchant to return, never silently attached.
  const order = await db.selectFrom('orders').select(['status', 'amount', 'currency']).where('order_number', '=', attempt.order_number).executeTakeFirst();
  if (order && isPaid(order.status) && !isPaidAttempt(attempt.status)) return undefined;
  // Money of another amount naming the attempt is not the buyer's transfer (anyone may type a
  // reference): linking it would park their order in review and strand their right transfer. It
  // stays unmatched, for the merchant to attach (accepting the amount) or return. An amount not
  // known yet (optional in §6.2) links as before: nothing is decided until it is known. A failure
  // declines only the transfer it names by its reference and the amount it asked: anyone may type a
  // reference, and a failed ₡1 transfer naming it must not decline the buyer's transfer.
  if (order && !ofTheAttemptsAmount(row, attempt, order)) return undefined;
  const linked = attempt.bank_payment_id;
  // One payment per attempt; but a transfer sent again after the bank refused the first one is
  // money for it, and money naming the attempt by its reference after money without one (placed
  // by its amount) settled it reaches the order all the same: which of the two is the buyer's, a
  // person decides (nextStep: review).
  if (linked !== null && linked !== row.payment_id) {
    if (moneyArrived(row) && (await refusedWithoutMoney(trx, linked))) return relink(trx, row, attempt, linked, now);
    if (moneyArrived(row) && namesTheAttempt(row, attempt) && !(await namedTheAttempt(trx, linked, attempt))) return placeBeside(trx, row, attempt);
    return undefined;
  }
  return relink(trx, row, attempt, linked, now);
}

/** The payment becomes the attempt's own (its bank_payment_id), and is placed on its order. */
async function relink(trx: WebhookTrx, row: BankPaymentRow, attempt: PaymentAttemptRow, linked: string | null, now: Date): Promise<PaymentAttemptRow> {
  const db = orderTrx(trx);
  let link = db.updateTable('payment_attempts').set({ bank_payment_id: row.payment_id, updated_at: now.toISOString() }).where('order_number', '=', attempt.order_number).where('number', '=', attempt.number);
  link = linked === null ? link.where('bank_payment_id', 'is', null) : link.where('bank_payment_id', '=', linked);
  await link.execute();
  await placeOn(trx, row, attempt);
  return { ...attempt, bank_payment_id: row.payment_id };
}

/** The payment is placed on the attempt's order, beside the payment the attempt already has. */
async function placeBeside(trx: WebhookTrx, row: BankPaymentRow, attempt: PaymentAttemptRow): Promise<PaymentAttemptRow> {
  await placeOn(trx, row, attempt);
  return attempt;
}

async function placeOn(trx: WebhookTrx, row: BankPaymentRow, attempt: PaymentAttemptRow): Promise<void> {
  await trx.updateTable('bank_payments').set({ order_number: attempt.order_number, attempt_number: attempt.number }).where('payment_id', '=', row.payment_id).where('order_number', 'is', null).execute();
}

/** The payment's own text carries the attempt's reference. */
function namesTheAttempt(row: Pick<BankPaymentRow, 'client_reference'>, attempt: PaymentAttemptRow): boolean {
  return attempt.sinpe_reference !== null && row.client_reference !== null && referencesIn(row.client_reference).includes(attempt.sinpe_reference);
}

async function namedTheAttempt(trx: WebhookTrx, paymentId: string, attempt: PaymentAttemptRow): Promise<boolean> {
  const payment = await trx.selectFrom('bank_payments').select('client_reference').where('payment_id', '=', paymentId).executeTakeFirst();
  return payment !== undefined && namesTheAttempt(payment, attempt);
}

/**
 * A failure that names no buyer reference (banking-webhooks.md §6.5: client_reference is optional)
 * is matched only to the attempt an earlier event of the same rail transfer (its
 * external_reference) was matched to. Never by its amount alone: anyone can fail a transfer of an
 * open transfer's (predictable) amount, and that must not decline a buyer's transfer; the buyer's
 * own money still decides, or the transfer lapses.
 */
async function matchFailureBySibling(trx: WebhookTrx, row: BankPaymentRow, now: Date, merchantPhone: MerchantPhone): Promise<PaymentAttemptRow | undefined> {
  if (row.status !== 'failed' || moneyArrived(row) || !mayPayAnOrder(row, merchantPhone) || !row.external_reference) return undefined;
  const sibling = await matchedSibling(trx, row.external_reference, row.payment_id).executeTakeFirst();
  if (!sibling?.order_number) return undefined;
  const attempt = await attemptOf(trx, sibling.order_number, sibling.attempt_number);
  return attempt && linkAttempt(trx, row, attempt, now);
}

/**
 * Money or a failure naming the attempt is its own when it is of the amount the attempt asked (or
 * the order's). One whose amount the bank left out (§6.2: optional; a stranger cannot choose that)
 * contradicts nothing yet: money is decided once its amount is known, and a failure declines, so the
 * buyer learns their bank refused instead of waiting for the transfer to lapse.
 */
function ofTheAttemptsAmount(row: BankPaymentRow, attempt: PaymentAttemptRow, order: { amount: string; currency: string }): boolean {
  return row.amount === null || row.currency === null || paysTheAttempt(row, attempt, order);
}

async function refusedWithoutMoney(trx: WebhookTrx, paymentId: string): Promise<boolean> {
  const payment = await trx.selectFrom('bank_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  return payment !== undefined && payment.status === 'failed' && !moneyArrived(payment);
}

/**
 * UNCERTAIN (gateway-facts.md "Redirect query": `code=Pending` "is used by the SINPE Móvil method
 * and is settled later by a webhook"; which reference the bank then carries is not shown): a
 * transfer made through the gateway's hosted page is taken to carry the attempt's gateway order number.
 */
/** The card-method attempt whose gateway order number the reference is (a SINPE Móvil payment on the gateway's page). */
export function gatewaySinpeAttempt(db: Kysely<Database>, reference: string) {
  return db.selectFrom('payment_attempts').selectAll().where('gateway_order_number', '=', reference.trim()).where('method', '=', 'card');
}

interface Step {
  to: OrderStatus;
  /** Evidence both machines take (the order's and the attempt's). */
  evidence: TransitionEvidence & AttemptEvidence;
  attempt: AttemptStatus;
  detail: string;
  fields?: OrderUpdate;
  /** `bank-payment` on the approval this payment makes: what keeps the card gateway's changes away from the order. */
  action?: HistoryAction;
}

/** Where the payment as known now takes the order, from the status it is in. */
function nextStep(row: BankPaymentRow, order: OrderRow, attempt: PaymentAttemptRow, toAnotherPhone: boolean): Step | undefined {
  const payment = bankPaymentDetail(row.public_id, row.amount, row.currency);
  if (moneyArrived(row)) {
    // Money placed beside the payment that settled the attempt (it names the attempt; that one was
    // placed by its amount): which is the buyer's, a person decides.
    if (attempt.bank_payment_id !== null && attempt.bank_payment_id !== row.payment_id) {
      const detail = `${payment} names attempt ${attempt.number}, which a payment without its reference already settled`;
      return isPaid(order.status) ? { to: 'review', evidence: 'bank', attempt: 'review', detail } : { to: 'review', evidence: 'mismatch', attempt: 'review', detail };
    }
    const paidByIt = isPaid(order.status) && isPaidAttempt(attempt.status);
    // The phone came with a later event (payment.succeeded names none, §6.4): the payment was
    // matched before anyone knew it went elsewhere. It pays nothing more, and what it paid a person checks.
    if (toAnotherPhone) {
      return paidByIt ? { to: 'review', evidence: 'bank', attempt: 'review', detail: `${payment} was sent to ${row.destination_phone}, not to the merchant's phone` } : undefined;
    }
    if (failedAfterArriving(row)) {
      const detail = `${payment} failed (${failureOf(row)}) after the bank reported it arrived`;
      if (paidByIt) return { to: 'review', evidence: 'bank', attempt: 'review', detail };
      return isPaid(order.status) ? undefined : { to: 'review', evidence: 'mismatch', attempt: 'review', detail };
    }
    if (isPaid(order.status)) {
      // Only the reversal of the very transfer that paid the order reverses it.
      return row.has_reversal === 1 && paidByIt ? { to: 'reversed', evidence: 'bank', attempt: 'approved', detail: `${payment} reversed by the bank` } : undefined;
    }
    // No amount or currency yet (banking-webhooks.md §6.2: both are optional): nothing to
    // compare, so nothing is decided; the event that carries it settles the order, and a transfer
    // that lapses with this money still unread goes to review (transfer-attempts.ts).
    if (row.amount === null || row.currency === null) return undefined;
    // Linked before its amount was known (linkAttempt keeps other known amounts out): a person decides.
    if (!paysTheAttempt(row, attempt, order)) {
      const due = amountDueOf(attempt, order);
      return { to: 'review', evidence: 'mismatch', attempt: 'review', detail: `${payment} for a transfer of ${due.amount} ${due.currency} (order of ${order.amount} ${order.currency})` };
    }
    // Another attempt is running (a card page opened after this transfer lapsed): both may be paid.
    if (attempt.number !== order.attempt_number && isAwaitingOutcome(order.status)) {
      return { to: 'review', evidence: 'mismatch', attempt: 'review', detail: `${payment} for attempt ${attempt.number} while attempt ${order.attempt_number} is open` };
    }
    return {
      to: 'approved',
      evidence: 'bank',
      attempt: 'approved',
      detail: payment,
      action: 'bank-payment',
      fields: {
        gateway_order_number: attempt.gateway_order_number,
        bank_failure_code: null,
        status_message: null,
        captured_amount: order.capture === 1 ? order.amount : order.captured_amount,
        paid_discount: discountTaken(row, attempt, order),
        paid_reference: row.external_reference,
        paid_amount: row.amount,
        paid_currency: row.currency,
      },
    };
  }
  if (row.status === 'failed' && attempt.number === order.attempt_number && isUnsettledAttempt(attempt.status)) {
    return { to: 'declined', evidence: 'bank', attempt: 'declined', detail: `${payment} failed: ${row.failure_code ?? row.failure_domain ?? 'no reason'}`, fields: { bank_failure_code: shopperFailureCode(row) } };
  }
  return undefined;
}

async function settleOrder(trx: Transaction<Database>, row: BankPaymentRow, attempt: PaymentAttemptRow, now: string, toAnotherPhone: boolean): Promise<OrderStatus> {
  for (let step = 0; step < 4; step++) {
    const order = await trx.selectFrom('orders').selectAll().where('order_number', '=', attempt.order_number).executeTakeFirstOrThrow();
    const next = nextStep(row, order, attempt, toAnotherPhone);
    if (!next || !isLegalTransition(order.status, next.to, next.evidence)) return order.status;
    const moved = await applyJointMove(trx, order.order_number, {
      evidence: next.evidence,
      now,
      order: {
        from: order.status,
        to: next.to,
        source: 'bank',
        detail: next.detail,
        ...(next.action && { action: next.action }),
        fields: next.fields ?? {},
        where: { attempt_number: order.attempt_number },
      },
      attempt: { kind: 'evidence', number: attempt.number, to: next.attempt },
    });
    if (moved.attemptWritten) attempt = { ...attempt, status: next.attempt, outcome: outcomeOfAttempt(next.attempt) };
  }
  return (await trx.selectFrom('orders').select('status').where('order_number', '=', attempt.order_number).executeTakeFirstOrThrow()).status;
}
