// The one writer of a payment attempt's status (attempt-transitions.ts has the table): it creates
// attempt rows and moves them, each move checked against the table and conditional on the status
// as read, in the caller's transaction. It also keeps the attempt's `outcome` (what the merchant
// sees) in step with the status; nothing else writes either. A move of the order's current attempt
// also touches the order row (its updated_at), so the order's time is that of its last change of
// either, and a writer conditional on the order row waits for the move on PostgreSQL.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, OrderWithAttempt, PaymentAttemptRow, PaymentAttemptsTable, PaymentAttemptUpdate } from '../store/schema.ts';
import { startingAttemptFields } from '../store/attempts.ts';
import { statusWriterView } from './lifecycle/status-writer-view.ts';
import type { ChargedMoney } from './charged-money.ts';
import {
  IllegalAttemptMoveError,
  isLegalAttemptMove,
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
    const writeOrder = async (): Promise<boolean> => {
      let update = trx.updateTable('orders').set({ updated_at: move.now }).where('order_number', '=', orderNumber).where('attempt_number', '=', number);
      if (move.claimId !== undefined) update = move.claimId === null ? update.where('payment_claim_id', 'is', null) : update.where('payment_claim_id', '=', move.claimId);
      return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
    };
    const writeAttempt = async (): Promise<boolean> => {
      const result = await statusWriterView(trx)
        .updateTable('payment_attempts')
        .set({ ...move.fields, status: move.to, outcome: outcomeOfAttempt(move.to), updated_at: move.now })
        .where('order_number', '=', orderNumber)
        .where('number', '=', number)
        .where('status', '=', move.from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    };
    if (move.claimId !== undefined) {
      // The claim decides first: a caller that lost it writes nothing.
      if (!(await writeOrder())) return false;
      // The claim is held, so its attempt is in `from`: otherwise the two are out of step (rolled back).
      if (!(await writeAttempt())) throw new AttemptChangedError(orderNumber, number, move.from);
      return true;
    }
    if (!(await writeAttempt())) return false;
    // A move about an earlier attempt leaves the order row (the current attempt's) alone: the write is conditional on attempt_number.
    await writeOrder();
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
 * Notes that the buyer's redirect from attempt `number` carried the hosted page's cancel flag. Not
 * a move: the status stays what the evidence made it; only the words shown while consult has no
 * record change (bff/routes/order-view.ts). The first note stays.
 */
export async function noteCancelFlag(db: Db, orderNumber: string, number: number, now: string): Promise<void> {
  await db.updateTable('payment_attempts').set({ cancel_flag_at: now }).where('order_number', '=', orderNumber).where('number', '=', number).where('cancel_flag_at', 'is', null).execute();
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
  /** What processPayment will be sent (chosen at checkout); the order's own money when absent. */
  charge?: ChargedMoney;
}

/**
 * The write condition on the order's current attempt, for a writer that changes the order row as it
 * was read: call it in the same transaction after that conditional write of the order row (the
 * order row first, as every writer here takes them). Throws AttemptChangedError, rolling the
 * transaction back, when the attempt is no longer in the status read. Its conditional UPDATE locks
 * the attempt row until commit, so on PostgreSQL a concurrent move of it waits, or is seen here,
 * rather than being missed by a snapshot. An order with no attempt yet is guarded by the order
 * row's attempt_number (a claim or a transfer changes it).
 */
export async function holdCurrentAttempt(trx: Transaction<Database>, seen: Pick<OrderWithAttempt, 'order_number' | 'attempt_number' | 'attempt_status'>): Promise<void> {
  if (seen.attempt_status === null) return;
  const result = await statusWriterView(trx)
    .updateTable('payment_attempts')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('order_number', '=', seen.order_number)
    .where('number', '=', seen.attempt_number)
    .where('status', '=', seen.attempt_status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AttemptChangedError(seen.order_number, seen.attempt_number, seen.attempt_status);
}

/** Undefined when `work` found the attempt changed meanwhile (AttemptChangedError, rolled back). */
export function unlessAttemptChanged<T>(work: Promise<T>): Promise<T | undefined> {
  return work.catch((error: unknown) => {
    if (error instanceof AttemptChangedError) return undefined;
    throw error;
  });
}

/**
 * Claims attempt `claim.number` of the order as `seen`: a conditional UPDATE of the order row as it
 * was read (status, attempt number), then of its current attempt (its status), so only one caller
 * in any process wins it, on either engine. The attempt is created claimed, or a refused one claimed
 * again, in the same transaction. Undefined when another caller changed the order first.
 */
export function claimAttempt(db: Db, seen: OrderWithAttempt, claim: AttemptClaim): Promise<PaymentAttemptRow | undefined> {
  const charge = claim.charge ?? { amount: seen.amount, currency: seen.currency, rate: null };
  const charged = { charged_amount: charge.amount, charged_currency: charge.currency, charged_rate: charge.rate };
  return unlessAttemptChanged(db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('orders')
      .set({
        ...startingAttemptFields(claim.number, claim),
        payment_claim_id: claim.claimId,
        updated_at: claim.now,
      })
      .where('order_number', '=', seen.order_number)
      .where('status', '=', seen.status)
      .where('attempt_number', '=', seen.attempt_number)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    await holdCurrentAttempt(trx, seen);
    const existing = await findAttemptIn(trx, seen.order_number, claim.number);
    if (existing) {
      // The gateway refused this number before (nothing was created under it): the same number again.
      // Its refusal is the last call's: this call has none yet.
      if (!(await moveAttempt(trx, seen.order_number, claim.number, { from: existing.status, to: 'claimed', evidence: 'claim', now: claim.now, fields: { ...charged, ...noAnswerYet, payment_error: null } }))) {
        throw new AttemptChangedError(seen.order_number, claim.number, existing.status);
      }
    } else {
      await insertAttempt(trx, 'claimed', {
        order_number: seen.order_number,
        number: claim.number,
        method: 'card',
        gateway_order_number: claim.gatewayOrderNumber,
        return_ref: claim.returnRef,
        ...noAnswerYet,
        ...charged,
        created_at: claim.now,
        updated_at: claim.now,
      });
    }
    return findAttemptIn(trx, seen.order_number, claim.number).then((row) => row!);
  }));
}

/** A starting attempt's answer: none yet (a refused number taken again had none either, but says so). */
const noAnswerYet = { gateway_tpt: null, gateway_auth: null, gateway_code: null, status_message: null, card_brand: null, card_last4: null, bank_failure_code: null } as const;

/** The transfer's own columns (bff/sinpe/transfer-attempts.ts chooses them). */
export type TransferDetails = Pick<PaymentAttemptRow, 'sinpe_reference' | 'transfer_amount' | 'transfer_currency' | 'transfer_discount' | 'expires_at' | 'amount_names_attempt' | 'client_key'>;

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
  const fields = { method: 'sinpe_movil', ...transfer, bank_payment_id: null, ...noAnswerYet, charged_amount: null, charged_currency: null, charged_rate: null };
  const existing = await findAttemptIn(trx, order.orderNumber, order.number);
  if (existing) {
    if (!(await moveAttempt(trx, order.orderNumber, order.number, { from: existing.status, to: 'open', evidence: 'transfer-opened', now, fields }))) {
      throw new AttemptChangedError(order.orderNumber, order.number, existing.status);
    }
  } else {
    const row = { order_number: order.orderNumber, number: order.number, gateway_order_number: order.gatewayOrderNumber, return_ref: crypto.randomUUID(), created_at: now, updated_at: now };
    await insertAttempt(trx, 'open', { ...row, ...fields });
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
