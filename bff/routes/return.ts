// GET /v1/return: the gateway sends the buyer back here. Anyone can send this request with any
// order number, so it is a hint, never evidence (ARCHITECTURE.md flow 4): the OrderHash is verified
// with our own amount, currency and e-mail; consult decides the outcome (through the per-order single
// flight and interval, so a storm of forged redirects costs at most one consult per interval); only a
// confirmed redirect (hash verified, or consult found the payment it names) gets a status token, in
// the fragment of the 303 to the merchant's page (never in a server log).
import { chargedMoneyOf } from '../payments/charged-money.ts';
import { tagOrder } from '../lib/observability/log-context.ts';
import { Hono } from 'hono';
import { paymentRedirectQuery } from '../../contract/gateway/index.ts';
import { approvedCode, carriesCancelFlag, isBuyerCancelCode, pendingCode } from '../../contract/gateway-facts.ts';
import { noteCancelFlag } from '../payments/lifecycle/unit-of-work.ts';
import { cardOfRedirect, showRedirectCard } from '../payments/orders/card-on-record.ts';
import { base64ToBytes, isStrictBase64 } from '../../contract/base64.ts';
import { verifyOrderHashV2 } from '../../contract/order-hash.ts';
import { resultFragmentParameter } from '../../contract/bff-api.ts';
import { isAwaitingOutcome, isRetryableStatus, isUnderReview } from '../payments/orders/order-rules.ts';
import { mayHavePageOut } from '../payments/attempt-transitions.ts';
import { recordOrderChange } from '../payments/orders/record-outcome.ts';
import type { ConsultResult } from '../payments/orders/status-refresher.ts';
import { findAttemptByGatewayOrderNumber, findAttemptByReturnRef } from '../store/attempts.ts';
import { findOrder } from '../store/orders.ts';
import type { OrderWithAttempt, PaymentAttemptRow } from '../store/schema.ts';
import type { Services } from '../services.ts';
import { noReturnAddressPage, unknownOrderPage } from './return-page.ts';
import { describeRoute } from '../http/openapi/route-doc.ts';
import { checkoutDocs } from '../http/openapi/checkout-openapi.ts';

type RedirectQuery = Record<string, string>;

interface RedirectTarget {
  order: OrderWithAttempt;
  /** The attempt the redirect is about; undefined for an order that never opened one. */
  attempt: PaymentAttemptRow | undefined;
  /**
   * The redirect carried the attempt's returnData: a random reference only the gateway and the buyer's
   * browser ever see. The order number and tpt are no such proof (tpt is a sequential id).
   */
  carriesReturnRef: boolean;
}

async function targetOfRedirect(services: Pick<Services, 'store'>, query: RedirectQuery): Promise<RedirectTarget | undefined> {
  const { db } = services.store;
  let attempt: PaymentAttemptRow | undefined;
  if (query.returnData) {
    const bytes = isStrictBase64(query.returnData) ? base64ToBytes(query.returnData) : undefined;
    const ref = bytes ? new TextDecoder().decode(bytes) : undefined;
    if (ref) attempt = await findAttemptByReturnRef(db, ref);
  }
  const carriesReturnRef = attempt !== undefined;
  if (!attempt && query.order) attempt = await findAttemptByGatewayOrderNumber(db, query.order);
  const order = await findOrder(db, attempt?.order_number ?? query.order ?? '');
  return order ? { order, attempt, carriesReturnRef } : undefined;
}

async function hashIsValid(services: Pick<Services, 'config'>, { order, attempt }: RedirectTarget, query: RedirectQuery): Promise<boolean> {
  const { config } = services;
  const given = query.OrderHash;
  const tpt = query.tpt;
  // Amount, currency (the attempt's charge) and e-mail come from OUR record; only tpt, code and auth from the query.
  if (!attempt || !given || !tpt || !order.email || query.order !== attempt.gateway_order_number) return false;
  return verifyOrderHashV2(
    {
      tpt,
      apiKey: config.GATEWAY_API_KEY,
      apiUser: config.GATEWAY_API_USER,
      apiPassword: config.GATEWAY_API_PASSWORD,
      orderNumber: attempt.gateway_order_number,
      // The attempt's charge: a dollar order charged in colones was hashed in colones.
      ...chargedMoneyOf(attempt, order),
      responseCode: query.code ?? '',
      auth: query.auth ?? '',
      email: order.email,
    },
    given,
  );
}

/**
 * An order in review whose current card page is still out: the review is about other money (a
 * superseded page paid), and this page's own payment may still settle it.
 */
function waitsForItsPage(order: OrderWithAttempt): boolean {
  return isUnderReview(order.status) && order.attempt_method === 'card' && order.attempt_status !== null && mayHavePageOut(order.attempt_status);
}

function withResultFragment(returnUrl: string, statusToken: string): string {
  const url = new URL(returnUrl);
  url.hash = `${resultFragmentParameter}=${statusToken}`;
  return url.toString();
}

/** Consult found the very payment the redirect names (its tpt): the redirect's outcome is confirmed. */
function consultNamesIt(result: ConsultResult | undefined, query: RedirectQuery): boolean {
  return result?.kind === 'recorded' && query.tpt !== undefined && query.tpt !== '' && result.outcome.tpt === query.tpt;
}

export type ReturnRoutesDeps = Pick<Services, 'store' | 'tokens' | 'statuses' | 'clock' | 'logger' | 'config' | 'allowedOrigins'>;

export function returnRoutes(services: ReturnRoutesDeps) {
  const { tokens, statuses, clock, logger } = services;

  /** Learns what the redirect's attempt came to; true when the redirect's outcome is confirmed. */
  async function settle(target: RedirectTarget, query: RedirectQuery, verified: boolean): Promise<boolean> {
    const { order, attempt } = target;
    // A later attempt superseded this one: its outcome no longer decides the order. An unverified
    // redirect may only cause what polling may, so a status the merchant decided stays decided.
    const mayAskGateway = verified ? isAwaitingOutcome(order.status) || isRetryableStatus(order.status) || waitsForItsPage(order) : statuses.needsGateway(order);
    // A page a later attempt replaced (Back, a second tab) may still have been paid: that money is
    // found now and goes to review (orders/record-outcome.ts), whatever the order's status.
    const supersededPage = attempt !== undefined && attempt.number !== order.attempt_number && attempt.method === 'card' && mayHavePageOut(attempt.status);
    if (!attempt || !(supersededPage || (attempt.number === order.attempt_number && mayAskGateway))) {
      // Settled already (a repeated redirect changes nothing), or nothing was ever asked of the gateway.
      // A token reads the amount, auth code and card: only the buyer's own redirect earns one.
      return verified || target.carriesReturnRef;
    }
    // A verified redirect deserves a fresh answer; an unverified one may only cause what polling may.
    const result = verified
      ? await statuses.consultFresh(order.order_number, attempt.number, 'return')
      : await statuses.consultWithinInterval(order.order_number, attempt.number, 'return');
    const named = consultNamesIt(result, query);
    if (!verified && named && result?.kind === 'recorded' && result.outcome.approved) {
      // The amount format of the hash is uncertain (gateway-facts.md): consult is the truth, so warn only.
      logger.warn({ orderNumber: order.order_number, attempt: attempt.number }, 'redirect OrderHash did not verify, consult confirms the payment');
    }
    if (verified && result?.kind === 'no-payment' && query.code !== approvedCode && query.code !== pendingCode) {
      // A verified decline that consult does not list yet: the redirect itself is evidence. Its code
      // is signed, so a cancel code (isBuyerCancelCode) is a cancel; its cancel flag is not signed,
      // so the flag changes nothing here.
      const to = isBuyerCancelCode(query.code ?? '') ? 'cancelled' : 'declined';
      await recordOrderChange(services.store, order.order_number, {
        to,
        evidence: 'redirect',
        source: 'return',
        detail: `verified redirect, gateway code ${query.code ?? ''}`,
        now: clock.now().toISOString(),
        attempt: { number: attempt.number, status: to, fields: { gateway_tpt: query.tpt ?? null, gateway_code: query.code ?? null, status_message: query.description ?? null } },
      });
    }
    if (carriesCancelFlag(query) && (verified || target.carriesReturnRef)) {
      // The buyer's own redirect says they cancelled: the words they read while consult does not say yet.
      await noteCancelFlag(services.store.db, order.order_number, attempt.number, clock.now().toISOString());
    }
    // consult naming the tpt confirms the outcome, not the caller: tpt can be guessed, returnData cannot.
    return verified || (named && target.carriesReturnRef);
  }

  return new Hono().get('/return', describeRoute(checkoutDocs.gatewayReturn), async (c) => {
    const query = c.req.query();
    const target = await targetOfRedirect(services, query);
    if (!target) return unknownOrderPage(c);
    tagOrder(target.order.order_number);
    const verified = paymentRedirectQuery.safeParse(query).success && (await hashIsValid(services, target, query));
    const confirmed = await settle(target, query, verified);
    const redirectCard = cardOfRedirect(query);
    // The buyer's own confirmed redirect may name the card consult left out: for the result page only.
    if (confirmed && redirectCard && target.attempt?.number === target.order.attempt_number) await showRedirectCard(services.store.db, target.order.order_number, redirectCard);
    if (!confirmed) logger.info({ orderNumber: target.order.order_number }, 'unconfirmed redirect: no status token');

    const order = target.order;
    if (!services.allowedOrigins.includes(new URL(order.return_url).origin)) return noReturnAddressPage(c, order.locale);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    if (!confirmed) return c.redirect(order.return_url, 303);
    const status = await tokens.signStatus(order.order_number);
    return c.redirect(withResultFragment(order.return_url, status.token), 303);
  });
}
