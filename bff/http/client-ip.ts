import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The address one hop before our trusted proxies, read from X-Forwarded-For's right end. Each
 * proxy we run appends the address it saw, so with `trustedProxies` of them in front of us the
 * entry at length - trustedProxies is the one our outermost proxy wrote; everything left of it is
 * whatever the client chose to send and is never used. A header shorter than the chain (a request
 * that skipped a proxy) yields its left-most entry, which still came from a proxy of ours.
 */
export function forwardedClient(forwardedFor: string | undefined, trustedProxies: number): string | undefined {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.length === 0) return undefined;
  return hops[Math.max(0, hops.length - Math.max(1, trustedProxies))];
}

/**
 * The caller's IP: the socket's, or with TRUST_PROXY the right-most untrusted X-Forwarded-For hop
 * (TRUSTED_PROXY_COUNT proxies of ours in front, default 1: nginx or one cloud balancer).
 */
export function clientIp(c: Context, trustProxy: boolean, trustedProxies = 1): string {
  if (trustProxy) {
    const forwarded = forwardedClient(c.req.header('X-Forwarded-For'), trustedProxies);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests: no socket
  }
}
