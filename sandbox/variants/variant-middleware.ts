import type { MiddlewareHandler } from 'hono';
import { gatewayResponseTypes } from '../../contract/gateway-facts.ts';
import type { SandboxState } from '../state.ts';

const loginPaths = /\/api\/v1\/login(Sdk)?$/;

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
    if (!loginPaths.test(c.req.path) && bearer && state.tokens.isValidApiToken(bearer) && variants.takeBodyUnauthorized()) {
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
    c.res = new Response(JSON.stringify(variants.varyGatewayAnswer(body)), { status: 200, headers });
  };
}
