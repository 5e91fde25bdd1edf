import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The caller's IP: the socket's, or X-Forwarded-For's first hop when TRUST_PROXY is set. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests: no socket
  }
}
