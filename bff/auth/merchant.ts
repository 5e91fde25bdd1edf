// Merchant endpoints: `Authorization: Bearer <MERCHANT_SECRET>`, compared in constant time.
import type { MiddlewareHandler } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { ProblemException } from '../http/problem.ts';
import { bearerToken, sameSecret } from './bearer.ts';

export function requireMerchantSecret(secret: string): MiddlewareHandler {
  return async (c, next) => {
    if (!sameSecret(bearerToken(c), secret)) {
      throw new ProblemException(401, {
        type: problemTypes.unauthorized,
        title: 'Unauthorized',
        detail: 'A valid merchant secret is required.',
        headers: { 'WWW-Authenticate': 'Bearer realm="svc-checkout-merchant"' },
      });
    }
    await next();
  };
}
