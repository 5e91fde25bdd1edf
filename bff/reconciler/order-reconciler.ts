// The reconciler (issue 9): a job outside any request that brings every open order to a path to
// its final status, from the gateway's truth (consult), even when nobody polls:
// - a processPayment claim whose process died (claimed, older than staleClaimMs), or a call whose
//   outcome is unknown (5xx, timeout, broken answer): consult; an outcome is recorded; no payment
//   means nobody ever received a hosted URL, so the order is expired (never re-sent: that could be
//   a second processPayment) and a repeat checkout gets a clear 409 instead of 503 for ever;
// - a pending order (page handed out) whose buyer never came back: once its page is older than
//   pendingEveryMs, consult at most every pendingEveryMs; still unpaid after abandonAfterMs: expired;
// - a session never checked out and expired: expired (no gateway call).
// Several instances may run it at once: every write is conditional on what was read.
import type { Kysely } from 'kysely';
import type { Clock } from '../observability/clock.ts';
import type { Logger } from '../observability/logger.ts';
import { expireIfAbandoned } from '../orders/abandoned-session.ts';
import { recordOpenOrderChange } from '../orders/record-outcome.ts';
import type { StatusRefresher } from '../orders/status-refresher.ts';
import type { Store } from '../store/database.ts';
import { expireInterruptedPayment } from '../store/orders.ts';
import type { Database, OrderRow } from '../store/schema.ts';

export interface OrderReconcilerOptions {
  store: Store;
  statuses: StatusRefresher;
  clock: Clock;
  logger: Logger;
  /** Pause between passes. */
  intervalMs: number;
  pendingEveryMs: number;
  abandonAfterMs: number;
  /** Orders read per query; a pass walks every candidate in pages of this size. */
  batchSize?: number;
}

export interface ReconcilePassResult {
  examined: number;
  consulted: number;
  resolved: number;
}

const interruptedMessage = 'The payment could not be started. Please start a new checkout.';
const abandonedMessage = 'The payment page was not used in time.';

export class OrderReconciler {
  private readonly lastPendingConsult = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<unknown> | undefined;
  private running = false;

  constructor(private readonly options: OrderReconcilerOptions) {}

  start(): void {
    if (this.running || this.options.intervalMs <= 0) return;
    this.running = true;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.pass;
  }

  /** One pass over every open order that needs the reconciler now. Tests call it directly. */
  async runOnce(): Promise<ReconcilePassResult> {
    const result: ReconcilePassResult = { examined: 0, consulted: 0, resolved: 0 };
    const batchSize = this.options.batchSize ?? 100;
    this.forgetOldPendingConsults();
    let after = '';
    for (;;) {
      const page = await this.candidates(after, batchSize);
      for (const order of page) {
        result.examined++;
        try {
          await this.reconcile(order, result);
        } catch (error) {
          // One order's trouble (a database hiccup) must not stop the others.
          this.options.logger.error({ orderNumber: order.order_number, err: error }, 'reconcile failed');
        }
      }
      if (page.length < batchSize) break;
      after = page.at(-1)!.order_number;
    }
    return result;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.pass = this.runOnce()
        .catch((error: unknown) => this.options.logger.error({ err: error }, 'reconcile pass failed'))
        .finally(() => {
          if (this.running) this.schedule();
        });
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** Open orders a pass may act on, in order-number pages (stable while statuses change). */
  private candidates(after: string, limit: number): Promise<OrderRow[]> {
    const now = this.options.clock.now();
    const staleBefore = new Date(now.getTime() - this.options.statuses.staleClaimMs).toISOString();
    // A page handed out recently is the buyer's own return and polling's business.
    const pendingBefore = new Date(now.getTime() - this.options.pendingEveryMs).toISOString();
    const db: Kysely<Database> = this.options.store.db;
    return db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', ['created', 'pending'])
      .where('order_number', '>', after)
      .where((eb) =>
        eb.or([
          eb.and([eb('payment_state', '=', 'claimed'), eb('payment_claimed_at', '<', staleBefore)]),
          eb.and([eb('payment_state', '=', 'unknown'), eb('updated_at', '<', staleBefore)]),
          eb.and([eb('payment_state', '=', 'created'), eb('updated_at', '<', pendingBefore)]),
          eb.and([eb('payment_state', '=', 'none'), eb('session_expires_at', '<', now.toISOString())]),
        ]),
      )
      .orderBy('order_number')
      .limit(limit)
      .execute();
  }

  private async reconcile(order: OrderRow, result: ReconcilePassResult): Promise<void> {
    const { store, clock, statuses } = this.options;
    const number = order.order_number;
    if (order.payment_state === 'none') {
      const after = await expireIfAbandoned(store, clock, order, 'reconciler');
      if (after.status !== order.status) result.resolved++;
      return;
    }
    if (order.payment_state === 'created' && !this.pendingConsultDue(order)) return;

    result.consulted++;
    const told = await statuses.consultNow(number);
    if (told === 'recorded') {
      this.lastPendingConsult.delete(number);
      result.resolved++;
      return;
    }
    if (told !== 'no-payment') return;

    const now = clock.now();
    if (order.payment_state === 'claimed' || order.payment_state === 'unknown') {
      const closed = await expireInterruptedPayment(store.db, number, {
        paymentState: order.payment_state,
        claimId: order.payment_claim_id,
        detail: order.payment_state === 'claimed' ? 'processPayment claim lost (process died); gateway has no payment' : 'processPayment outcome unknown; gateway has no payment',
        message: interruptedMessage,
        now: now.toISOString(),
      });
      if (closed) {
        result.resolved++;
        this.options.logger.warn({ orderNumber: number, paymentState: order.payment_state }, 'interrupted payment closed as expired');
      }
      return;
    }
    // payment_state 'created': updated_at is when the page was created (the move to pending).
    if (now.getTime() - Date.parse(order.updated_at) > this.options.abandonAfterMs) {
      const after = await recordOpenOrderChange(store, number, {
        to: 'expired',
        source: 'reconciler',
        detail: 'hosted page never paid',
        now: now.toISOString(),
        fields: { status_message: abandonedMessage },
      });
      if (after?.status === 'expired') {
        this.lastPendingConsult.delete(number);
        result.resolved++;
      }
    }
  }

  private forgetOldPendingConsults(): void {
    const now = this.options.clock.now().getTime();
    for (const [number, at] of this.lastPendingConsult) if (now - at >= this.options.pendingEveryMs) this.lastPendingConsult.delete(number);
  }

  /** Pending orders are consulted at most every pendingEveryMs by this process. */
  private pendingConsultDue(order: OrderRow): boolean {
    const now = this.options.clock.now().getTime();
    const last = this.lastPendingConsult.get(order.order_number);
    if (last !== undefined && now - last < this.options.pendingEveryMs) return false;
    this.lastPendingConsult.set(order.order_number, now);
    return true;
  }
}

