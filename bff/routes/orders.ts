// GET /v1/orders/{orderNumber}: the order's status from our store; while it is open, refreshed
// from the gateway at most once per order per interval (StatusRefresher), whoever polls. A final
// order's answer is kept for a second (FinalStatusViews): a buyer's page polls every two seconds,
// and the status lane (status-lane.ts) serves the kept answer again ahead of the middleware chain.
import { Hono, type Context } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { bearerToken } from '../auth/bearer.ts';
import { verifyStatusReader } from '../auth/session.ts';
import { ProblemException } from '../http/problem.ts';
import { expireIfAbandoned } from '../orders/abandoned-session.ts';
import type { FinalStatusViews } from '../orders/final-status-views.ts';
import { findOrder } from '../store/orders.ts';
import type { Services } from '../services.ts';
import { sinpeAvailable, withLapsedTransferExpired } from '../sinpe/transfer-attempts.ts';
import { sinpeSettingsOf } from '../sinpe/sinpe-config.ts';
import { localAmountOf } from '../exchange-rates/current-rate.ts';
import { orderStatusView } from './order-view.ts';

export function orderRoutes(services: Services, finalViews: FinalStatusViews) {
  const { store, tokens, statuses, clock, config } = services;
  const answer = (c: Context, body: string) => {
    c.header('Cache-Control', 'no-store');
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  };

  return new Hono().get('/orders/:orderNumber', async (c) => {
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
    if (kept) return answer(c, kept);
    const stored = await findOrder(store.db, orderNumber);
    if (!stored) {
      throw new ProblemException(404, { type: problemTypes.notFound, title: 'Not found', detail: 'No such order.' });
    }
    const order = await withLapsedTransferExpired(store, await expireIfAbandoned(store, clock, await statuses.refresh(stored), { announceUnattempted: config.MERCHANT_WEBHOOK_UNATTEMPTED_EXPIRY }), clock.now());
    const local = await localAmountOf(store.db, order, services.exchangeRates, clock.now());
    const view = orderStatusView(order, { maxAttempts: config.MAX_PAYMENT_ATTEMPTS, now: clock.now(), sinpeOffered: sinpeAvailable(order, sinpeSettingsOf(config), local), local });
    const body = JSON.stringify(view);
    if (view.final) finalViews.remember(orderNumber, body);
    return answer(c, body);
  });
}
