// The one writer of a payment attempt's status (attempt-transitions.ts has the table): it creates
// attempt rows and moves them, each move checked against the table and conditional on the status
// as read, in the caller's transaction. It also keeps the two places that still mirror the status
// in step: the attempt's `outcome` (what the merchant sees) and the order row's `payment_state`
// (the current attempt's call state, for the reads that have not moved to the attempt yet).
// Nothing else writes any of the three.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, OrderRow, OrderUpdate, PaymentAttemptRow, PaymentAttemptsTable, PaymentAttemptUpdate } from '../store/schema.ts';
import { startingAttemptFields } from '../store/attempts.ts';
import {
  IllegalAttemptMoveError,
  isLegalAttemptMove,
  orderPaymentStateAfter,
  outcomeOfAttempt,
  type AttemptEvidence,
  type AttemptStatus,
} from './attempt-transitions.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database> | Db;

export interface AttemptMove {
  from: AttemptStatus;
  to: AttemptStatus;
  evidence: AttemptEvidence;
  now: string;
  /** Other columns of the attempt written with its status (the gateway's answer, a bank payment). */
  fields?: PaymentAttemptUpdate;
  /** Columns of the order row about this attempt, written with it (only while it is the order's current attempt). */
  orderFields?: OrderUpdate;
  /** The processPayment claim the move belongs to: the order row must still carry it. */
  claimId?: string | null;
}

function inTransaction<T>(db: Trx, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/**
 * Moves attempt `number` of the order from `move.from` to `move.to`, if it is still in `from` (and
 * the order still holds `claimId`, when given). False when either moved meanwhile: nothing is
 * written, the caller re-reads and decides. Throws IllegalAttemptMoveError for a move the table
 * does not allow.
 */
export function moveAttempt(db: Trx, orderNumber: string, number: number, move: AttemptMove): Promise<boolean> {
  if (!isLegalAttemptMove(move.from, move.to, move.evidence)) throw new IllegalAttemptMoveError(move.from, move.to, move.evidence);
  return inTransaction(db, async (trx) => {
    const paymentState = orderPaymentStateAfter(move.from, move.to, move.evidence);
    const orderUpdate: OrderUpdate = { ...move.orderFields, ...(paymentState ? { payment_state: paymentState } : {}) };
    const writeOrder = async (): Promise<boolean> => {
      let update = trx.updateTable('orders').set({ ...orderUpdate, updated_at: move.now }).where('order_number', '=', orderNumber).where('attempt_number', '=', number);
      if (move.claimId !== undefined) update = move.claimId === null ? update.where('payment_claim_id', 'is', null) : update.where('payment_claim_id', '=', move.claimId);
      return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
    };
    const writeAttempt = async (): Promise<boolean> => {
      const result = await trx
        .updateTable('payment_attempts')
        .set({ ...move.fields, status: move.to, outcome: outcomeOfAttempt(move.to), updated_at: move.now })
        .where('order_number', '=', orderNumber)
        .where('number', '=', number)
        .where('status', '=', move.from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    };
    const touchesOrder = Object.keys(orderUpdate).length > 0;
    if (move.claimId !== undefined) {
      // The claim decides first: a caller that lost it writes nothing.
      if (!(await writeOrder())) return false;
      // The claim is held, so its attempt is in `from`: otherwise the two are out of step (rolled back).
      if (!(await writeAttempt())) throw new AttemptChangedError(orderNumber, number, move.from);
      return true;
    }
    if (!(await writeAttempt())) return false;
    // A move about an earlier attempt leaves the order row (the current attempt's) alone.
    if (touchesOrder) await writeOrder();
    return true;
  });
}

/** The attempt was not in the status its order row said: the transaction is rolled back. */
export class AttemptChangedError extends Error {
  override name = 'AttemptChangedError';
  constructor(orderNumber: string, number: number, from: AttemptStatus) {
    super(`attempt ${number} of ${orderNumber} is no longer ${from}`);
  }
}

/**
 * Records what evidence says of an attempt, from whatever status it is in now: a move the table
 * does not allow from there (the attempt ended otherwise meanwhile) writes nothing. True when written.
 */
export async function recordAttemptEvidence(
  db: Trx,
  orderNumber: string,
  number: number,
  change: { to: AttemptStatus; evidence: AttemptEvidence; now: string; fields?: PaymentAttemptUpdate },
): Promise<boolean> {
  for (let round = 0; round < 3; round++) {
    const current = await db.selectFrom('payment_attempts').select('status').where('order_number', '=', orderNumber).where('number', '=', number).executeTakeFirst();
    if (!current || !isLegalAttemptMove(current.status, change.to, change.evidence)) return false;
    const { fields, ...rest } = change;
    if (await moveAttempt(db, orderNumber, number, { from: current.status, ...rest, ...(fields ? { fields } : {}) })) return true;
  }
  return false;
}

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
 * Claims attempt `claim.number` of the order as `seen`: a conditional UPDATE of the order row as it
 * was read (status, payment state, attempt number), so only one caller in any process wins it, on
 * either engine. The attempt is created claimed, or a refused one claimed again, in the same
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
    const existing = await findAttemptIn(trx, seen.order_number, claim.number);
    if (existing) {
      // The gateway refused this number before (nothing was created under it): the same number again.
      if (!(await moveAttempt(trx, seen.order_number, claim.number, { from: existing.status, to: 'claimed', evidence: 'claim', now: claim.now }))) {
        throw new AttemptChangedError(seen.order_number, claim.number, existing.status);
      }
    } else {
      await insertAttempt(trx, 'claimed', {
        order_number: seen.order_number,
        number: claim.number,
        method: 'card',
        gateway_order_number: claim.gatewayOrderNumber,
        return_ref: claim.returnRef,
        gateway_tpt: null,
        gateway_auth: null,
        gateway_code: null,
        created_at: claim.now,
        updated_at: claim.now,
      });
    }
    return findAttemptIn(trx, seen.order_number, claim.number).then((row) => row!);
  });
}

/** The transfer's own columns (bff/sinpe/transfer-attempts.ts chooses them). */
export type TransferDetails = Pick<PaymentAttemptRow, 'sinpe_reference' | 'transfer_amount' | 'transfer_currency' | 'transfer_discount' | 'expires_at'>;

/**
 * Opens attempt `number` as an awaited SINPE Móvil transfer, in the transaction that moved the
 * order to pending. A card number the gateway refused (nothing created under it) becomes this transfer.
 */
export async function openTransferAttempt(
  trx: Transaction<Database>,
  order: { orderNumber: string; number: number; gatewayOrderNumber: string },
  transfer: TransferDetails,
  now: string,
): Promise<PaymentAttemptRow> {
  const fields = { method: 'sinpe_movil', ...transfer, bank_payment_id: null, gateway_tpt: null, gateway_auth: null, gateway_code: null };
  const existing = await findAttemptIn(trx, order.orderNumber, order.number);
  if (existing) {
    if (!(await moveAttempt(trx, order.orderNumber, order.number, { from: existing.status, to: 'open', evidence: 'transfer-opened', now, fields }))) {
      throw new AttemptChangedError(order.orderNumber, order.number, existing.status);
    }
  } else {
    const row = { order_number: order.orderNumber, number: order.number, gateway_order_number: order.gatewayOrderNumber, return_ref: crypto.randomUUID(), created_at: now, updated_at: now };
    await insertAttempt(trx, 'open', { ...row, ...fields });
    await trx.updateTable('orders').set({ payment_state: 'transfer' }).where('order_number', '=', order.orderNumber).where('attempt_number', '=', order.number).execute();
  }
  return findAttemptIn(trx, order.orderNumber, order.number).then((row) => row!);
}

/** A new attempt row, born in `status` (the table's births), with the outcome that status shows. */
async function insertAttempt(trx: Trx, status: AttemptStatus, row: Omit<Insertable<PaymentAttemptsTable>, 'status' | 'outcome'>): Promise<void> {
  await trx.insertInto('payment_attempts').values({ ...row, status, outcome: outcomeOfAttempt(status) }).execute();
}

function findAttemptIn(trx: Trx, orderNumber: string, number: number): Promise<PaymentAttemptRow | undefined> {
  return trx.selectFrom('payment_attempts').selectAll().where('order_number', '=', orderNumber).where('number', '=', number).executeTakeFirst();
}
