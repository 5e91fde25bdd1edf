// GET /v1/return: the gateway sends the buyer back here. Verify the OrderHash with our own amount,
// currency and e-mail; confirm with consult (the truth); record once; 303 to the merchant's page
// with the status token in the fragment (never in a server log).
import { Hono } from 'hono';
import { paymentRedirectQuery } from '../../contract/gateway/index.ts';
import { approvedCode } from '../../contract/gateway-facts.ts';
import { base64ToBytes } from '../../contract/base64.ts';
import { verifyOrderHashV2 } from '../../contract/order-hash.ts';
import { isFinalOrderStatus, resultFragmentParameter } from '../../contract/bff-api.ts';
import { recordOpenOrderChange } from '../orders/record-outcome.ts';
import { findOrder, findOrderByReturnRef } from '../store/orders.ts';
import type { OrderRow } from '../store/schema.ts';
import type { Services } from '../services.ts';
import { noReturnAddressPage, unknownOrderPage } from './return-page.ts';

type RedirectQuery = Record<string, string>;

async function orderOfRedirect(services: Services, query: RedirectQuery): Promise<OrderRow | undefined> {
  const returnData = query.returnData;
  if (returnData) {
    const bytes = base64ToBytes(returnData);
    const ref = bytes ? new TextDecoder().decode(bytes) : undefined;
    const order = ref ? await findOrderByReturnRef(services.store.db, ref) : undefined;
    if (order) return order;
  }
  return query.order ? findOrder(services.store.db, query.order) : undefined;
}

async function hashIsValid(services: Services, order: OrderRow, query: RedirectQuery): Promise<boolean> {
  const { config } = services;
  const given = query.OrderHash;
  const tpt = query.tpt;
  // Amount, currency and e-mail come from OUR record; only tpt, code and auth from the query.
  if (!given || !tpt || !order.email || query.order !== order.order_number) return false;
  return verifyOrderHashV2(
    {
      tpt,
      apiKey: config.GATEWAY_API_KEY,
      apiUser: config.GATEWAY_API_USER,
      apiPassword: config.GATEWAY_API_PASSWORD,
      orderNumber: order.order_number,
      amount: order.amount,
      currency: order.currency,
      responseCode: query.code ?? '',
      auth: query.auth ?? '',
      email: order.email,
    },
    given,
  );
}

function withResultFragment(returnUrl: string, statusToken: string): string {
  const url = new URL(returnUrl);
  url.hash = `${resultFragmentParameter}=${statusToken}`;
  return url.toString();
}

export function returnRoutes(services: Services) {
  const { tokens, statuses, clock, logger } = services;

  return new Hono().get('/v1/return', async (c) => {
    const query = c.req.query();
    const order = await orderOfRedirect(services, query);
    if (!order) return unknownOrderPage(c);

    // A repeated redirect for a settled order changes nothing: just send the buyer on.
    if (!isFinalOrderStatus(order.status)) {
      const parsed = paymentRedirectQuery.safeParse(query);
      const validHash = parsed.success && (await hashIsValid(services, order, query));
      if (parsed.success && query.code === approvedCode && !validHash) {
        // A forged or garbled "approved": never approve on it. A person has to look.
        logger.warn({ orderNumber: order.order_number }, 'redirect claims approval with a bad or missing OrderHash; order to review');
        await recordOpenOrderChange(services.store, order.order_number, {
          to: 'review',
          source: 'return',
          detail: 'approved redirect failed OrderHash verification',
          now: clock.now().toISOString(),
          fields: { status_message: 'Payment under review.' },
        });
      } else {
        // Whatever the redirect says, consult decides (and counts toward the status interval).
        await statuses.consultFresh(order.order_number);
      }
    }

    if (!services.allowedOrigins.includes(new URL(order.return_url).origin)) return noReturnAddressPage(c, order.locale);
    const status = await tokens.signStatus(order.order_number);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(withResultFragment(order.return_url, status.token), 303);
  });
}
