import type { MiddlewareHandler } from 'hono';
import { gatewayResponseTypes } from '../../contract/gateway-facts.ts';
import type { SandboxState } from '../state.ts';

const loginPaths = /\/api\/v1\/login(Sdk)?$/;
const paymentPath = /\/api\/v1\/processPayment$/;

/** The operation a gateway path names, as the call counter names it ("/api/v1/processPayment" → processPayment). */
function operationNameOf(path: string): string {
  const segments = path.replace(/^\/api\/v1\//, '').split('/');
  return segments[0] === 'orders' ? 'split' : (segments[0] ?? path);
}

async function orderNumberOf(request: Request): Promise<string | undefined> {
  try {
    const body = (await request.json()) as { orderNumber?: unknown };
    return typeof body.orderNumber === 'string' ? body.orderNumber : undefined;
  } catch {
    return undefined;
  }
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
    // The deliberate one goes to any authenticated call but processPayment: suites that count payment
    // calls stay exact; an expired token on processPayment is still refused in the body (below).
    const deliberate = !loginPaths.test(c.req.path) && !paymentPath.test(c.req.path);
    if (deliberate && bearer && state.tokens.isValidApiToken(bearer) && variants.takeBodyUnauthorized()) {
      state.tokens.revoke(bearer);
      // Counted like the HTTP 401 the sandbox gives after counting: a refused call is still a call.
      state.calls.record(operationNameOf(c.req.path), await orderNumberOf(c.req.raw.clone()));
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
    c.res = new Response(JSON.stringify(variants.varyGatewayAnswer(body)), { status: 200, headers });
  };
}
