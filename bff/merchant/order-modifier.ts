// Capture, refund, reverse and split of one order: check the state rules on our record, call the
// gateway once, record the outcome. One action per order at a time in this process; across
// processes the conditional write (and the gateway's own rules) keep the amounts right.
import { chargedPieceOf, convertedChargeOf } from '../payments/charged-money.ts';
import { approvedCode, modificationTypes } from '../../contract/gateway-facts.ts';
import { canonicalAmount, fromMinorUnits, toMinorUnits, upstreamAmount } from '../../contract/money.ts';
import { sameUpstreamMoney } from '../../contract/upstream-money.ts';
import { GatewayUnavailableError } from '../gateway/errors.ts';
import type { GatewayClient } from '../gateway/client.ts';
import { DomainError, notAllowed, notFound } from '../lib/domain-error.ts';
import type { Clock } from '../lib/observability/clock.ts';
import type { Logger } from '../lib/observability/logger.ts';
import { findOrder, statusHistory } from '../store/orders.ts';
import type { Store } from '../store/database.ts';
import type { MerchantHistoryAction, OrderRow } from '../store/schema.ts';
import { gatewayProblem } from './gateway-problems.ts';
import type { ModificationResponse, SplitRequestBody, SplitResponse } from '../../contract/merchant-api.ts';
import { merchantOrderDetailView, type OrderRecord } from './merchant-order-view.ts';
import { attemptsOf } from '../store/attempts.ts';
import { planModification, planSplit, statusAfter, type MerchantAction, type Refusal } from './modification-rules.ts';
import { ruleContextOf, splitDetail } from './change-history.ts';
import { recordMerchantChange } from './order-changes.ts';

export interface OrderModifierOptions {
  store: Store;
  gateway: GatewayClient;
  clock: Clock;
  logger: Logger;
  /** processModification's `platform` (gateway-facts.md: real clients send it). */
  platform: string;
}

const gatewayType: Record<MerchantAction, string> = {
  capture: modificationTypes.capture,
  refund: modificationTypes.refund,
  reverse: modificationTypes.reversal,
};

function orderNotFound(orderNumber: string): DomainError {
  return notFound(`No order ${orderNumber}.`);
}

function refused(refusal: Refusal, action: string, path = 'amount'): DomainError {
  if (refusal.kind === 'invalid') return new DomainError('invalid', 'Invalid request', refusal.detail, { path, message: refusal.detail, code: 'invalid_amount' });
  return notAllowed(`${action[0]?.toUpperCase()}${action.slice(1)} not allowed`, refusal.detail, refusal.code ? { code: refusal.code } : {});
}

export class OrderModifier {
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(private readonly options: OrderModifierOptions) {}

  /** The order with its history, payment attempts and rule context, or a 404. */
  async load(orderNumber: string): Promise<OrderRecord> {
    const { store, clock } = this.options;
    const order = await findOrder(store.db, orderNumber);
    if (!order) throw orderNotFound(orderNumber);
    const [history, attempts] = await Promise.all([statusHistory(store.db, orderNumber), attemptsOf(store.db, orderNumber)]);
    return { order, history, attempts, context: ruleContextOf(order, history, clock.now()) };
  }

  modify(orderNumber: string, action: MerchantAction, amount: string | undefined): Promise<ModificationResponse> {
    return this.oneAtATime(orderNumber, () => this.modifyNow(orderNumber, action, amount));
  }

  split(orderNumber: string, body: SplitRequestBody): Promise<SplitResponse> {
    return this.oneAtATime(orderNumber, () => this.splitNow(orderNumber, body));
  }

  private async modifyNow(orderNumber: string, action: MerchantAction, requested: string | undefined): Promise<ModificationResponse> {
    const { gateway, logger, platform } = this.options;
    // A scheduled refund done meanwhile frees the next one.
    await this.settlePendingRefund(orderNumber);
    const { order, context } = await this.load(orderNumber);
    const plan = planModification(order, action, requested, context);
    if (!plan.ok) throw refused(plan, action);

    // Stated in the order's currency; the gateway takes it in the charge's (a dollar order charged in colones).
    const charge = convertedChargeOf(order);
    const before = action === 'capture' ? order.captured_amount : action === 'refund' ? order.refunded_amount : '0';
    const charged = charge && { chargedAmount: chargedPieceOf(charge, order.currency, before, plan.amount), chargedCurrency: charge.currency };
    let result;
    try {
      result = await gateway.processModification({ orderNumber: order.gateway_order_number ?? orderNumber, type: gatewayType[action] as '1' | '2' | '3', amount: charged?.chargedAmount ?? plan.amount, platform });
    } catch (error) {
      logger.warn({ orderNumber, action, error: (error as Error).message }, 'processModification failed');
      throw gatewayProblem(error, action, true) ?? error;
    }
    const detail = `${action} ${plan.amount} ${order.currency}${charged ? ` (${charged.chargedAmount} ${charged.chargedCurrency})` : ''} · gateway transaction ${result.transactionId}`;
    if (result.deferred) return this.recordDeferred(orderNumber, action, plan.amount, detail, result, charged);
    const updated = await this.record(orderNumber, action, detail, (current) => {
      const next = statusAfter(current, action, plan.minor);
      return { to: next.status, capturedAmount: next.captured, refundedAmount: next.refunded };
    });
    logger.info({ orderNumber, action, amount: plan.amount, ...charged, transactionId: result.transactionId }, 'merchant modification applied');
    return {
      modification: {
        type: action,
        amount: plan.amount,
        ...charged,
        transactionId: result.transactionId,
        reasonCode: result.ReasonCode,
        description: result.ReasonCodeDescription,
        status: 'done',
      },
      order: merchantOrderDetailView(updated),
    };
  }

  /**
   * The gateway scheduled the refund (isModificationDeferred): nothing is refunded yet, and nothing
   * may be sent again. The order keeps it as pending (its history says so) until consult's records
   * show it done (settlePendingRefund). A capture or reversal is never deferred by any known answer:
   * such an answer is not read as done, so it stays the gateway's unexplained word, a 502.
   */
  private async recordDeferred(
    orderNumber: string,
    action: MerchantAction,
    amount: string,
    detail: string,
    result: { transactionId: string; ReasonCode: string; ReasonCodeDescription: string },
    charged: { chargedAmount: string; chargedCurrency: string } | null | undefined,
  ): Promise<ModificationResponse> {
    const { store, clock, logger } = this.options;
    if (action !== 'refund') {
      logger.error({ orderNumber, action, reasonCode: result.ReasonCode }, 'the gateway deferred a modification that is not a refund');
      throw gatewayProblem(new GatewayUnavailableError('processModification', 'invalid_response', true, `the gateway deferred a ${action}`), action, true) ?? new Error(`the gateway deferred a ${action}`);
    }
    for (let round = 0; round < 5; round++) {
      const current = await findOrder(store.db, orderNumber);
      if (!current) throw orderNotFound(orderNumber);
      const written = await recordMerchantChange(store.db, current, {
        to: current.status,
        capturedAmount: current.captured_amount,
        refundedAmount: current.refunded_amount,
        action: 'refund-pending',
        detail: `${detail} · pending: ${result.ReasonCodeDescription || result.ReasonCode}`,
        now: clock.now().toISOString(),
        pendingRefund: { amount, transaction: result.transactionId },
      });
      if (written) break;
    }
    logger.warn({ orderNumber, amount, transactionId: result.transactionId, reasonCode: result.ReasonCode }, 'refund scheduled by the gateway: pending until consult shows it');
    return {
      modification: { type: action, amount, ...charged, transactionId: result.transactionId, reasonCode: result.ReasonCode, description: result.ReasonCodeDescription, status: 'pending' },
      order: merchantOrderDetailView(await this.load(orderNumber)),
    };
  }

  /**
   * A scheduled refund settles when consult lists it done: an approved record of type Refund with the
   * gateway's transaction id, or else of the refund's amount. Until then nothing changes (and no other
   * refund is sent).
   */
  async settlePendingRefund(orderNumber: string): Promise<void> {
    const { store, gateway, clock, logger } = this.options;
    const order = await findOrder(store.db, orderNumber);
    if (!order?.pending_refund_amount) return;
    const pendingAmount = order.pending_refund_amount;
    const transaction = order.pending_refund_transaction ?? '';
    let records;
    try {
      records = await gateway.consult(order.gateway_order_number ?? orderNumber);
    } catch (error) {
      logger.warn({ orderNumber, error: (error as Error).message }, 'pending refund not checked: consult failed');
      return;
    }
    const charge = convertedChargeOf(order);
    const expected = charge ? chargedPieceOf(charge, order.currency, order.refunded_amount, pendingAmount) : pendingAmount;
    const refunds = records.filter((record) => record.type.trim().toLowerCase() === 'refund' && record.code.trim() === approvedCode);
    const done =
      refunds.find((record) => record.id_svc !== null && String(record.id_svc) === transaction) ??
      refunds.find((record) => sameUpstreamMoney(record, { amount: expected, currency: charge?.currency ?? order.currency }));
    if (!done) return;
    const minor = toMinorUnits(pendingAmount, order.currency);
    // Written once: each round re-reads the order, and a settlement another reader wrote meanwhile
    // (the pending refund gone) ends it; the write is conditional on the amounts as read.
    for (let round = 0; round < 5; round++) {
      const current = await findOrder(store.db, orderNumber);
      if (!current || current.pending_refund_transaction !== order.pending_refund_transaction || current.pending_refund_amount !== pendingAmount) return;
      const next = statusAfter(current, 'refund', minor);
      const written = await recordMerchantChange(store.db, current, {
        to: next.status,
        capturedAmount: next.captured,
        refundedAmount: next.refunded,
        action: 'refund',
        detail: `refund ${pendingAmount} ${order.currency} · gateway transaction ${transaction} · done, as consult shows`,
        now: clock.now().toISOString(),
        pendingRefund: null,
      });
      if (written) {
        logger.info({ orderNumber, amount: pendingAmount, transactionId: transaction }, 'scheduled refund done');
        return;
      }
    }
  }

  private async splitNow(orderNumber: string, body: SplitRequestBody): Promise<SplitResponse> {
    const { gateway, logger } = this.options;
    const { order, context } = await this.load(orderNumber);
    const plan = planSplit(order, body.commerces, context);
    if (!plan.ok) throw refused(plan, 'split', 'commerces');
    if (!order.gateway_tpt) throw refused({ ok: false, kind: 'conflict', detail: 'The gateway id of this order is not known yet.' }, 'split');

    let result;
    try {
      result = await gateway.split({
        order_id: order.gateway_tpt,
        // Normalized to the currency's decimals: the gateway reads amounts as decimal strings.
        commerces: body.commerces.map((commerce) => ({
          email: commerce.email,
          amount: canonicalAmount(commerce.amount, order.currency),
        })),
        lang: body.lang,
      }, order.currency);
    } catch (error) {
      logger.warn({ orderNumber, error: (error as Error).message }, 'split failed');
      throw gatewayProblem(error, 'split', true) ?? error;
    }
    const shares = result.response.splitted_orders.map((share) => ({
      gatewayOrderId: String(share.id),
      email: share.commerce_email,
      name: share.commerce_name,
      amount: share.amount,
    }));
    const summary = shares.map((share) => `${share.email} ${share.amount}`).join(', ');
    const updated = await this.record(orderNumber, 'split', splitDetail(`among ${shares.length}: ${summary}`), (current) => ({
      to: current.status,
      capturedAmount: current.captured_amount,
      refundedAmount: current.refunded_amount,
    }));
    return {
      orderNumber,
      gatewayOrderId: order.gateway_tpt,
      currency: order.currency,
      amount: order.amount,
      ownerRemainder: fromMinorUnits(plan.remainderMinor, order.currency),
      shares,
      order: merchantOrderDetailView(updated),
    };
  }

  /**
   * Writes what the gateway already did. The gateway has the last word, so if the order moved
   * meanwhile (another instance), re-read and apply the same action to the fresh amounts.
   */
  private async record(
    orderNumber: string,
    action: MerchantHistoryAction,
    detail: string,
    next: (order: OrderRow) => { to: OrderRow['status']; capturedAmount: string; refundedAmount: string },
  ) {
    const { store, clock } = this.options;
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await findOrder(store.db, orderNumber);
      if (!current) throw orderNotFound(orderNumber);
      const written = await recordMerchantChange(store.db, current, { ...next(current), action, detail, now: clock.now().toISOString() });
      if (written) return this.load(orderNumber);
    }
    throw new Error(`could not record a merchant change of ${orderNumber}: the order kept changing`);
  }

  private async oneAtATime<T>(orderNumber: string, work: () => Promise<T>): Promise<T> {
    const before = this.running.get(orderNumber) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(work);
    this.running.set(orderNumber, mine);
    try {
      return await mine;
    } finally {
      if (this.running.get(orderNumber) === mine) this.running.delete(orderNumber);
    }
  }
}

/**
 * An amount the gateway gives as a JSON number (gateway-api.md §2.4, §4.6), read through
 * contract/money.ts upstreamAmount (exact, never float arithmetic; half up): 12.5 → "12.50".
 */
export function gatewayNumberAmount(value: number, currency: string): string {
  return upstreamAmount(value, currency);
}
