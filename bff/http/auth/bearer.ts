import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(c: Context): string | undefined {
  return bearerTokenOf(c.req.header('Authorization'));
}

export function bearerTokenOf(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares a given secret with ours in constant time: both hashed, whatever the given length. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}
