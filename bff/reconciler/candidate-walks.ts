// The orders a reconciler pass may act on, as separate walks, each over one index in that index's
// order with a keyset cursor (its column, then the order number): a page starts where the last one
// ended, so a pass reads each candidate once, whatever the size of the table (one OR over every
// kind, paged by order number, re-read and re-sorted every candidate at each page). The kinds do not
// overlap, so no order is seen twice by the walks of one pass.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { unsettledStatuses } from '../orders/order-rules.ts';
import { abandonedCreatedOrder } from '../retention/abandoned-orders.ts';
import type { Database, OrderRow } from '../store/schema.ts';

export interface CandidateBounds {
  now: Date;
  /** A processPayment claim or an unknown outcome older than this is the reconciler's. */
  staleBefore: string;
  /** A page handed out before this is no longer left to the buyer's own return and polling. */
  pendingBefore: string;
}

type WalkColumn = 'payment_claimed_at' | 'updated_at' | 'session_expires_at' | 'next_consult_at';

export interface CandidateWalk {
  /** For logs and the plan test. */
  name: string;
  /** The walk's order (then order_number); the candidates are those with it at or below `upTo`. */
  column: WalkColumn;
  upTo: string;
  /** Only the strict bound is exclusive: a parked order due exactly now is due. */
  inclusive: boolean;
  where: (eb: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool>;
}

export interface WalkCursor {
  at: string;
  orderNumber: string;
}

export function candidateWalks(bounds: CandidateBounds): CandidateWalk[] {
  const now = bounds.now.toISOString();
  return [
    // A processPayment claim whose process died: index (payment_state, payment_claimed_at, order_number).
    {
      name: 'stale-claim',
      column: 'payment_claimed_at',
      upTo: bounds.staleBefore,
      inclusive: false,
      where: (eb) => eb.and([eb('payment_state', '=', 'claimed'), eb('status', 'in', unsettledStatuses)]),
    },
    // A call whose outcome is unknown, one walk per status so each is an index range.
    ...unsettledStatuses.map(
      (status): CandidateWalk => ({
        name: `unknown-${status}`,
        column: 'updated_at',
        upTo: bounds.staleBefore,
        inclusive: false,
        where: (eb) => eb.and([eb('status', '=', status), eb('payment_state', '=', 'unknown')]),
      }),
    ),
    // A hosted page handed out whose buyer has not come back.
    {
      name: 'page-out',
      column: 'updated_at',
      upTo: bounds.pendingBefore,
      inclusive: false,
      where: (eb) => eb.and([eb('status', '=', 'pending'), eb('payment_state', '=', 'created')]),
    },
    // A session that ran out before anyone started paying (the rule retention shares).
    {
      name: 'session-lapsed',
      column: 'session_expires_at',
      upTo: now,
      inclusive: false,
      where: abandonedCreatedOrder(bounds.now),
    },
    // Parked orders whose next look is due: only they have one (the transition that parks an order
    // sets it, every other transition clears it). No status condition, which would tempt a planner
    // onto a status index and a sort of every parked order.
    {
      name: 'parked-due',
      column: 'next_consult_at',
      upTo: now,
      inclusive: true,
      where: (eb) => eb.lit(true),
    },
  ];
}

/** One page of a walk after `cursor`; exported so its plan can be checked (hot-query-plans.spec.ts). */
export function candidatePage(db: Kysely<Database>, walk: CandidateWalk, cursor: WalkCursor | undefined, limit: number) {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where(walk.where)
    .where(walk.column, walk.inclusive ? '<=' : '<', walk.upTo);
  if (cursor) query = query.where(sql<SqlBool>`(${sql.ref(walk.column)}, order_number) > (${cursor.at}, ${cursor.orderNumber})`);
  return query.orderBy(walk.column).orderBy('order_number').limit(limit);
}

/** Where the next page of `walk` starts, after `page`'s last row. */
export function cursorAfter(walk: CandidateWalk, page: OrderRow[]): WalkCursor | undefined {
  const last = page.at(-1);
  if (!last) return undefined;
  return { at: last[walk.column] ?? '', orderNumber: last.order_number };
}
