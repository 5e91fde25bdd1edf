// Merchant endpoints: `Authorization: Bearer <MERCHANT_SECRET>`, compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { ProblemException } from '../http/problem.ts';
import { bearerToken } from './bearer.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function requireMerchantSecret(secret: string): MiddlewareHandler {
  const expected = digest(secret);
  return async (c, next) => {
    const given = bearerToken(c);
    // Hash both sides so the comparison takes the same time whatever the given length.
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
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
