import type { Context } from 'hono';
import { addressKey, socketAddressKey } from '../../node/client-address.ts';

export { addressKey, socketAddressKey };

/**
 * The address one hop before our trusted proxies, read from X-Forwarded-For's right end. Each
 * proxy we run appends the address it saw, so with `trustedProxies` of them in front of us the
 * entry at length - trustedProxies is the one our outermost proxy wrote; everything left of it is
 * whatever the client chose to send and is never used. A header shorter than the chain (a request
 * that skipped a proxy) yields nothing: its left-most entry may be one the client wrote, and which
 * one is ours cannot be told, so the caller falls back to the hop it received the request from.
 */
export function forwardedClient(forwardedFor: string | undefined, trustedProxies: number): string | undefined {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const wanted = Math.max(1, trustedProxies);
  if (hops.length < wanted) return undefined;
  return hops[hops.length - wanted];
}

/**
 * The caller's limit key (addressKey) from the socket's address, or with TRUST_PROXY the right-most
 * untrusted X-Forwarded-For hop (TRUSTED_PROXY_COUNT proxies of ours in front, default 1: nginx or
 * one cloud balancer). Every per-address limit counts by it. When that hop is missing (a short
 * chain) or is not an address, the request counts as the socket's peer, the proxy it came through:
 * a shared bucket is the price of a header we cannot read, never a bucket per invented value.
 */
export function clientAddressKey(c: Context, config: { TRUST_PROXY: boolean; TRUSTED_PROXY_COUNT: number }): string {
  if (config.TRUST_PROXY) {
    const forwarded = forwardedClient(c.req.header('X-Forwarded-For'), config.TRUSTED_PROXY_COUNT);
    const key = forwarded === undefined ? undefined : addressKey(forwarded);
    if (key) return key;
  }
  return socketAddressKey(c);
}
