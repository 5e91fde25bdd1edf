// The reconciler: a job outside any request that brings every open order to a path to
// its final status, from the gateway's truth (consult), even when nobody polls:
// - a processPayment claim whose process died (claimed, older than staleClaimMs), or a call whose
//   outcome is unknown (5xx, timeout, broken answer): consult; an outcome is recorded; no payment
//   means nobody ever received a hosted URL, so the order is expired (never re-sent: that could be
//   a second processPayment) and a repeat checkout gets a clear 409 instead of 503 for ever;
// - a pending order (page handed out) whose buyer never came back: once its page is older than
//   pendingEveryMs, consult at most every pendingEveryMs; still unpaid after abandonAfterMs: expired;
//   the same for the page still out when the page that was to replace it was refused;
// - a session never checked out and expired: expired (no gateway call);
// - an order parked in review or expired after an attempt: re-consulted on a decaying schedule by
//   its age (parked-consult-schedule.ts) until its parked window ends, so a late gateway approval
//   still wins while an abandoned page costs a handful of consults, not one per pass.
// A pass walks each kind of candidate once, in pages through its index (candidate-walks.ts), gives
// the event loop a turn between orders, and ends early once stop() is called.
// Several instances may run it at once: every write is conditional on what was read.
import type { Transaction } from 'kysely';
import { inLogContext } from '../lib/observability/log-context.ts';
import { nextTurn, PeriodicJob } from '../lib/periodic-job.ts';
import { BoundedMap } from '../lib/bounded-map.ts';
import type { Clock } from '../lib/observability/clock.ts';
import type { Logger } from '../lib/observability/logger.ts';
import { expireIfAbandoned } from '../payments/orders/abandoned-session.ts';
import { isAwaitingOutcome, isExpired, isPending, parkedStatuses, unsettledStatuses } from '../payments/orders/order-rules.ts';
import { recordOrderChange } from '../payments/orders/record-outcome.ts';
import type { ConsultReason, ConsultResult, StatusRefresher } from '../payments/orders/status-refresher.ts';
import { AttemptChangedError, applyJointMove, unlessAttemptChanged } from '../payments/lifecycle/unit-of-work.ts';
import { expireLapsedTransfers } from '../sinpe/transfer-attempts.ts';
import type { Store } from '../store/database.ts';
import { attemptsOf } from '../store/attempts.ts';
import { findOrder, withCurrentAttempt } from '../store/orders.ts';
import type { Database, OrderRow, OrderWithAttempt } from '../store/schema.ts';
import { hasNothingSent } from '../payments/attempt-rules.ts';
import { isLostCall } from '../payments/attempt-transitions.ts';
import { candidatePage, candidateWalks, cursorAfter, pageDueAt, type CandidateRow, type WalkCursor } from './candidate-walks.ts';
import { parkedLook, type ParkedConsultSchedule } from './parked-consult-schedule.ts';

export interface OrderReconcilerOptions {
  store: Store;
  statuses: StatusRefresher;
  clock: Clock;
  logger: Logger;
  /** Pause between passes. */
  intervalMs: number;
  pendingEveryMs: number;
  abandonAfterMs: number;
  /** When an order parked in review or expired is consulted again (default: never). */
  parkedSchedule?: ParkedConsultSchedule;
  /** Orders read per query; a pass walks every candidate in pages of this size. */
  batchSize?: number;
  /** MERCHANT_WEBHOOK_UNATTEMPTED_EXPIRY: a lapsed session that never had an attempt sends order.expired. */
  announceUnattemptedExpiry?: boolean;
  /**
   * Settles a refund the gateway scheduled once consult shows it done (OrderModifier.settlePendingRefund):
   * asked at most once per pendingEveryMs per order, so it settles though nobody reads the order.
   */
  settlePendingRefund?: (orderNumber: string) => Promise<void>;
}

export interface ReconcilePassResult {
  examined: number;
  consulted: number;
  resolved: number;
}

const interruptedMessage = 'The payment could not be started. Please start a new checkout.';
const abandonedMessage = 'The payment page was not used in time.';
const neverReconsulted: ParkedConsultSchedule = { agesMs: [1], thenEveryMs: 1, parkedForMs: 0 };

export class OrderReconciler {
  private readonly lastRefundCheck: BoundedMap<string, number>;
  /** Its passes, intervalMs apart; stop() ends a pass in progress before its next order. */
  private readonly job: PeriodicJob;

  constructor(private readonly options: OrderReconcilerOptions) {
    this.job = new PeriodicJob({ name: 'reconcile', everyMs: options.intervalMs, logger: options.logger, pass: async () => void (await this.runOnce()) });
    // Forgotten after pendingEveryMs: the order is due again. Bounded like every per-key table.
    this.lastRefundCheck = new BoundedMap({ maxSize: 100_000, ttlMs: options.pendingEveryMs, now: () => options.clock.now().getTime() });
  }

  /** Orders with a refund the gateway scheduled: each asked about at most once per pendingEveryMs. */
  private async settleScheduledRefunds(batchSize: number): Promise<void> {
    const settle = this.options.settlePendingRefund;
    if (!settle) return;
    const rows = await this.options.store.db.selectFrom('orders').select('order_number').where('pending_refund_amount', 'is not', null).limit(batchSize).execute();
    for (const { order_number: orderNumber } of rows) {
      if (this.job.signal.aborted || this.lastRefundCheck.has(orderNumber)) continue;
      this.lastRefundCheck.set(orderNumber, this.options.clock.now().getTime());
      try {
        await inLogContext({ orderNumber }, () => settle(orderNumber));
      } catch (error) {
        this.options.logger.error({ orderNumber, err: error }, 'scheduled refund check failed');
      }
    }
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /**
   * One pass over every open order that needs the reconciler now: each candidate read once, in
   * pages. Tests and the bench call it directly; after stop() it returns what it did so far.
   */
  async runOnce(): Promise<ReconcilePassResult> {
    const result: ReconcilePassResult = { examined: 0, consulted: 0, resolved: 0 };
    const { store, clock, statuses, pendingEveryMs } = this.options;
    // SINPE Móvil transfers are not at the gateway: their time alone expires them.
    result.resolved += await expireLapsedTransfers(store, clock.now(), this.job.signal);
    const batchSize = this.options.batchSize ?? 100;
    const now = clock.now();
    // A page handed out recently is the buyer's own return and polling's business.
    const bounds = { now, staleBefore: new Date(now.getTime() - statuses.staleClaimMs).toISOString(), pendingBefore: new Date(now.getTime() - pendingEveryMs).toISOString() };
    for (const walk of candidateWalks(bounds)) {
      let cursor: WalkCursor | undefined;
      for (;;) {
        if (this.job.signal.aborted) return result;
        const page = await candidatePage(store.db, walk, cursor, batchSize).execute();
        for (const order of page) {
          if (this.job.signal.aborted) return result;
          result.examined++;
          try {
            await inLogContext({ orderNumber: order.order_number }, () => this.reconcile(order, result));
          } catch (error) {
            // One order's trouble (a database hiccup) must not stop the others.
            this.options.logger.error({ orderNumber: order.order_number, err: error }, 'reconcile failed');
          }
          // SQLite runs on this thread: requests get their turn between orders.
          await nextTurn();
        }
        if (page.length < batchSize) break;
        cursor = cursorAfter(page);
      }
    }
    await this.settleScheduledRefunds(batchSize);
    return result;
  }

  private async reconcile(walked: CandidateRow, result: ReconcilePassResult): Promise<void> {
    const { store, clock } = this.options;
    const number = walked.order_number;
    const order = await withCurrentAttempt(store.db, walked);
    if (isPending(order.status) && order.attempt_status === 'refused') return this.followReplacedPage(order, walked.walk_at, result);
    if (hasNothingSent(order) && isAwaitingOutcome(order.status)) {
      const after = await expireIfAbandoned(store, clock, order, { source: 'reconciler', announceUnattempted: this.options.announceUnattemptedExpiry ?? false });
      if (after.status !== order.status) result.resolved++;
      return;
    }
    if (parkedStatuses.includes(order.status) || order.next_consult_at !== null) return this.reconsultParked(order, result);
    // The walks bring a lost call (claimed, unknown) or a hosted page out.
    const pageOut = !isLostCall(order.attempt_status);
    if (pageOut && !(await this.claimPageLook(order, walked.walk_at))) return;

    const { told } = await this.consultAttempt(order, order.attempt_number, pageOut ? 'reconcile_pending' : 'reconcile_interrupted', result);
    if (told.kind === 'recorded') return;
    if (told.kind === 'failed') {
      await this.reviewIfNeverConfirmed(order, told.reason, result);
      return;
    }

    const now = clock.now();
    if (!pageOut) {
      const closed = await this.closeInterrupted(order, now.toISOString());
      if (closed) {
        result.resolved++;
        this.options.logger.warn({ orderNumber: number, attempt: order.attempt_number, attemptStatus: order.attempt_status }, 'interrupted payment closed');
      }
      return;
    }
    // A page out: updated_at is when the page was created (the move to pending).
    if (isPending(order.status) && now.getTime() - Date.parse(order.updated_at) > this.options.abandonAfterMs) {
      const after = await recordOrderChange(store, number, {
        to: 'expired',
        evidence: 'no-payment',
        source: 'reconciler',
        detail: 'hosted page never paid',
        now: now.toISOString(),
        attempt: { number: order.attempt_number, status: 'expired', fields: { status_message: abandonedMessage } },
      });
      if (after && isExpired(after.status)) result.resolved++;
    }
  }

  /** Consults one attempt of the order (counted); `moved` when what it recorded moved the order's status. */
  private async consultAttempt(order: OrderWithAttempt, attemptNumber: number, reason: ConsultReason, result: ReconcilePassResult): Promise<{ told: ConsultResult; moved: boolean }> {
    const number = order.order_number;
    result.consulted++;
    const told = await this.options.statuses.consultNow(number, attemptNumber, reason);
    if (told.kind !== 'recorded') return { told, moved: false };
    const after = await findOrder(this.options.store.db, number);
    const moved = after !== undefined && after.status !== order.status;
    if (moved) result.resolved++;
    return { told, moved };
  }

  /**
   * A pending order whose newest attempt the gateway refused: the page it was to replace (Back from
   * it, Pay again) is still out and payable. That page is followed like any page out: consulted (its
   * money, recorded on its attempt, puts the order in review: money on a replaced page), and expired
   * with the order once nobody paid it for abandonAfterMs.
   */
  private async followReplacedPage(order: OrderWithAttempt, walkedAt: string | null, result: ReconcilePassResult): Promise<void> {
    const { store, clock } = this.options;
    const number = order.order_number;
    const page = (await attemptsOf(store.db, number)).filter((attempt) => attempt.status === 'open' && attempt.method === 'card' && attempt.number < order.attempt_number).at(-1);
    if (!page || !(await this.claimPageLook(order, walkedAt))) return;
    const { told, moved } = await this.consultAttempt(order, page.number, 'reconcile_pending', result);
    if (moved) return;
    const now = clock.now();
    if (told.kind === 'failed' || now.getTime() - Date.parse(order.updated_at) <= this.options.abandonAfterMs) return;
    const written = await unlessAttemptChanged(
      store.db.transaction().execute(async (trx) => {
        // Why the order expires is said by the attempt it shows (its current one, which the gateway
        // refused), before the move records the merchant's event of it; a move not written rolls it back.
        await showExpiryReason(trx, number, order.attempt_number, abandonedMessage);
        const move = await applyJointMove(trx, number, {
          evidence: 'no-payment',
          now: now.toISOString(),
          order: { from: order.status, to: 'expired', source: 'reconciler', detail: 'hosted page never paid' },
          attempt: { kind: 'evidence', number: page.number, to: 'expired', fields: { status_message: abandonedMessage } },
        });
        if (!move.written) throw new AttemptChangedError(number, order.attempt_number, order.attempt_status ?? 'refused');
        return true;
      }),
    );
    if (written) result.resolved++;
  }

  /**
   * An attempt whose processPayment was interrupted (its process died holding the claim, or the
   * call failed with an unknown outcome) and which consult does not know: nobody ever received its
   * hosted URL, so nobody can pay it. It is never re-sent under its number. A first attempt expires
   * the order (a repeat checkout gets a clear 409); a later one leaves the order declined or
   * cancelled, and the next checkout opens a new attempt. Conditional on the exact claim read.
   */
  private async closeInterrupted(order: OrderWithAttempt, now: string): Promise<boolean> {
    const { store } = this.options;
    const seen = { claimId: order.payment_claim_id, attemptNumber: order.attempt_number };
    const from = order.attempt_status === 'claimed' ? 'claimed' : 'unknown';
    const detail = from === 'claimed' ? 'processPayment claim lost (process died); gateway has no payment' : 'processPayment outcome unknown; gateway has no payment';
    if (!isAwaitingOutcome(order.status)) {
      const { written } = await applyJointMove(store.db, order.order_number, {
        evidence: 'no-payment',
        now,
        attempt: { kind: 'move', number: seen.attemptNumber, from, to: 'abandoned', claimId: seen.claimId },
      });
      return written;
    }
    const { written } = await applyJointMove(store.db, order.order_number, {
      evidence: 'no-payment',
      now,
      order: {
        from: order.status,
        to: 'expired',
        source: 'reconciler',
        detail,
        // The attempt's own status is the writer's condition below: a move of it meanwhile undoes this.
        where: { payment_claim_id: seen.claimId, attempt_number: seen.attemptNumber },
      },
      attempt: { kind: 'move', number: seen.attemptNumber, from, to: 'expired', fields: { status_message: interruptedMessage } },
    });
    return written;
  }

  /**
   * An attempt whose consults have given no readable answer (a failure body, an unreadable record
   * list, an outage) for longer than abandonAfterMs since it began: whether the buyer paid cannot be
   * known here, so a person decides. Review, with the last failure as its reason, rather than an
   * order (and a buyer's "being confirmed") that waits for ever, or an expiry that could be wrong.
   */
  private async reviewIfNeverConfirmed(order: OrderWithAttempt, reason: string, result: ReconcilePassResult): Promise<void> {
    const now = this.options.clock.now();
    const began = order.attempt_status === 'claimed' ? (order.attempt_updated_at ?? order.updated_at) : order.updated_at;
    if (now.getTime() - Date.parse(began) <= this.options.abandonAfterMs) return;
    const hours = Math.floor((now.getTime() - Date.parse(began)) / 3_600_000);
    const after = await recordOrderChange(this.options.store, order.order_number, {
      to: 'review',
      evidence: 'unconfirmed',
      source: 'reconciler',
      detail: `attempt ${order.attempt_number} could not be confirmed with the gateway for ${hours} h (last consult: ${reason})`,
      now: now.toISOString(),
      ...(order.attempt_number > 0 ? { attempt: { number: order.attempt_number, status: 'review' as const } } : {}),
    });
    if (after && after.status !== order.status) {
      result.resolved++;
      this.options.logger.warn({ orderNumber: order.order_number, attempt: order.attempt_number, reason }, 'attempt never confirmed; order to review');
    }
  }

  /**
   * A parked order found due: its next look is moved along its schedule first (conditional on the
   * row as read, so of several instances one consults), then the gateway is asked if a scheduled
   * time has come. An order parked without any attempt has nothing to ask about: it leaves the
   * schedule. A change the consult records re-parks or unparks the order through its transition.
   */
  private async reconsultParked(order: OrderRow, result: ReconcilePassResult): Promise<void> {
    const { store, clock, statuses } = this.options;
    const look =
      parkedStatuses.includes(order.status) && order.attempt_number > 0 && order.next_consult_at !== null
        ? parkedLook(this.options.parkedSchedule ?? neverReconsulted, { parkedAtMs: Date.parse(order.updated_at), scheduledAtMs: Date.parse(order.next_consult_at), nowMs: clock.now().getTime() })
        : { consult: false, nextAtMs: undefined };
    const moved = await store.db
      .updateTable('orders')
      .set({ next_consult_at: look.nextAtMs === undefined ? null : new Date(look.nextAtMs).toISOString() })
      .where('order_number', '=', order.order_number)
      .where('status', '=', order.status)
      .where('updated_at', '=', order.updated_at)
      .where('next_consult_at', order.next_consult_at === null ? 'is' : '=', order.next_consult_at)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1 || !look.consult) return;
    result.consulted++;
    const told = await statuses.consultNow(order.order_number, order.attempt_number, 'reconcile_parked');
    if (told.kind !== 'recorded') return;
    const after = await findOrder(store.db, order.order_number);
    if (after && after.status !== order.status) result.resolved++;
  }

  /**
   * A page out is consulted at most every pendingEveryMs, by whichever instance first moves its
   * look: the current attempt's looked_at, conditional on the time the walk read (pageDueAt), so
   * of several instances one consults, and the walks of the next passes skip it until it is due.
   */
  private async claimPageLook(order: OrderWithAttempt, walkedAt: string | null): Promise<boolean> {
    if (walkedAt === null) return false;
    const moved = await this.options.store.db
      .updateTable('payment_attempts')
      .set({ looked_at: this.options.clock.now().toISOString() })
      .where('order_number', '=', order.order_number)
      .where('number', '=', order.attempt_number)
      .where(pageDueAt, '=', walkedAt)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  }
}

/** Our words for why the order expired, on the attempt the order shows: not a move (its status stays). */
async function showExpiryReason(trx: Transaction<Database>, orderNumber: string, attemptNumber: number, message: string): Promise<void> {
  await trx.updateTable('payment_attempts').set({ status_message: message }).where('order_number', '=', orderNumber).where('number', '=', attemptNumber).execute();
}
