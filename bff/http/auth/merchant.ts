// Merchant endpoints: `Authorization: Bearer <secret>`, compared in constant time against every
// accepted secret. MERCHANT_SECRET (one, or `current,previous` while rotating) opens everything;
// MERCHANT_READ_SECRET opens reads only: a dashboard's key that cannot capture, refund or configure.
import type { MiddlewareHandler } from 'hono';
import { problemTypes } from '../../../contract/bff-api.ts';
import type { MerchantKey } from '../../../contract/merchant-api.ts';
import { ProblemException } from '../problem.ts';
import { bearerToken, sameSecret } from './bearer.ts';
import type { Config } from '../../config.ts';

export type MerchantAccess = 'full' | 'read' | 'none';

export interface MerchantSecrets {
  /** MERCHANT_SECRET: the current key first, then the previous one while rotating. */
  full: readonly string[];
  read: readonly string[];
}

/** MERCHANT_SECRET (the current key, then the previous) and MERCHANT_READ_SECRET. */
export function merchantSecretsOf(config: Pick<Config, 'MERCHANT_SECRET' | 'MERCHANT_READ_SECRET'>): MerchantSecrets {
  return { full: config.MERCHANT_SECRET, read: config.MERCHANT_READ_SECRET };
}

/**
 * Which key a bearer token is: `current` or `previous` of MERCHANT_SECRET, or `read`
 * (MERCHANT_READ_SECRET); null for none. Every secret is compared, so the time says nothing about
 * which matched; a token that is both a full and a read key is the full one.
 */
export function merchantKeyOf(given: string | undefined, secrets: MerchantSecrets): MerchantKey | null {
  const full = secrets.full.map((secret) => sameSecret(given, secret));
  let read = false;
  for (const secret of secrets.read) read = sameSecret(given, secret) || read;
  if (full[0]) return 'current';
  if (full.slice(1).some(Boolean)) return 'previous';
  return read ? 'read' : null;
}

/** Which access a bearer token grants. */
export function merchantAccessOf(given: string | undefined, secrets: MerchantSecrets): MerchantAccess {
  const key = merchantKeyOf(given, secrets);
  if (key === null) return 'none';
  return key === 'read' ? 'read' : 'full';
}

/**
 * Which of MERCHANT_SECRET's keys a write was made with, for records of who changed what: the first
 * ('current') or the one still accepted during a rotation ('previous'). A write passed
 * requireMerchantSecret, so it is one of them.
 */
export function writingKeyOf(given: string | undefined, fullSecrets: readonly string[]): 'current' | 'previous' {
  return merchantKeyOf(given, { full: fullSecrets, read: [] }) === 'current' ? 'current' : 'previous';
}

/** Methods that only read: what a read-only key may call (OPTIONS preflights never reach this). */
const readMethods = new Set(['GET', 'HEAD']);

/** `onUse` hears every accepted call with the key it used (the key-usage record of whoami). */
export function requireMerchantSecret(secrets: MerchantSecrets, onUse: (key: MerchantKey) => void = () => undefined): MiddlewareHandler<{ Variables: { merchantKey: MerchantKey } }> {
  return async (c, next) => {
    const key = merchantKeyOf(bearerToken(c), secrets);
    if (key === null) {
      throw new ProblemException(401, {
        type: problemTypes.unauthorized,
        title: 'Unauthorized',
        detail: 'A valid merchant secret is required.',
        headers: { 'WWW-Authenticate': 'Bearer realm="svc-checkout-merchant"' },
      });
    }
    if (key === 'read' && !readMethods.has(c.req.method)) {
      throw new ProblemException(403, {
        type: problemTypes.forbidden,
        title: 'Forbidden',
        detail: 'This key is read-only (MERCHANT_READ_SECRET): use the merchant secret for changes.',
      });
    }
    onUse(key);
    c.set('merchantKey', key);
    await next();
  };
}
