// Asks the gateway (consult) about an order's attempts: single-flight per attempt in this process,
// and at most one consult per order per interval however many pollers (or forged redirects) ask,
// through however many instances (the slots are shared through PostgreSQL: bff/http/limits/consult-slots.ts).
import { chargedMoneyOf } from '../charged-money.ts';
import { GatewayError, GatewayUnavailableError } from '../../gateway/errors.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import type { GatewayClient } from '../../gateway/client.ts';
import { consultSlotsFor, type ConsultSlots } from '../../http/limits/consult-slots.ts';
import type { Clock } from '../../lib/observability/clock.ts';
import type { Logger } from '../../lib/observability/logger.ts';
import { attemptsOf, findAttempt } from '../../store/attempts.ts';
import { mayHavePageOut } from '../attempt-transitions.ts';
import { findOrder } from '../../store/orders.ts';
import type { Store } from '../../store/database.ts';
import type { OrderWithAttempt, PaymentAttemptRow } from '../../store/schema.ts';
import { isTransferAttempt } from '../attempt-rules.ts';
import { isAwaitingOutcome, isRetryableStatus } from './order-rules.ts';
import { attemptOutcomeFields, outcomeFields, outcomeFromConsult, recordsOfAttempt, targetOfOutcome, type GatewayOutcome } from './consult-outcome.ts';
import { recordOrderChange } from './record-outcome.ts';

/** Why a consult is asked (the `reason` of gateway_consults_total). */
export type ConsultReason = 'poll' | 'merchant_read' | 'return' | 'bank_attach' | 'reconcile_interrupted' | 'reconcile_pending' | 'reconcile_parked' | 'replaced_page';

/** What one consult told: an outcome (recorded), no payment at the gateway yet, or no answer. */
export type ConsultResult = { kind: 'recorded'; outcome: GatewayOutcome } | { kind: 'no-payment' } | { kind: 'failed'; reason: string };

export interface StatusRefresherOptions {
  store: Store;
  gateway: GatewayClient;
  clock: Clock;
  logger: Logger;
  intervalMs: number;
  /** A processPayment claim older than this is presumed lost (its process died): reconcile it. */
  staleClaimMs: number;
  /** Told of every consult actually sent (a shared one counts once). */
  countConsult?: (reason: ConsultReason) => void;
}

export class StatusRefresher {
  private readonly slots: ConsultSlots;
  private readonly inFlight = new SingleFlight<string, ConsultResult>();
  /** Pollers of one order in this process share one claim, then the consult it allows. */
  private readonly claims = new SingleFlight<string, boolean>();

  constructor(private readonly options: StatusRefresherOptions) {
    this.slots = consultSlotsFor(options.store, options.clock, options.intervalMs);
  }

  /** Past this age a processPayment claim has no live caller left (the reconciler uses it too). */
  get staleClaimMs(): number {
    return this.options.staleClaimMs;
  }

  /** Whether a poll should ask consult: an attempt may have an outcome the store does not know yet. */
  needsGateway(order: OrderWithAttempt): boolean {
    if (!isAwaitingOutcome(order.status) && !isRetryableStatus(order.status)) return false;
    switch (order.attempt_status) {
      case 'open':
        // A hosted page out (a transfer is the bank's to settle, not consult's).
        return isAwaitingOutcome(order.status) && !isTransferAttempt(order);
      case 'unknown':
        return true;
      case 'claimed':
        return order.attempt_updated_at !== null && this.options.clock.now().getTime() - Date.parse(order.attempt_updated_at) > this.options.staleClaimMs;
      default:
        return false;
    }
  }

  /** The order, refreshed from the gateway when a consult may tell something and the interval allows. */
  async refresh(order: OrderWithAttempt, reason: ConsultReason): Promise<OrderWithAttempt> {
    if (!this.needsGateway(order)) return order;
    await this.consultWithinInterval(order.order_number, order.attempt_number, reason);
    return (await findOrder(this.options.store.db, order.order_number)) ?? order;
  }

  /**
   * Consults the attempt unless this order was consulted less than an interval ago (then shares a
   * consult still running, or answers `undefined`): what an unauthenticated caller may cause.
   */
  async consultWithinInterval(orderNumber: string, attempt: number, reason: ConsultReason): Promise<ConsultResult | undefined> {
    const key = flightKey(orderNumber, attempt);
    const running = this.inFlight.current(key);
    if (running) return running;
    if (!(await this.claims.run(orderNumber, () => this.slots.claim(orderNumber)))) return undefined;
    return this.inFlight.run(key, () => {
      this.options.countConsult?.(reason);
      return this.consultAndRecord(orderNumber, attempt);
    });
  }

  /**
   * Consults now (sharing a consult already running) and records what it says. Never throws for
   * the gateway: resolves with what consult told (the reconciler closes attempts the gateway never saw).
   */
  consultNow(orderNumber: string, attempt: number, reason: ConsultReason): Promise<ConsultResult> {
    return this.inFlight.run(flightKey(orderNumber, attempt), async () => {
      await this.slots.take(orderNumber);
      this.options.countConsult?.(reason);
      return this.consultAndRecord(orderNumber, attempt);
    });
  }

  /**
   * A consult that starts after now: waits out one already running (it may have asked before the
   * buyer paid), then consults, sharing only a consult that started after this call.
   */
  async consultFresh(orderNumber: string, attempt: number, reason: ConsultReason): Promise<ConsultResult> {
    await this.inFlight.current(flightKey(orderNumber, attempt));
    return this.consultNow(orderNumber, attempt, reason);
  }

  /**
   * The order was just paid by its current attempt: the pages it replaced are asked once too, so
   * money paid on one whose redirect never came back (its tab closed) is found now and goes to
   * review (record-outcome.ts), not left unseen on an approved order.
   */
  private async consultReplacedPages(orderNumber: string, current: number): Promise<void> {
    for (const attempt of replacedPages(await attemptsOf(this.options.store.db, orderNumber), current)) {
      await this.inFlight.run(flightKey(orderNumber, attempt.number), () => {
        this.options.countConsult?.('replaced_page');
        return this.consultAndRecord(orderNumber, attempt.number);
      });
    }
  }

  private async consultAndRecord(orderNumber: string, number: number): Promise<ConsultResult> {
    const { gateway, logger, store, clock } = this.options;
    try {
      const order = await findOrder(store.db, orderNumber);
      if (!order) return { kind: 'no-payment' };
      const attempt = number > 0 ? await findAttempt(store.db, orderNumber, number) : undefined;
      const gatewayOrderNumber = attempt?.gateway_order_number ?? orderNumber;
      // Measured against what the attempt was charged (a dollar order may be charged in colones).
      const charged = chargedMoneyOf(attempt, order);
      const records = recordsOfAttempt(await gateway.consult(gatewayOrderNumber), gatewayOrderNumber, attempt?.gateway_tpt);
      const outcome = outcomeFromConsult(records, charged);
      if (!outcome) return { kind: 'no-payment' };
      const target = targetOfOutcome(outcome, charged);
      if (target.evidence === 'mismatch') logger.warn({ orderNumber, attempt: number, detail: target.detail }, 'consult contradicts the order; order to review');
      await recordOrderChange(store, orderNumber, {
        to: target.to,
        evidence: target.evidence,
        source: 'consult',
        detail: target.detail,
        now: clock.now().toISOString(),
        fields: (current) => outcomeFields(current, target),
        ...(number > 0 ? { attempt: { number, status: target.attempt, fields: attemptOutcomeFields(outcome, target) } } : {}),
      });
      if (target.to === 'approved' && number === order.attempt_number) await this.consultReplacedPages(orderNumber, number);
      return { kind: 'recorded', outcome };
    } catch (error) {
      if (error instanceof GatewayError || error instanceof GatewayUnavailableError) {
        logger.warn({ orderNumber, operation: error.operation, error: error.message }, 'consult failed; status stays as recorded');
        return { kind: 'failed', reason: error.message };
      }
      throw error;
    }
  }
}

/** Earlier card attempts of the order whose hosted page may still be out: pages a later attempt replaced (Back, a second tab). */
function replacedPages(attempts: readonly PaymentAttemptRow[], current: number): PaymentAttemptRow[] {
  return attempts.filter((attempt) => attempt.number < current && attempt.method === 'card' && mayHavePageOut(attempt.status));
}

function flightKey(orderNumber: string, attempt: number): string {
  return `${orderNumber}#${attempt}`;
}
