// Payment attempts and the claim that lets exactly one caller send an attempt's processPayment.
// The claim is a conditional UPDATE of the order row as it was read (status, payment state, attempt
// number): only one caller in any process can win it, on either engine.
import type { Kysely, Transaction } from 'kysely';
import type { AttemptOutcome, Database, OrderRow, OrderUpdate, PaymentAttemptRow, PaymentState } from './schema.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database> | Db;

export interface AttemptClaim {
  number: number;
  gatewayOrderNumber: string;
  /** Used only when the attempt is new; a re-claimed attempt keeps its reference. */
  returnRef: string;
  claimId: string;
  email: string;
  locale: string | null;
  now: string;
}

/**
 * The order's columns that describe its current attempt, for attempt `number` starting: the
 * previous attempt's page, gateway answer and bank refusal are cleared; the buyer's contact is this
 * attempt's. Card claims and SINPE Móvil transfers both start from here.
 */
export function startingAttemptFields(number: number, gatewayOrderNumber: string, buyer: { email: string; locale: string | null }): OrderUpdate {
  return {
    attempt_number: number,
    gateway_order_number: gatewayOrderNumber,
    payment_error: null,
    hosted_url: null,
    gateway_tpt: null,
    gateway_auth: null,
    gateway_code: null,
    status_message: null,
    bank_failure_code: null,
    email: buyer.email,
    locale: buyer.locale,
  };
}

/**
 * Claims attempt `claim.number` of the order as `seen`. The attempt's row is written in the same
 * transaction. Undefined when another caller changed the order first.
 */
export async function claimAttempt(db: Db, seen: OrderRow, claim: AttemptClaim): Promise<PaymentAttemptRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('orders')
      .set({
        ...startingAttemptFields(claim.number, claim.gatewayOrderNumber, claim),
        payment_state: 'claimed',
        payment_claim_id: claim.claimId,
        payment_claimed_at: claim.now,
        updated_at: claim.now,
      })
      .where('order_number', '=', seen.order_number)
      .where('status', '=', seen.status)
      .where('payment_state', '=', seen.payment_state)
      .where('attempt_number', '=', seen.attempt_number)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    await trx
      .insertInto('payment_attempts')
      .values({
        order_number: seen.order_number,
        number: claim.number,
        method: 'card',
        gateway_order_number: claim.gatewayOrderNumber,
        return_ref: claim.returnRef,
        outcome: 'open',
        gateway_tpt: null,
        gateway_auth: null,
        gateway_code: null,
        created_at: claim.now,
        updated_at: claim.now,
      })
      .onConflict((conflict) => conflict.columns(['order_number', 'number']).doNothing())
      .execute();
    return trx
      .selectFrom('payment_attempts')
      .selectAll()
      .where('order_number', '=', seen.order_number)
      .where('number', '=', claim.number)
      .executeTakeFirstOrThrow();
  });
}

/** Marks the current attempt's payment state, conditional on the claim as read (reconciler). */
export async function markPaymentState(
  trx: Trx,
  orderNumber: string,
  seen: { paymentState: PaymentState; claimId: string | null; attemptNumber: number },
  next: PaymentState,
  now: string,
): Promise<boolean> {
  let update = trx
    .updateTable('orders')
    .set({ payment_state: next, updated_at: now })
    .where('order_number', '=', orderNumber)
    .where('payment_state', '=', seen.paymentState)
    .where('attempt_number', '=', seen.attemptNumber);
  update = seen.claimId === null ? update.where('payment_claim_id', 'is', null) : update.where('payment_claim_id', '=', seen.claimId);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordAttemptOutcome(
  trx: Trx,
  orderNumber: string,
  number: number,
  outcome: { outcome: AttemptOutcome; tpt?: string | null; auth?: string | null; code?: string | null; now: string },
): Promise<void> {
  await trx
    .updateTable('payment_attempts')
    .set({
      outcome: outcome.outcome,
      ...(outcome.tpt !== undefined ? { gateway_tpt: outcome.tpt } : {}),
      ...(outcome.auth !== undefined ? { gateway_auth: outcome.auth } : {}),
      ...(outcome.code !== undefined ? { gateway_code: outcome.code } : {}),
      updated_at: outcome.now,
    })
    .where('order_number', '=', orderNumber)
    .where('number', '=', number)
    .execute();
}

export function findAttemptByReturnRef(db: Db, returnRef: string): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('return_ref', '=', returnRef).executeTakeFirst();
}

export function findAttemptByGatewayOrderNumber(db: Db, gatewayOrderNumber: string): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('gateway_order_number', '=', gatewayOrderNumber).executeTakeFirst();
}

export function findAttempt(db: Db, orderNumber: string, number: number): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('order_number', '=', orderNumber).where('number', '=', number).executeTakeFirst();
}

export function attemptsOf(db: Db, orderNumber: string): Promise<PaymentAttemptRow[]> {
  return db.selectFrom('payment_attempts').selectAll().where('order_number', '=', orderNumber).orderBy('number').execute();
}
