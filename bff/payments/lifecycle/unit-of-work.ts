// The one place an order and its payment attempt change (bff/README.md "The payment lifecycle"):
// every move that writes the order's status, its attempt's status, or both, is one joint move,
// checked against the joint table (joint-moves.ts) and applied here in one transaction: the order
// row and its history entry (order-machine.ts), the attempt row (attempt-machine.ts), and the
// merchant's event (outbox/order-events.ts), recorded after both rows are written. Nothing else
// calls the two writers.
import type { Kysely, Transaction } from 'kysely';
import type { OrderStatus } from '../../../contract/bff-api.ts';
import { recordOrderEvent } from '../../outbox/order-events.ts';
import { transitionOrder, type OrderTransition } from '../orders/order-machine.ts';
import type { Database, NewOrderRow, OrderWithAttempt, PaymentAttemptRow, PaymentAttemptUpdate } from '../../store/schema.ts';
import { AttemptChangedError, claimAttempt as claimAttemptRow, holdCurrentAttempt, moveAttempt, noteCancelFlag as noteCancelFlagOnAttempt, openTransferAttempt, type AttemptClaim, type TransferDetails } from '../attempt-machine.ts';
import { isLegalAttemptMove, type AttemptEvidence, type AttemptStatus } from '../attempt-transitions.ts';
import { assertListedJointMove, type JointEvidence } from './joint-moves.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database> | Db;

/** The order's part of a joint move: the order-machine transition without what the move holds once. */
export type OrderStep = Omit<OrderTransition, 'evidence' | 'now'>;

/**
 * The attempt's part of a joint move:
 * - `move`: from the status the caller read (and, with `claimId`, only while the order holds that claim);
 * - `evidence`: from whatever status the attempt is in now, when the table lets the evidence move it
 *   from there (and `when` agrees); otherwise the attempt stays as it is and the order still moves;
 * - `hold`: the current attempt stays as read (its status is the move's condition);
 * - `open-transfer`: after holding the current attempt as read, attempt `number` is born (or a
 *   refused card number becomes it) an awaited SINPE Móvil transfer.
 */
export type AttemptStep =
  | { kind: 'move'; number: number; from: AttemptStatus; to: AttemptStatus; fields?: PaymentAttemptUpdate; claimId?: string | null }
  | { kind: 'evidence'; number: number; to: AttemptStatus; fields?: PaymentAttemptUpdate; when?: (status: AttemptStatus) => boolean }
  | { kind: 'hold'; seen: Pick<OrderWithAttempt, 'order_number' | 'attempt_number' | 'attempt_status'> }
  | { kind: 'open-transfer'; seen: Pick<OrderWithAttempt, 'order_number' | 'attempt_number' | 'attempt_status'>; number: number; gatewayOrderNumber: string; transfer: TransferDetails };

export interface JointMove {
  evidence: JointEvidence;
  now: string;
  /** Absent: the order's status stays (a move of its attempt alone). */
  order?: OrderStep;
  /** Absent: the attempt stays (a merchant's capture, refund or split). */
  attempt?: AttemptStep;
}

export interface JointResult {
  /** The move was written: false when a row moved meanwhile (nothing of the move is kept then, unless said below). */
  written: boolean;
  /** The attempt's part was written (an `evidence` step the attempt no longer takes leaves it as it is). */
  attemptWritten: boolean;
  /** The transfer attempt an `open-transfer` step opened. */
  attempt?: PaymentAttemptRow;
}

const notWritten: JointResult = { written: false, attemptWritten: false };

function inTransaction<T>(db: Trx, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

interface OrderAsFound {
  status: OrderStatus;
  attempt_number: number;
  attempt_status: AttemptStatus | null;
}

/** The order's status and its current attempt's, both by their primary keys. */
async function orderAsFound(trx: Transaction<Database>, orderNumber: string): Promise<OrderAsFound | undefined> {
  return trx
    .selectFrom('orders')
    .leftJoin('payment_attempts', (join) => join.onRef('payment_attempts.order_number', '=', 'orders.order_number').onRef('payment_attempts.number', '=', 'orders.attempt_number'))
    .select(['orders.status as status', 'orders.attempt_number as attempt_number', 'payment_attempts.status as attempt_status'])
    .where('orders.order_number', '=', orderNumber)
    .executeTakeFirst();
}

async function attemptStatusOf(trx: Transaction<Database>, orderNumber: string, number: number): Promise<AttemptStatus | undefined> {
  const row = await trx.selectFrom('payment_attempts').select('status').where('order_number', '=', orderNumber).where('number', '=', number).executeTakeFirst();
  return row?.status;
}

/**
 * Applies one joint move to the order and its attempt, in the caller's transaction (or one of its
 * own): the order's transition and history entry, then the attempt's move, then the merchant's
 * event of the order's change. Throws IllegalJointMoveError for a move the joint table does not list.
 */
export function applyJointMove(db: Trx, orderNumber: string, move: JointMove): Promise<JointResult> {
  return inTransaction(db, async (trx) => {
    const found = await orderAsFound(trx, orderNumber);
    // The order moved since the caller read it: its conditional write would change nothing, and the
    // caller re-reads (the table is asked about the move as the caller meant it, never a mixed one).
    if (!found || (move.order && move.order.from !== found.status)) return notWritten;
    const orderFrom = move.order?.from ?? found.status;
    const orderTo = move.order?.to ?? orderFrom;
    const step = move.attempt;
    // An earlier attempt's move leaves the order's pair alone; a transfer opened is the new current attempt.
    const aboutCurrent = step === undefined || step.kind === 'hold' || step.kind === 'open-transfer' || step.number === found.attempt_number;
    const currentFrom = step?.kind === 'hold' || step?.kind === 'open-transfer' ? step.seen.attempt_status : found.attempt_status;
    let attemptFrom: AttemptStatus | null = currentFrom;
    let attemptTo: AttemptStatus | null = currentFrom;
    if (step?.kind === 'move') {
      attemptFrom = step.from;
      attemptTo = step.to;
    } else if (step?.kind === 'evidence') {
      const status = await attemptStatusOf(trx, orderNumber, step.number);
      attemptFrom = status ?? null;
      attemptTo = status !== undefined && isLegalAttemptMove(status, step.to, move.evidence as AttemptEvidence) && (step.when?.(status) ?? true) ? step.to : attemptFrom;
    } else if (step?.kind === 'open-transfer') {
      attemptTo = 'open';
    }
    assertListedJointMove({
      evidence: move.evidence,
      order: { from: orderFrom, to: orderTo },
      attempt: {
        current: aboutCurrent,
        from: attemptFrom ?? 'none',
        to: attemptTo ?? 'none',
        ...(step?.kind === 'open-transfer' && { born: true }),
        ...(!aboutCurrent && { currentStatus: found.attempt_status ?? 'none' }),
      },
    });

    if (move.order) {
      const moved = await transitionOrder(trx, orderNumber, { ...move.order, evidence: move.evidence as OrderTransition['evidence'], now: move.now });
      if (!moved) return notWritten;
    }
    let result: JointResult = { written: true, attemptWritten: false };
    if (step?.kind === 'move') {
      const moved = await moveAttempt(trx, orderNumber, step.number, {
        from: step.from,
        to: step.to,
        evidence: move.evidence as AttemptEvidence,
        now: move.now,
        ...(step.fields && { fields: step.fields }),
        ...(step.claimId !== undefined && { claimId: step.claimId }),
      });
      result = { written: moved, attemptWritten: moved };
    } else if (step?.kind === 'evidence' && attemptFrom !== null && attemptTo === step.to) {
      // As read in this transaction; another writer's move meanwhile (PostgreSQL) is read again.
      let from: AttemptStatus | undefined = attemptFrom;
      for (let round = 0; round < 3 && from !== undefined && isLegalAttemptMove(from, step.to, move.evidence as AttemptEvidence); round++) {
        const moved = await moveAttempt(trx, orderNumber, step.number, { from, to: step.to, evidence: move.evidence as AttemptEvidence, now: move.now, ...(step.fields && { fields: step.fields }) });
        if (moved) {
          result = { written: true, attemptWritten: true };
          break;
        }
        from = await attemptStatusOf(trx, orderNumber, step.number);
      }
    } else if (step?.kind === 'hold') {
      await holdCurrentAttempt(trx, step.seen);
    } else if (step?.kind === 'open-transfer') {
      await holdCurrentAttempt(trx, step.seen);
      const attempt = await openTransferAttempt(trx, { orderNumber, number: step.number, gatewayOrderNumber: step.gatewayOrderNumber }, step.transfer, move.now);
      result = { written: true, attemptWritten: true, attempt };
    }
    // The merchant's event of the order's change, with both rows as this move left them.
    if (move.order) await recordOrderEvent(trx, orderNumber, move.order, move.now);
    return result;
  });
}

/** The order's status stays: its current attempt is claimed for one processPayment (attempt-machine.ts claimAttempt). */
export function claimAttempt(db: Db, seen: OrderWithAttempt, claim: AttemptClaim): Promise<PaymentAttemptRow | undefined> {
  assertListedJointMove({ evidence: 'claim', order: { from: seen.status, to: seen.status }, attempt: { current: true, from: seen.attempt_status ?? 'none', to: 'claimed', born: true } });
  return claimAttemptRow(db, seen, claim);
}

/** The buyer's redirect carried the cancel flag: words on the attempt, no move of either machine. */
export function noteCancelFlag(db: Db, orderNumber: string, number: number, now: string): Promise<void> {
  return noteCancelFlagOnAttempt(db, orderNumber, number, now);
}

/**
 * An order is born `created` with its first history entry, in one transaction; false when the order
 * number is already taken (uniqueness lives in the database).
 */
export function bearOrder(db: Db, order: Omit<NewOrderRow, 'status'>): Promise<boolean> {
  const status: OrderStatus = 'created';
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('orders')
      .values({ ...order, status })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
    await trx
      .insertInto('order_status_history')
      .values({ order_number: order.order_number, from_status: null, to_status: status, source: 'session', detail: null, created_at: order.created_at })
      .execute();
    return true;
  });
}

/**
 * The current attempt as read is a write condition of a change to the order row that moves no
 * status (a session renewed, a claim taken): attempt-machine.ts holdCurrentAttempt.
 */
export { AttemptChangedError, holdCurrentAttempt };
export { unlessAttemptChanged } from '../attempt-machine.ts';
