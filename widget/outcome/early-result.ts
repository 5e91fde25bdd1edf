// Back from the hosted page (`#svc-result=<status token>`), or reloading the result kept for the tab
// (kept-result.ts), the status the shopper came back for is asked by the first script as soon as the element knows its BFF, beside the lazy parts (the rules,
// the flow, the page's words, the order's watch) instead of after them: on a slow phone those parts
// are several round trips, and the answer is what the shopper waits for. The flow reads this answer
// as its first poll (checkout-flow.ts, with bff-client.ts's answerOf) and still removes the token
// from the address bar and keeps it. A bare fetch: BffClient stays in the lazy part, off the first
// script's bytes.
import { orderNumberOfStatusToken, resultFragmentParameter } from '../../contract/status-token.ts';
import { currentNavigationKind, keptResultFor } from '../kept/kept-result.ts';

/** `GET /v1/orders/{n}` sent for the address bar's result token, for the flow's first poll. */
export interface EarlyResult {
  token: string;
  response: Promise<Response>;
}

/** Sends the status request for the address bar's result token, or the kept one a reload shows; undefined when there is none. */
export function askResultEarly(bff: string): EarlyResult | undefined {
  const token = new URLSearchParams(window.location.hash.slice(1)).get(resultFragmentParameter) ?? keptResultFor(window.location.pathname, currentNavigationKind());
  const orderNumber = token && orderNumberOfStatusToken(token);
  if (!token || !orderNumber) return undefined;
  // As BffClient asks it: the token in the Authorization header, never a cookie.
  const response = fetch(new URL(`/v1/orders/${encodeURIComponent(orderNumber)}`, bff), {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    credentials: 'omit',
  });
  // Read by the flow's poller, which judges a failure (retry or give up); until then it is no unhandled rejection.
  response.catch(() => undefined);
  return { token, response };
}
