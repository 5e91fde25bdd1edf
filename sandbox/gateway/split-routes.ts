import { approvedCode, gatewayResponseTypes } from '../../contract/gateway-facts.ts';
import { Hono } from 'hono';
import { splitRequest } from '../../contract/gateway/index.ts';
import { fromMinorUnits } from '../../contract/money.ts';
import { operation } from '../control/operation.ts';
import type { SandboxState } from '../state.ts';
import { gatewayFailure, readGatewayBody, requireApiToken } from './gateway-http.ts';
import type { GatewayOrder } from './ledger.ts';
import { planSplit } from './split-rules.ts';

/**
 * POST /api/v1/orders/liquidation/split (gateway-api.md §4.6). `order_id` is the gateway's
 * id of the order (tpt); the merchant's orderNumber is accepted too. Each share becomes an
 * approved order numbered `SL|<orderNumber>` (gateway-facts.md, Split), visible in consult.
 */
export function splitRoutes(state: SandboxState) {
  const owner = state.settings.merchant;
  const findOrder = (orderId: string): GatewayOrder | undefined => {
    const byTpt = /^\d+$/.test(orderId) ? state.ledger.byTpt(Number(orderId)) : undefined;
    return byTpt?.status === 'approved' ? byTpt : state.ledger.approvedByOrderNumber(orderId) ?? byTpt;
  };

  return new Hono().post(
    '/api/v1/orders/liquidation/split',
    operation('split', state, 'gateway', async (c) => {
      try {
        const body = (await c.req.json()) as { order_id?: unknown };
        const order = typeof body.order_id === 'string' ? findOrder(body.order_id) : undefined;
        return order?.orderNumber;
      } catch {
        return undefined;
      }
    }),
    requireApiToken(state),
    async (c) => {
      const read = await readGatewayBody(c, splitRequest);
      if (!read.ok) return read.response;
      const body = read.body;
      const order = findOrder(String(body.order_id));
      const commerces = body.commerces.map((commerce: { email: string; amount: string | number }) => ({ email: commerce.email, amount: String(commerce.amount) }));
      const plan = planSplit(order, owner.apiUser, commerces);
      if (!plan.ok || !order) return gatewayFailure(c, gatewayResponseTypes.integrationError, plan.ok ? 'Order not found' : plan.message, { description: 'Split refused' });
      order.splitDone = true;
      const splitted = plan.parts.map((part) => {
        const share = state.ledger.create({
          orderNumber: `SL|${order.orderNumber}`,
          amount: fromMinorUnits(part.minor, order.currency),
          currency: order.currency,
          email: part.email,
          captureRequested: true,
          redirect: order.redirect,
          returnData: undefined,
          subscription: false,
          source: 'split',
        });
        state.ledger.settle(share, 'approved', { code: approvedCode, description: 'Approved', auth: order.outcome?.auth ?? '', cardToken: '' }, order.card);
        return {
          id: share.tpt,
          amount: Number(share.amount),
          commerce_name: part.isOwner ? 'Sandbox Demo Merchant' : commerceName(part.email),
          commerce_email: part.email,
        };
      });
      return c.json({
        type: gatewayResponseTypes.ok,
        message: 'Split completed',
        description: `Order ${order.orderNumber} split among ${splitted.length} commerces`,
        response: {
          total_order_splitted: splitted.length,
          order_id: order.tpt,
          order_number: order.orderNumber,
          order_key: state.random.hex(32),
          order_currency: order.currency,
          order_amount: order.amount,
          splitted_orders: splitted,
        },
      });
    },
  );
}

/** A readable commerce name for a share whose owner the sandbox does not know. */
function commerceName(email: string): string {
  return email.split('@')[0] ?? email;
}
