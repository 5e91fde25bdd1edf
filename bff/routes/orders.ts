// GET /v1/orders/{orderNumber}: the order's status from our store; while it is open, refreshed
// from the gateway at most once per order per interval (StatusRefresher), whoever polls. A final
// order's answer is kept for a second (FinalStatusViews): a buyer's page polls every two seconds.
// A final answer carries its entity tag and `Cache-Control: private, no-cache`: the browser keeps it
// and revalidates each poll with If-None-Match, answered 304 without a body. An open order's answer
// is `no-store`: it is about to change.
import { Hono, type Context } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { bearerToken } from '../http/auth/bearer.ts';
import { verifyStatusReader } from '../http/auth/session.ts';
import { ProblemException } from '../http/problem.ts';
import { expireIfAbandoned } from '../payments/orders/abandoned-session.ts';
import type { FinalStatusView } from '../payments/orders/final-status-views.ts';
import { findOrder } from '../store/orders.ts';
import type { Services } from '../services.ts';
import { sinpeAvailable, withLapsedTransferExpired } from '../sinpe/transfer-attempts.ts';
import { sinpeSettingsOf } from '../sinpe/sinpe-config.ts';
import { localAmountOf } from '../payments/exchange-rates/current-rate.ts';
import { orderStatusView } from './order-view.ts';
import { describeRoute } from '../http/openapi/route-doc.ts';
import { checkoutDocs } from '../http/openapi/checkout-openapi.ts';

export type OrderRoutesDeps = Pick<Services, 'store' | 'tokens' | 'statuses' | 'clock' | 'config' | 'exchangeRates' | 'finalViews'>;

export function orderRoutes(services: OrderRoutesDeps) {
  const { finalViews } = services;
  const { store, tokens, statuses, clock, config } = services;
  const openAnswer = (c: Context, body: string) => c.body(body, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  const finalAnswer = (c: Context, view: FinalStatusView) => {
    const headers = { ETag: view.etag, 'Cache-Control': 'private, no-cache' };
    if (ifNoneMatchIncludes(c.req.header('If-None-Match'), view.etag)) return c.body(null, 304, headers);
    return c.body(view.body, 200, { ...headers, 'Content-Type': 'application/json' });
  };

  return new Hono().get('/orders/:orderNumber', describeRoute(checkoutDocs.getOrderStatus), async (c) => {
    const orderNumber = c.req.param('orderNumber');
    const claims = await verifyStatusReader(tokens, bearerToken(c));
    if (claims.orderNumber !== orderNumber) {
      throw new ProblemException(403, {
        type: problemTypes.forbidden,
        title: 'Forbidden',
        detail: 'This token does not grant access to this order.',
      });
    }
    const kept = finalViews.get(orderNumber);
    if (kept) return finalAnswer(c, kept);
    const stored = await findOrder(store.db, orderNumber);
    if (!stored) {
      throw new ProblemException(404, { type: problemTypes.notFound, title: 'Not found', detail: 'No such order.' });
    }
    const order = await withLapsedTransferExpired(store, await expireIfAbandoned(store, clock, await statuses.refresh(stored, 'poll'), { announceUnattempted: config.MERCHANT_WEBHOOK_UNATTEMPTED_EXPIRY }), clock.now());
    const local = await localAmountOf(store.db, order, services.exchangeRates, clock.now());
    const view = orderStatusView(order, { maxAttempts: config.MAX_PAYMENT_ATTEMPTS, now: clock.now(), sinpeOffered: sinpeAvailable(order, sinpeSettingsOf(config), local), local });
    const body = JSON.stringify(view);
    return view.final ? finalAnswer(c, finalViews.remember(orderNumber, body)) : openAnswer(c, body);
  });
}

/** Whether an If-None-Match header names this tag (or `*`); weak comparison, as RFC 9110 §13.1.2 asks. */
export function ifNoneMatchIncludes(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
