// Exactly one processPayment per payment attempt. The database decides who calls the gateway
// (claimAttempt: a conditional UPDATE only one caller wins, in any process); everyone else waits
// for the winner's hosted URL. A call that may have reached the gateway is never repeated under its
// attempt's number: the attempt is left for consult to reconcile. After a declined or cancelled
// attempt, the next checkout opens the next attempt under a new gateway order number; so does a
// checkout that finds a hosted page already out (the buyer came Back from it, or pressed "Pay" in
// a second tab): the same order, a new attempt, and the old page's money, if it ever comes, is the
// superseded attempt's (orders/record-outcome.ts: never a second approval).
import { ZodError } from 'zod';
import type { Address, BillingAddress } from '../../contract/address.ts';
import { GatewayError, GatewayUnavailableError } from '../gateway/errors.ts';
import type { GatewayClient } from '../gateway/client.ts';
import { navigableGatewayUrl } from '../gateway/navigable-url.ts';
import { DomainError, invalidField, notAllowed, unavailable, upstreamRefused } from '../lib/domain-error.ts';
import { SingleFlight } from '../lib/single-flight.ts';
import type { Clock } from '../lib/observability/clock.ts';
import type { Logger } from '../lib/observability/logger.ts';
import { gatewayOrderNumberOf } from '../../contract/gateway-facts.ts';
import { claimAttempt } from './lifecycle/unit-of-work.ts';
import { settleAttemptClaim } from './claim-settlement.ts';
import { findOrder } from '../store/orders.ts';
import type { PaymentAttemptRow } from '../store/schema.ts';
import { attemptDecision, nextAttemptOver } from './attempt-rules.ts';
import type { Store } from '../store/database.ts';
import type { OrderWithAttempt } from '../store/schema.ts';
import { processPaymentRequestOf, type ProcessPaymentSettings } from './process-payment-request.ts';
import type { ChargedMoney } from './charged-money.ts';

export interface Checkout {
  billing: BillingAddress;
  shipping: Address;
  locale: string | null;
  /** What to charge the card (charged-money.ts chargeFor); the order's own money when absent. */
  charge?: ChargedMoney;
}

export interface PaymentStarterOptions {
  store: Store;
  gateway: GatewayClient;
  clock: Clock;
  logger: Logger;
  settings: ProcessPaymentSettings;
  /** Attempts an order may have (MAX_PAYMENT_ATTEMPTS). */
  maxAttempts: number;
  /** NODE_ENV=production: the hosted page must be https (no loopback http, as the sandbox's). */
  production: boolean;
  /** GATEWAY_HOSTED_PAGE_HOSTS: the hosts a hosted page may be on; another is an unreadable answer. */
  hostedPageHosts: readonly string[];
  /** How long a repeat waits for another process's claim before giving up (ms). */
  claimWaitMs: number;
  /** How often a repeat re-reads a claim held by another process (ms). */
  claimPollMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function paymentNotConfirmed(detail: string): DomainError {
  return unavailable('Payment service unavailable', detail, 2);
}

export class PaymentStarter {
  /** Same-process repeats share the winner's promise instead of polling the database. */
  private readonly starting = new SingleFlight<string, string>();

  constructor(private readonly options: PaymentStarterOptions) {}

  /**
   * The hosted page of a new attempt of the order: the first, the next after a decline or cancel, or
   * the one after the page this checkout found out (`order` as the request read it). Callers that
   * overlap share one attempt: the same URL for all of them.
   */
  hostedUrlFor(order: OrderWithAttempt, checkout: Checkout): Promise<string> {
    const decision = attemptDecision(order, this.options.maxAttempts);
    const superseding = decision.kind === 'page' ? order.attempt_number : undefined;
    return this.starting.run(order.order_number, () => this.claimOrWait(order.order_number, checkout, superseding));
  }

  /** `superseding`: the attempt whose page the caller found out, which a new attempt replaces (not another caller's newer page). */
  private async claimOrWait(orderNumber: string, checkout: Checkout, superseding?: number): Promise<string> {
    const { store, clock } = this.options;
    const deadline = clock.now().getTime() + this.options.claimWaitMs;
    for (;;) {
      const order = await findOrder(store.db, orderNumber);
      if (!order) throw new Error(`order ${orderNumber} vanished`);
      const found = attemptDecision(order, this.options.maxAttempts);
      const decision = found.kind === 'page' && order.attempt_number === superseding ? nextAttemptOver(order, this.options.maxAttempts) : found;
      switch (decision.kind) {
        case 'page':
          return decision.url;
        case 'transfer':
          throw transferAwaited();
        case 'confirming':
          throw paymentNotConfirmed('The payment request is being confirmed with the gateway. Check the order status.');
        case 'closed':
          throw orderClosed(`This order is ${order.status}; it can no longer be paid.`);
        case 'exhausted':
          throw orderClosed(`This order was tried ${decision.attempts} times, the most allowed. Start a new checkout.`);
        case 'open': {
          const claimId = crypto.randomUUID();
          const attempt = await claimAttempt(store.db, order, {
            number: decision.number,
            gatewayOrderNumber: gatewayOrderNumberOf(orderNumber, decision.number),
            returnRef: decision.number === 1 ? order.return_ref : crypto.randomUUID(),
            claimId,
            email: checkout.billing.email,
            locale: checkout.locale,
            now: clock.now().toISOString(),
            ...(checkout.charge && { charge: checkout.charge }),
          });
          if (attempt) return this.callGateway(order, attempt, claimId, checkout);
          break; // someone else changed the order first: read it again
        }
        case 'wait':
          if (clock.now().getTime() > deadline) {
            throw paymentNotConfirmed('The payment page is still being prepared. Try again in a moment.');
          }
          await sleep(this.options.claimPollMs ?? 50);
          break;
      }
    }
  }

  private async callGateway(seen: OrderWithAttempt, attempt: PaymentAttemptRow, claimId: string, checkout: Checkout): Promise<string> {
    const { store, gateway, clock, logger } = this.options;
    const orderNumber = seen.order_number;
    const claim = { claimId, number: attempt.number, from: seen.status };
    try {
      // The language of this checkout (the row read before the claim may hold an earlier one's).
      const request = processPaymentRequestOf({ ...seen, locale: checkout.locale }, attempt, checkout.billing, checkout.shipping, this.options.settings);
      const created = await gateway.processPayment(request);
      let hostedUrl: string;
      try {
        hostedUrl = navigableGatewayUrl(created.url, 'hosted payment page', { production: this.options.production, logger, hosts: this.options.hostedPageHosts });
      } catch (refusal) {
        // The page exists at the gateway but no browser may be sent there: never re-sent, reconciled.
        await settleAttemptClaim(store.db, orderNumber, claim, { state: 'unknown', error: 'the gateway answered a URL a browser may not follow', now: clock.now().toISOString() });
        throw refusal;
      }
      const kept = await settleAttemptClaim(store.db, orderNumber, claim, { state: 'created', hostedUrl, now: clock.now().toISOString() });
      // The claim was taken from us (the reconciler closed the attempt as interrupted, or a late
      // approval settled the order): a page for an attempt we no longer track must not reach the buyer.
      if (!kept) throw orderClosed('This order can no longer be paid.');
      return hostedUrl;
    } catch (error) {
      if (error instanceof DomainError) throw error;
      const now = clock.now().toISOString();
      if (error instanceof GatewayError) {
        // The gateway answered with a refusal: nothing was created, so a later attempt is safe.
        await settleAttemptClaim(store.db, orderNumber, claim, { state: 'none', error: `${error.type}: ${error.message}`, now });
        logger.warn({ orderNumber, attempt: attempt.number, type: error.type, error: error.message }, 'processPayment refused');
        throw upstreamRefused('Payment request refused', 'The payment gateway refused the payment request.');
      }
      if (error instanceof ZodError) {
        // Our request failed its own contract before anything was sent.
        await settleAttemptClaim(store.db, orderNumber, claim, { state: 'none', error: 'request failed its contract', now });
        throw error;
      }
      if (error instanceof GatewayUnavailableError && !error.mayHaveExecuted) {
        await settleAttemptClaim(store.db, orderNumber, claim, { state: 'none', error: error.message, now });
        throw paymentNotConfirmed('The payment gateway is unavailable. Try again in a moment.');
      }
      // Timeout, 5xx, broken answer, or a bug after sending: it may exist at the gateway. Never re-send.
      await settleAttemptClaim(store.db, orderNumber, claim, {
        state: 'unknown',
        error: error instanceof Error ? error.message : String(error),
        now,
      });
      logger.error({ orderNumber, attempt: attempt.number, error: error instanceof Error ? error.message : String(error) }, 'processPayment outcome unknown; reconciling via consult');
      throw paymentNotConfirmed('The payment request is being confirmed with the gateway. Check the order status.');
    }
  }
}

/** One attempt at a time: while a SINPE Móvil transfer is awaited, no card page is opened. */
function transferAwaited(): DomainError {
  return invalidField('method', 'A SINPE Móvil transfer is awaited for this order; a card payment can start once it has lapsed or failed.', 'attempt_open');
}

function orderClosed(detail: string): DomainError {
  return notAllowed('Order closed', detail);
}
