// Merchant endpoints: `Authorization: Bearer <secret>`, compared in constant time against every
// accepted secret. MERCHANT_SECRET (one, or `current,previous` while rotating) opens everything;
// MERCHANT_READ_SECRET opens reads only: a dashboard's key that cannot capture, refund or configure.
import type { MiddlewareHandler } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { ProblemException } from '../http/problem.ts';
import { bearerToken, sameSecret } from './bearer.ts';

export type MerchantAccess = 'full' | 'read' | 'none';

/** Which access a bearer token grants. Every secret is compared, so the time says nothing about which matched. */
export function merchantAccessOf(given: string | undefined, secrets: { full: readonly string[]; read: readonly string[] }): MerchantAccess {
  let full = false;
  let read = false;
  for (const secret of secrets.full) full = sameSecret(given, secret) || full;
  for (const secret of secrets.read) read = sameSecret(given, secret) || read;
  if (full) return 'full';
  return read ? 'read' : 'none';
}

/**
 * Which of MERCHANT_SECRET's keys an accepted token is: the first ('current') or the one still
 * accepted during a rotation ('previous'), for records of who changed what. Compares every key.
 */
export function merchantKeyOf(given: string | undefined, fullSecrets: readonly string[]): 'current' | 'previous' {
  const matches = fullSecrets.map((secret) => sameSecret(given, secret));
  return matches[0] ? 'current' : 'previous';
}

/** Methods that only read: what a read-only key may call (OPTIONS preflights never reach this). */
const readMethods = new Set(['GET', 'HEAD']);

export function requireMerchantSecret(secrets: { full: readonly string[]; read: readonly string[] }): MiddlewareHandler {
  return async (c, next) => {
    const access = merchantAccessOf(bearerToken(c), secrets);
    if (access === 'none') {
      throw new ProblemException(401, {
        type: problemTypes.unauthorized,
        title: 'Unauthorized',
        detail: 'A valid merchant secret is required.',
        headers: { 'WWW-Authenticate': 'Bearer realm="svc-checkout-merchant"' },
      });
    }
    if (access === 'read' && !readMethods.has(c.req.method)) {
      throw new ProblemException(403, {
        type: problemTypes.forbidden,
        title: 'Forbidden',
        detail: 'This key is read-only (MERCHANT_READ_SECRET): use the merchant secret for changes.',
      });
    }
    await next();
  };
}
