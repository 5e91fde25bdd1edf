// A SINPE Móvil attempt: no gateway call, only a reference the buyer writes in the transfer from
// their bank app and a time limit. Opening one is a conditional move of the order as read (the same
// race rule as a card attempt's claim, attempts.ts), so one caller opens it and every repeat gets
// the same instructions. The bank's events settle it (matcher.ts); time alone expires it.
import { eachYielding } from '../lib/periodic-job.ts';
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { gatewayOrderNumberOf } from '../../contract/gateway-facts.ts';
import { sinpeReferenceAlphabet, sinpeReferenceLength, type SinpeMovilInstructions } from '../../contract/sinpe-movil.ts';
import { invalidField, notAllowed, unavailable } from '../lib/domain-error.ts';
import { IllegalTransitionError, isPending } from '../payments/orders/order-rules.ts';
import { recordOrderChange } from '../payments/orders/record-outcome.ts';
import { AttemptChangedError, applyJointMove } from '../payments/lifecycle/unit-of-work.ts';
import { isUnsettledAttempt } from '../payments/attempt-transitions.ts';
import { attemptDecision, isTransferAttempt } from '../payments/attempt-rules.ts';
import { findAttempt, startingAttemptFields } from '../store/attempts.ts';
import type { Store } from '../store/database.ts';
import { findOrder } from '../store/orders.ts';
import { webhookDb } from '../store/webhook-tables.ts';
import { nextTransferAmount, type TransferAmount } from './unique-amount.ts';
import type { AppMetrics } from '../lib/observability/metrics.ts';
import type { LocalAmount } from '../../contract/local-amount.ts';
import type { Database, OrderRow, OrderWithAttempt, PaymentAttemptRow } from '../store/schema.ts';

export interface SinpeSettings {
  /** SINPE_MOVIL_PHONE: undefined when the merchant does not offer the method. */
  phone: string | undefined;
  transferMinutes: number;
  maxAttempts: number;
  /** SINPE_MAX_DISCOUNT_COLONES: how far below the order's amount a transfer may ask, to be unique. */
  maxDiscountColones: number;
  /** SINPE_AMOUNT_RESERVE_HOURS in ms: how long a lapsed transfer's amount is asked of nobody else. */
  amountReserveMs: number;
  /** SINPE_AMOUNTS_PER_CLIENT: how many amounts one client address may hold at once. */
  amountsPerClient: number;
}

/** Who opens the transfer (its clientHoldKey) and what is told of the amount it got. */
export interface TransferOpener {
  clientKey: string | undefined;
  opened?: (money: TransferAmount) => void;
}

/** Counts each transfer opened, and why one asks for its reference only, in the app's metrics. */
export function countTransfersIn(metrics: Pick<AppMetrics, 'sinpeTransfersOpened' | 'sinpeReferenceOnlyTransfers'>) {
  return (money: TransferAmount) => {
    metrics.sinpeTransfersOpened.inc({ named_by: money.referenceOnly ? 'reference' : 'amount' });
    if (money.referenceOnly) metrics.sinpeReferenceOnlyTransfers.inc({ reason: money.referenceOnly });
  };
}

/**
 * The method is offered for this order: the merchant has a number, and the order is in colones, or
 * in dollars with a colón amount at a fresh rate (`local`: contract/local-amount.ts).
 */
export function sinpeAvailable(order: Pick<OrderRow, 'currency'>, settings: Pick<SinpeSettings, 'phone'>, local?: LocalAmount): boolean {
  return settings.phone !== undefined && (order.currency === 'CRC' || (order.currency === 'USD' && local !== undefined));
}

/** The colones a transfer for this order starts from: its own amount, or a dollar order's colón amount; undefined: none. */
export function colonesOf(order: Pick<OrderRow, 'currency' | 'amount'>, local: LocalAmount | undefined): string | undefined {
  if (order.currency === 'CRC') return order.amount;
  return order.currency === 'USD' ? local?.amount : undefined;
}

export function newSinpeReference(): string {
  let reference = '';
  for (let i = 0; i < sinpeReferenceLength; i++) reference += sinpeReferenceAlphabet[randomInt(sinpeReferenceAlphabet.length)];
  return reference;
}

export function instructionsOf(order: OrderRow, attempt: PaymentAttemptRow, phone: string): SinpeMovilInstructions {
  return {
    phone,
    // A transfer opened before amounts were made unique asks for the order's amount.
    amount: attempt.transfer_amount ?? order.amount,
    discount: attempt.transfer_discount ?? '0.00',
    currency: 'CRC',
    reference: attempt.sinpe_reference ?? '',
    expiresAt: attempt.expires_at ?? '',
    ...(attempt.amount_names_attempt === 0 && { referenceOnly: true as const }),
  };
}

/** The open transfer's instructions for a repeat (the same every time), or the next attempt's. */
export async function openSinpeTransfer(
  store: Store,
  seen: OrderWithAttempt,
  settings: SinpeSettings,
  buyer: { email: string; locale: string | null },
  now: () => Date,
  opener: TransferOpener,
  local?: LocalAmount,
): Promise<SinpeMovilInstructions> {
  const phone = settings.phone;
  if (phone === undefined) throw invalidField('method', 'SINPE Móvil is not offered by this shop.', 'method_unavailable');
  const colones = colonesOf(seen, local);
  if (!sinpeAvailable(seen, settings, local) || colones === undefined) {
    throw invalidField('method', 'SINPE Móvil takes colones: in colones (CRC), or in dollars (USD) while a current exchange rate is set.', 'method_unavailable');
  }
  // Each lost race (a reference or an amount another opening took first) costs one round.
  for (let round = 0; round < 5 + settings.maxDiscountColones; round++) {
    const order = await findOrder(store.db, seen.order_number);
    if (!order) throw new Error(`order ${seen.order_number} vanished`);
    const open = await openTransferOf(store, order);
    if (open && (await expireIfLapsed(store, order, open, now())) === 'open') return instructionsOf(order, open, phone);
    if (open) continue; // it lapsed just now: read the order again
    const decision = attemptDecision(order, settings.maxAttempts);
    switch (decision.kind) {
      case 'page':
      case 'wait':
      case 'confirming':
        throw invalidField('method', 'A card payment is under way for this order; SINPE Móvil can be chosen once it has ended.', 'attempt_open');
      case 'closed':
        throw notAllowed('Order closed', `This order is ${order.status}; it can no longer be paid.`);
      case 'exhausted':
        throw notAllowed('Order closed', `This order was tried ${decision.attempts} times, the most allowed. Start a new checkout.`);
      case 'transfer':
        continue;
      case 'open': {
        const reference = newSinpeReference();
        const rules = { maxDiscount: settings.maxDiscountColones, reserveMs: settings.amountReserveMs, amountsPerClient: settings.amountsPerClient };
        const money = await nextTransferAmount(store.db, { orderNumber: order.order_number, amount: colones }, rules, { key: opener.clientKey, now: now() });
        const opened = await tryOpen(store.db, order, { number: decision.number, reference, money, clientKey: opener.clientKey }, buyer, now(), settings.transferMinutes).catch(async (error: unknown) => {
          if (error instanceof IllegalTransitionError) throw invalidField('method', `This order is ${order.status}; no transfer can be opened.`, 'attempt_open');
          // Its current attempt moved meanwhile (rolled back): read the order again.
          if (error instanceof AttemptChangedError) return undefined;
          // The reference or the amount was taken by another open attempt meanwhile (the unique indexes): try again.
          if ((await isOpenReference(store.db, reference)) || (await isOpenAmount(store.db, money))) return undefined;
          throw error;
        });
        if (opened) {
          opener.opened?.(money);
          return instructionsOf(order, opened, phone);
        }
      }
    }
  }
  throw unavailable('Try again', 'The transfer could not be prepared. Try again in a moment.', 1);
}

/** The order's current attempt when it is an awaited transfer. */
export async function openTransferOf(store: Store, order: OrderWithAttempt): Promise<PaymentAttemptRow | undefined> {
  if (!isTransferAttempt(order) || !isPending(order.status)) return undefined;
  const attempt = await findAttempt(store.db, order.order_number, order.attempt_number);
  return attempt && isUnsettledAttempt(attempt.status) ? attempt : undefined;
}

async function isOpenAmount(db: Kysely<Database>, money: TransferAmount): Promise<boolean> {
  if (money.referenceOnly) return false;
  const row = await db.selectFrom('payment_attempts').select('number').where('transfer_currency', '=', money.currency).where('transfer_amount', '=', money.amount).where('status', '=', 'open').where('amount_names_attempt', '=', 1).executeTakeFirst();
  return row !== undefined;
}

async function isOpenReference(db: Kysely<Database>, reference: string): Promise<boolean> {
  const row = await db.selectFrom('payment_attempts').select('number').where('sinpe_reference', '=', reference).where('status', '=', 'open').executeTakeFirst();
  return row !== undefined;
}

async function tryOpen(
  db: Kysely<Database>,
  order: OrderWithAttempt,
  { number, reference, money, clientKey }: { number: number; reference: string; money: TransferAmount; clientKey: string | undefined },
  buyer: { email: string; locale: string | null }, now: Date, minutes: number): Promise<PaymentAttemptRow | undefined> {
  const stamp = now.toISOString();
  const expiresAt = new Date(now.getTime() + Math.round(minutes * 60_000)).toISOString();
  const gatewayOrderNumber = gatewayOrderNumberOf(order.order_number, number);
  const opened = await applyJointMove(db, order.order_number, {
    evidence: 'transfer-opened',
    now: stamp,
    order: {
      from: order.status,
      to: 'pending',
      source: 'checkout',
      detail: `SINPE Móvil transfer, attempt ${number}`,
      fields: { ...startingAttemptFields(number, gatewayOrderNumber, buyer), payment_claim_id: null },
      where: { attempt_number: order.attempt_number },
    },
    attempt: {
      kind: 'open-transfer',
      seen: order,
      number,
      gatewayOrderNumber,
      transfer: {
        sinpe_reference: reference,
        transfer_amount: money.amount,
        transfer_currency: money.currency,
        transfer_discount: money.discount,
        expires_at: expiresAt,
        amount_names_attempt: money.referenceOnly ? 0 : 1,
        client_key: clientKey ?? null,
      },
    },
  });
  return opened.attempt;
}

/**
 * An awaited transfer past its time is expired: the order moves to `expired` (no bank event came),
 * from where the buyer may open another attempt, and a late transfer still approves it (matcher.ts).
 */
export async function expireIfLapsed(store: Store, order: OrderRow, attempt: PaymentAttemptRow, now: Date): Promise<'open' | 'expired'> {
  if (!attempt.expires_at || Date.parse(attempt.expires_at) > now.getTime()) return 'open';
  const unread = await arrivedWithoutAmount(store, attempt);
  if (unread) {
    // The bank said money arrived for this transfer but never said how much (its amount is optional,
    // banking-webhooks.md §6.2): not expired, and not approved on a guess; a person decides.
    await recordOrderChange(store, order.order_number, {
      to: 'review',
      evidence: 'mismatch',
      source: 'sinpe',
      detail: `bank payment ${unread} arrived for SINPE Móvil transfer ${attempt.sinpe_reference ?? ''} without an amount to compare`,
      now: now.toISOString(),
      attempt: { number: attempt.number, status: 'review' },
    });
    return 'expired';
  }
  await recordOrderChange(store, order.order_number, {
    to: 'expired',
    evidence: 'no-payment',
    source: 'sinpe',
    detail: `SINPE Móvil transfer ${attempt.sinpe_reference ?? ''} not received by ${attempt.expires_at}`,
    now: now.toISOString(),
    attempt: { number: attempt.number, status: 'expired' },
  });
  return 'expired';
}

/** The public id of the bank payment linked to the attempt when it arrived with no amount the bank ever told. */
async function arrivedWithoutAmount(store: Store, attempt: PaymentAttemptRow): Promise<string | undefined> {
  if (!attempt.bank_payment_id) return undefined;
  const payment = await webhookDb(store)
    .selectFrom('bank_payments')
    .select(['public_id', 'amount', 'currency', 'posted_at', 'succeeded_at'])
    .where('payment_id', '=', attempt.bank_payment_id)
    .executeTakeFirst();
  const arrived = payment && (payment.posted_at !== null || payment.succeeded_at !== null);
  return arrived && (payment.amount === null || payment.currency === null) ? payment.public_id : undefined;
}

/** The order as the buyer should see it now: an awaited transfer past its time is expired first. */
export async function withLapsedTransferExpired(store: Store, order: OrderWithAttempt, now: Date): Promise<OrderWithAttempt> {
  const open = await openTransferOf(store, order);
  if (!open || (await expireIfLapsed(store, order, open, now)) === 'open') return order;
  return (await findOrder(store.db, order.order_number)) ?? order;
}

/** Open transfers past their time, a batch at most (exported so its plan can be checked: hot-query-plans.spec.ts). */
export function lapsedTransfers(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('payment_attempts')
    .select('order_number')
    .where('method', '=', 'sinpe_movil')
    .where('status', '=', 'open')
    .where('expires_at', '<=', now.toISOString())
    .limit(500);
}

/**
 * Every awaited transfer past its time, expired (the reconciler's pass: nobody may be polling). How
 * many. A backlog after downtime is hundreds: requests get a turn of the event loop after each, and
 * `signal` (the reconciler's stop) ends the batch before its next transfer.
 */
export async function expireLapsedTransfers(store: Store, now: Date, signal?: AbortSignal): Promise<number> {
  const lapsed = await lapsedTransfers(store.db, now).execute();
  let expired = 0;
  await eachYielding(lapsed, signal, async ({ order_number }) => {
    const order = await findOrder(store.db, order_number);
    if (!order) return;
    const after = await withLapsedTransferExpired(store, order, now);
    if (after.status !== order.status) expired++;
  });
  return expired;
}
