// Asks the gateway (consult) about open orders: single-flight per order in this process, and at
// most one consult per order per interval however many pollers ask (issue 4, "Status").
import { isFinalOrderStatus } from '../../contract/bff-api.ts';
import { GatewayError, GatewayUnavailableError } from '../gateway/errors.ts';
import type { GatewayClient } from '../gateway/client.ts';
import type { Clock } from '../observability/clock.ts';
import type { Logger } from '../observability/logger.ts';
import { findOrder } from '../store/orders.ts';
import type { Store } from '../store/database.ts';
import type { OrderRow } from '../store/schema.ts';
import { outcomeFields, outcomeFromConsult } from './outcome.ts';
import { recordOpenOrderChange } from './record-outcome.ts';

/** What one consult told: an outcome (recorded), no payment at the gateway yet, or no answer. */
export type ConsultResult = 'recorded' | 'no-payment' | 'failed';

export interface StatusRefresherOptions {
  store: Store;
  gateway: GatewayClient;
  clock: Clock;
  logger: Logger;
  intervalMs: number;
  /** A processPayment claim older than this is presumed lost (its process died): reconcile it. */
  staleClaimMs: number;
}

export class StatusRefresher {
  private readonly lastConsultAt = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<ConsultResult>>();

  constructor(private readonly options: StatusRefresherOptions) {}

  /** Past this age a processPayment claim has no live caller left (the reconciler uses it too). */
  get staleClaimMs(): number {
    return this.options.staleClaimMs;
  }

  /** Whether consult can tell us anything: the order is open and a payment may exist at the gateway. */
  needsGateway(order: OrderRow): boolean {
    if (isFinalOrderStatus(order.status)) return false;
    if (order.payment_state === 'created' || order.payment_state === 'unknown') return true;
    if (order.payment_state === 'claimed' && order.payment_claimed_at) {
      return this.options.clock.now().getTime() - Date.parse(order.payment_claimed_at) > this.options.staleClaimMs;
    }
    return false;
  }

  /** The order, refreshed from the gateway when it is open and the interval allows a consult. */
  async refresh(order: OrderRow): Promise<OrderRow> {
    if (!this.needsGateway(order)) return order;
    const number = order.order_number;
    const running = this.inFlight.get(number);
    if (running) {
      await running;
    } else {
      const now = this.options.clock.now().getTime();
      const last = this.lastConsultAt.get(number);
      if (last !== undefined && now - last < this.options.intervalMs) return order;
      await this.consultNow(number);
    }
    return (await findOrder(this.options.store.db, number)) ?? order;
  }

  /**
   * Consults now (sharing a consult already running) and records what it says. Never throws for
   * the gateway: resolves with what consult told (the reconciler closes orders the gateway never saw).
   */
  consultNow(orderNumber: string): Promise<ConsultResult> {
    const running = this.inFlight.get(orderNumber);
    if (running) return running;
    this.remember(orderNumber);
    const work = this.consultAndRecord(orderNumber).finally(() => this.inFlight.delete(orderNumber));
    this.inFlight.set(orderNumber, work);
    return work;
  }

  /**
   * A consult that starts after now: waits out one already running (it may have asked before the
   * buyer paid), then consults, sharing only a consult that started after this call.
   */
  async consultFresh(orderNumber: string): Promise<ConsultResult> {
    const running = this.inFlight.get(orderNumber);
    if (running) await running;
    return this.consultNow(orderNumber);
  }

  private remember(orderNumber: string) {
    const now = this.options.clock.now().getTime();
    if (this.lastConsultAt.size > 10_000) {
      for (const [key, at] of this.lastConsultAt) if (now - at > this.options.intervalMs) this.lastConsultAt.delete(key);
    }
    this.lastConsultAt.set(orderNumber, now);
  }

  private async consultAndRecord(orderNumber: string): Promise<ConsultResult> {
    const { gateway, logger, store, clock } = this.options;
    try {
      const outcome = outcomeFromConsult(await gateway.consult(orderNumber));
      if (!outcome) return 'no-payment';
      await recordOpenOrderChange(store, orderNumber, {
        to: outcome.status,
        source: 'consult',
        detail: `gateway code ${outcome.code}`,
        now: clock.now().toISOString(),
        fields: (order) => outcomeFields(order, outcome),
      });
      return 'recorded';
    } catch (error) {
      if (error instanceof GatewayError || error instanceof GatewayUnavailableError) {
        logger.warn({ orderNumber, operation: error.operation, error: error.message }, 'consult failed; status stays as recorded');
        return 'failed';
      }
      throw error;
    }
  }
}
