// /v1/merchant/orders: the list with filters, the detail with history, and the actions on one
// order (capture, refund, reverse, split). Every POST carries an Idempotency-Key.
import { Hono } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { ProblemException } from '../http/problem.ts';
import { validate } from '../http/validation.ts';
import type { Services } from '../services.ts';
import { modificationRequest, orderListQuery, splitRequest, type OrderListResponse } from '../../contract/merchant-api.ts';
import { merchantOrderDetailView, merchantOrderView } from './merchant-order-view.ts';
import { bankPaymentsOf } from '../sinpe/bank-payments-routes.ts';
import type { MerchantAction } from './modification-rules.ts';

const merchantActions: readonly MerchantAction[] = ['capture', 'refund', 'reverse'];
import { OrderModifier } from './order-modifier.ts';
import { ruleContextOf } from './change-history.ts';
import { decideReview } from './review-decision.ts';
import { reviewDecisionRequest } from '../../contract/merchant-review.ts';
import { decodeCursor, encodeCursor, historiesOf, listOrders } from './order-queries.ts';
import { linkPaymentOrderView, listLinkPayments, newestFirst } from './link-payment-orders.ts';
import { webhookDb } from '../store/webhook-tables.ts';
import { describeRoute } from '../http/openapi/route-doc.ts';
import { merchantDocs } from './merchant-openapi.ts';
import { withBusinessDayBounds } from '../lib/business-day.ts';

export type MerchantOrderRoutesDeps = Pick<Services, 'store' | 'clock' | 'statuses' | 'gateway' | 'logger' | 'config' | 'merchantIdempotency'>;

export function merchantOrderRoutes(services: MerchantOrderRoutesDeps) {
  const idempotent = services.merchantIdempotency.required;
  const { store, clock, statuses, gateway, logger, config } = services;
  const modifier = new OrderModifier({ store, gateway, clock, logger, platform: config.GATEWAY_PLATFORM });

  const routes = new Hono()
    .get('/orders', describeRoute(merchantDocs.listOrders), validate('query', orderListQuery), async (c) => {
      const query = withBusinessDayBounds(c.req.valid('query'), config.BUSINESS_TIME_ZONE);
      const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      if (query.cursor !== undefined && !cursor) {
        throw new ProblemException(400, {
          type: problemTypes.validation,
          title: 'Invalid request',
          detail: 'The cursor is not one this API returned.',
          errors: [{ path: 'cursor', message: 'Use nextCursor from the previous page.', code: 'invalid_cursor' }],
        });
      }
      const now = clock.now();
      const { orders, more } = await listOrders(store.db, query, cursor, now);
      const linkPayments = await listLinkPayments(webhookDb(store), query, cursor);
      const histories = await historiesOf(store.db, orders.map((order) => order.order_number));
      // Two lists on the same keyset, merged: the page ends where the limit cuts the merged order.
      const merged = [
        ...orders.map((order) => merchantOrderView(order, ruleContextOf(order, histories.get(order.order_number) ?? [], now))),
        ...linkPayments.map(linkPaymentOrderView),
      ].sort(newestFirst);
      const items = merged.slice(0, query.limit);
      const last = items.at(-1);
      const response: OrderListResponse = {
        items,
        nextCursor: (more || merged.length > query.limit) && last ? encodeCursor({ created_at: last.createdAt, order_number: last.orderNumber }) : null,
      };
      c.header('Cache-Control', 'no-store');
      return c.json(response);
    })
    .get('/orders/:orderNumber', describeRoute(merchantDocs.getOrder), async (c) => {
      const { order } = await modifier.load(c.req.param('orderNumber'));
      // An open order may have been paid meanwhile: the same single-flight consult the widget uses.
      await statuses.refresh(order, 'merchant_read');
      // A refund the gateway scheduled may be done by now.
      await modifier.settlePendingRefund(order.order_number);
      const fresh = await modifier.load(order.order_number);
      c.header('Cache-Control', 'no-store');
      return c.json({ ...merchantOrderDetailView(fresh), bankPayments: await bankPaymentsOf(store, order.order_number) });
    });
  // One static path per action (not `:action{capture|refund|reverse}` beside `/split`): that pair
  // is ambiguous for Hono's RegExpRouter, which then gives way to the slower TrieRouter for every
  // route of the app.
  for (const action of merchantActions) {
    routes.post(`/orders/:orderNumber/${action}`, describeRoute(merchantDocs[`${action}Order`]), idempotent, validate('json', modificationRequest), async (c) =>
      c.json(await modifier.modify(c.req.param('orderNumber'), action, c.req.valid('json').amount)),
    );
  }
  routes.post('/orders/:orderNumber/review', describeRoute(merchantDocs.decideReview), idempotent, validate('json', reviewDecisionRequest), async (c) => {
    const orderNumber = c.req.param('orderNumber');
    await decideReview(store, clock, orderNumber, c.req.valid('json'));
    const fresh = await modifier.load(orderNumber);
    return c.json(merchantOrderDetailView(fresh));
  });
  return routes.post('/orders/:orderNumber/split', describeRoute(merchantDocs.splitOrder), idempotent, validate('json', splitRequest), async (c) => {
    return c.json(await modifier.split(c.req.param('orderNumber'), c.req.valid('json')));
  });
}
