// Back from the hosted page (`#svc-result=<status token>`), the status the shopper came back for is
// asked by the first script as soon as the element knows its BFF, beside the lazy parts (the rules,
// the flow, the page's words, the order's watch) instead of after them: on a slow phone those parts
// are several round trips, and the answer is what the shopper waits for. The flow takes this answer
// as its first poll (checkout-flow.ts) and still removes the token from the address bar and keeps it.
import type { OrderStatusResponse } from '../contract/bff-api.ts';
import { orderNumberOfStatusToken, resultFragmentParameter } from '../contract/status-token.ts';
import { BffClient } from './bff-client.ts';

/** The status asked for the token in the address bar, for the flow's first poll. */
export interface EarlyResult {
  token: string;
  answer: Promise<OrderStatusResponse>;
}

/** Sends `GET /v1/orders/{n}` for the address bar's result token; undefined when there is none. */
export function askResultEarly(bff: string): EarlyResult | undefined {
  const token = new URLSearchParams(window.location.hash.slice(1)).get(resultFragmentParameter);
  const orderNumber = token && orderNumberOfStatusToken(token);
  if (!token || !orderNumber) return undefined;
  const answer = new BffClient(bff).getOrder(orderNumber, token);
  // Read by the flow's poller, which judges a failure (retry or give up); until then it is no unhandled rejection.
  answer.catch(() => undefined);
  return { token, answer };
}
