import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import ipaddr from 'ipaddr.js';

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

/** `[v6]:port` → v6, `a.b.c.d:port` → a.b.c.d; a bare IPv6 address (two colons or more) is left whole. */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!;
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return ipv4WithPort ? ipv4WithPort[1]! : address;
}

/**
 * What a per-address limit counts by: an IPv4 address however it was written (with a port, or
 * IPv4-mapped), and an IPv6 address by its /64, the block one customer line is given, so that
 * walking through it buys no extra requests. Anything else is kept as it is.
 */
export function addressKey(raw: string): string {
  const address = withoutPort(raw.trim());
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const [a = 0, b = 0, c = 0, d = 0] = (parsed as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([a, b, c, d, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * The caller's limit key (addressKey) from the socket's address, or with TRUST_PROXY the right-most
 * untrusted X-Forwarded-For hop (TRUSTED_PROXY_COUNT proxies of ours in front, default 1: nginx or
 * one cloud balancer). Every per-address limit counts by it.
 */
export function clientAddressKey(c: Context, config: { TRUST_PROXY: boolean; TRUSTED_PROXY_COUNT: number }): string {
  if (config.TRUST_PROXY) {
    const forwarded = forwardedClient(c.req.header('X-Forwarded-For'), config.TRUSTED_PROXY_COUNT);
    if (forwarded) return addressKey(forwarded);
  }
  try {
    return addressKey(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown'; // app.request() in tests: no socket
  }
}
