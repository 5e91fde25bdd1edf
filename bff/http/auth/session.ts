// Session middleware (STYLE.md 13): verifies the session JWT, checks it still matches its order
// (amount, currency) and the calling page's origin, and puts both on c.var.
import type { MiddlewareHandler } from 'hono';
import { tagOrder } from '../../lib/observability/log-context.ts';
import { problemTypes } from '../../../contract/bff-api.ts';
import { ProblemException } from '../problem.ts';
import { originNotAllowed } from '../origin.ts';
import { findOrder } from '../../store/orders.ts';
import type { OrderWithAttempt } from '../../store/schema.ts';
import type { Store } from '../../store/database.ts';
import { bearerToken } from './bearer.ts';
import { TokenRejected, type SessionClaims, type StatusClaims, type TokenService } from './tokens.ts';

export interface VerifiedSession {
  claims: SessionClaims;
  order: OrderWithAttempt;
}

export type SessionEnv = { Variables: { session: VerifiedSession } };

export function unauthorized(reason: 'missing' | 'expired' | 'invalid'): ProblemException {
  const expired = reason === 'expired';
  const description = { missing: 'A bearer token is required.', expired: 'The session has expired.', invalid: 'The token is not valid.' }[reason];
  return new ProblemException(401, {
    type: expired ? problemTypes.sessionExpired : problemTypes.unauthorized,
    title: expired ? 'Session expired' : 'Unauthorized',
    detail: description,
    headers: {
      'WWW-Authenticate':
        reason === 'missing'
          ? 'Bearer realm="svc-checkout"'
          : `Bearer realm="svc-checkout", error="invalid_token", error_description="${description}"`,
    },
  });
}

async function verifyOr401<T>(verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch (error) {
    if (error instanceof TokenRejected) throw unauthorized(error.reason);
    throw error;
  }
}

export function requireSession(tokens: TokenService, store: Store): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    if (!token) throw unauthorized('missing');
    const claims = await verifyOr401(() => tokens.verifySession(token));
    const order = await findOrder(store.db, claims.orderNumber);
    // The token is bound to the order as it was priced: a token for other money is not ours.
    if (!order || order.amount !== claims.amount || order.currency !== claims.currency) throw unauthorized('invalid');
    const origin = c.req.header('Origin');
    if (origin !== undefined && origin !== claims.origin) throw originNotAllowed(origin, 'other-session');
    tagOrder(order.order_number);
    c.set('session', { claims, order });
    await next();
  };
}

/** Either token may read an order's status; returns the order number it grants. */
export async function verifyStatusReader(tokens: TokenService, token: string | undefined): Promise<StatusClaims | SessionClaims> {
  if (!token) throw unauthorized('missing');
  try {
    return await tokens.verifyStatus(token);
  } catch (statusError) {
    try {
      return await tokens.verifySession(token);
    } catch (sessionError) {
      const expired = [statusError, sessionError].some((error) => error instanceof TokenRejected && error.reason === 'expired');
      throw unauthorized(expired ? 'expired' : 'invalid');
    }
  }
}
