// The orders a reconciler pass may act on, as separate walks, each over one index in that index's
// order with a keyset cursor (its column, then the order number): a page starts where the last one
// ended, so a pass reads each candidate once, whatever the size of the table (one OR over every
// kind, paged by order number, re-read and re-sorted every candidate at each page). The kinds do not
// overlap, so no order is seen twice by the walks of one pass. The walks about a card payment's call
// go over the attempts (their status is the attempt's own, migration 0081's index), joined to their
// order by its current attempt; the others go over the orders.
import { sql, type Compilable, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { OrderStatus } from '../../contract/bff-api.ts';
import { unsettledStatuses } from '../payments/orders/order-rules.ts';
import type { AttemptStatus } from '../payments/attempt-transitions.ts';
import { abandonedCreatedOrder } from '../retention/abandoned-orders.ts';
import type { Database, OrderRow } from '../store/schema.ts';

export interface CandidateBounds {
  now: Date;
  /** A processPayment claim or an unknown outcome older than this is the reconciler's. */
  staleBefore: string;
  /**
   * A page handed out before this is no longer left to the buyer's own return and polling; one the
   * reconciler consulted before this is due its next look.
   */
  pendingBefore: string;
}

/**
 * A walk over the current card attempts in one status: by when they entered it (index
 * payment_attempts_status_walk), or, for a page out, by when it is next due (pageDueAt, index
 * payment_attempts_open_page_look, payment_attempts_refused_page_look).
 */
export interface AttemptWalk {
  /** For logs and the plan test. */
  name: string;
  kind: 'attempt';
  attemptStatus: AttemptStatus;
  /** 'entered': the attempt's updated_at; 'next-look': pageDueAt (a page the reconciler consults every interval). */
  by: 'entered' | 'next-look';
  /** The statuses the order must be in; read on the joined order row. */
  orderStatuses: readonly OrderStatus[];
  /** Exclusive; inclusive for a page due by its last look. */
  upTo: string;
}

/** A walk over the orders in one of their columns' order (then order_number). */
export interface OrderWalk {
  name: string;
  kind: 'order';
  column: 'session_expires_at' | 'next_consult_at';
  upTo: string;
  /** Only the strict bound is exclusive: a parked order due exactly now is due. */
  inclusive: boolean;
  where: (eb: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool>;
}

export type CandidateWalk = AttemptWalk | OrderWalk;

export interface WalkCursor {
  at: string;
  orderNumber: string;
}

/** An order as a walk hands it out, with the value of the walk's column (for the cursor). */
export type CandidateRow = OrderRow & { walk_at: string | null };

export function candidateWalks(bounds: CandidateBounds): CandidateWalk[] {
  const now = bounds.now.toISOString();
  return [
    // A processPayment claim whose process died (a claimed attempt's time is its claim's).
    { name: 'stale-claim', kind: 'attempt', attemptStatus: 'claimed', by: 'entered', orderStatuses: unsettledStatuses, upTo: bounds.staleBefore },
    // A call whose outcome is unknown.
    { name: 'unknown', kind: 'attempt', attemptStatus: 'unknown', by: 'entered', orderStatuses: unsettledStatuses, upTo: bounds.staleBefore },
    // A hosted page handed out whose buyer has not come back, neither consulted within the interval.
    { name: 'page-out', kind: 'attempt', attemptStatus: 'open', by: 'next-look', orderStatuses: ['pending'], upTo: bounds.pendingBefore },
    // A page that was to replace one still out (Back from it, Pay again) and that the gateway refused:
    // the order stays pending on the earlier page, which the buyer may still pay.
    { name: 'replacement-refused', kind: 'attempt', attemptStatus: 'refused', by: 'next-look', orderStatuses: ['pending'], upTo: bounds.pendingBefore },
    // A session that ran out before anything was sent (the rule retention shares).
    { name: 'session-lapsed', kind: 'order', column: 'session_expires_at', upTo: now, inclusive: false, where: abandonedCreatedOrder(bounds.now) },
    // Parked orders whose next look is due: only they have one (the transition that parks an order
    // sets it, every other transition clears it). No status condition, which would tempt a planner
    // onto a status index and a sort of every parked order.
    { name: 'parked-due', kind: 'order', column: 'next_consult_at', upTo: now, inclusive: true, where: (eb) => eb.lit(true) },
  ];
}

/**
 * When a page out was last looked at: its last consult by the reconciler, or the page's own time
 * before any. Written exactly as migration 0099's index holds it, so both planners use the index.
 */
export const pageDueAt = sql<string>`coalesce(payment_attempts.looked_at, payment_attempts.updated_at)`;

/** The rows one of migration 0099's partial indexes holds, in its own words (SQLite uses it only when the query repeats them). */
const pageWalkRows = (status: AttemptStatus) => sql<SqlBool>`payment_attempts.method = 'card' and payment_attempts.status = ${sql.lit(status)}`;

export type CandidatePage = Compilable & { execute(): Promise<CandidateRow[]> };

/** One page of a walk after `cursor`; exported so its plan can be checked (hot-query-plans.spec.ts). */
export function candidatePage(db: Kysely<Database>, walk: CandidateWalk, cursor: WalkCursor | undefined, limit: number): CandidatePage {
  if (walk.kind === 'attempt') {
    const at = walk.by === 'next-look' ? pageDueAt : sql<string>`payment_attempts.updated_at`;
    let query = db
      .selectFrom('payment_attempts')
      .innerJoin('orders', (join) => join.onRef('orders.order_number', '=', 'payment_attempts.order_number').onRef('orders.attempt_number', '=', 'payment_attempts.number'))
      .selectAll('orders')
      .select(at.as('walk_at'))
      // Only card attempts make gateway calls; an open transfer is the bank's (and expireLapsedTransfers').
      .where((eb) => (walk.by === 'next-look' ? pageWalkRows(walk.attemptStatus) : eb.and([eb('payment_attempts.status', '=', walk.attemptStatus), eb('payment_attempts.method', '=', 'card')])))
      // A page consulted exactly an interval ago is due (every pass 15 s apart finds it on time).
      .where(walk.by === 'next-look' ? sql<SqlBool>`${at} <= ${walk.upTo}` : sql<SqlBool>`${at} < ${walk.upTo}`)
      .where('orders.status', 'in', walk.orderStatuses);
    if (cursor) query = query.where(sql<SqlBool>`(${at}, payment_attempts.order_number) > (${cursor.at}, ${cursor.orderNumber})`);
    return query.orderBy(at).orderBy('payment_attempts.order_number').limit(limit);
  }
  let query = db
    .selectFrom('orders')
    .selectAll()
    .select(sql.ref<string | null>(walk.column).as('walk_at'))
    .where(walk.where)
    .where(walk.column, walk.inclusive ? '<=' : '<', walk.upTo);
  if (cursor) query = query.where(sql<SqlBool>`(${sql.ref(walk.column)}, order_number) > (${cursor.at}, ${cursor.orderNumber})`);
  return query.orderBy(walk.column).orderBy('order_number').limit(limit);
}

/** Where the next page of a walk starts, after `page`'s last row. */
export function cursorAfter(page: CandidateRow[]): WalkCursor | undefined {
  const last = page.at(-1);
  if (!last) return undefined;
  return { at: last.walk_at ?? '', orderNumber: last.order_number };
}
