import type { Context } from 'hono';

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(c: Context): string | undefined {
  return bearerTokenOf(c.req.header('Authorization'));
}

export function bearerTokenOf(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}
