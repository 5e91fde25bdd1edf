import type { MiddlewareHandler } from 'hono';
import { gatewayResponseTypes } from '../../contract/gateway-facts.ts';
import type { GatewayOperation } from '../spec-model/index.ts';
import type { SandboxState } from '../state.ts';

const loginPaths = /\/api\/v1\/login(Sdk)?$/;
const paymentPath = /\/api\/v1\/processPayment$/;

/** The gateway operations by path (gateway-api.md §4): `/api/v1/<operation>`, the link GETs by prefix. */
const operationsByPath: ReadonlyArray<[RegExp, GatewayOperation]> = [
  [/\/api\/v1\/orders\/liquidation\/split$/, 'split'],
  [/\/api\/v1\/getDetailLinkPayment\//, 'getDetailLinkPayment'],
  [/\/api\/v1\/getLinkPaymentById\//, 'getLinkPaymentById'],
  [/\/api\/v1\/getLinkPaymentList\//, 'getLinkPaymentList'],
  ...(['login', 'loginSdk', 'processPayment', 'consult', 'consultTransactions', 'processModification', 'createLinkPayment', 'deleteLinkPayment'] as const).map(
    (name): [RegExp, GatewayOperation] => [new RegExp(`/api/v1/${name}$`), name],
  ),
];

function operationOfPath(path: string): GatewayOperation | undefined {
  return operationsByPath.find(([pattern]) => pattern.test(path))?.[1];
}

/**
 * The variance mode on the gateway's API (sandbox/variants/answer-variants.ts): an authentication
 * failure is told in the body with HTTP 200, once on purpose and always for an expired token, and
 * each JSON answer is rewritten into one of its allowed variants. Off: nothing changes.
 */
export function gatewayAnswerVariants(state: SandboxState): MiddlewareHandler {
  return async (c, next) => {
    const variants = state.variants;
    if (!variants.enabled) return next();
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    // The deliberate one goes to any authenticated call but processPayment, before the call is counted
    // (like a fault at the door): suites that count calls stay exact. An expired token is refused in the
    // body after counting (below), processPayment included, as the HTTP 401 it replaces.
    const deliberate = !loginPaths.test(c.req.path) && !paymentPath.test(c.req.path);
    if (deliberate && bearer && state.tokens.isValidApiToken(bearer) && variants.takeBodyUnauthorized()) {
      state.tokens.revoke(bearer);
      return c.json({ type: gatewayResponseTypes.authenticationError, message: 'Unauthenticated.' }, 200);
    }
    await next();
    if (c.res.status === 401) {
      c.res = Response.json({ type: gatewayResponseTypes.authenticationError, message: 'Unauthenticated.' }, { status: 200 });
      return;
    }
    if (c.res.status !== 200 || !c.res.headers.get('Content-Type')?.includes('application/json')) return;
    let body: unknown;
    try {
      body = await c.res.clone().json();
    } catch {
      return; // an injected malformed answer stays malformed
    }
    const headers = new Headers(c.res.headers);
    headers.delete('Content-Length');
    c.res = new Response(JSON.stringify(variants.varyGatewayAnswer(body, operationOfPath(c.req.path))), { status: 200, headers });
  };
}
