import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import ipaddr from 'ipaddr.js';

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
 * walking through it buys no extra requests. Anything else is no key at all (undefined): a client
 * that writes a different word each time must not get a fresh bucket for each. IPv4 only in its
 * four-part decimal form, the one proxies write; `3232235777` or `1.2.3` are words, not addresses.
 */
export function addressKey(raw: string): string | undefined {
  const address = withoutPort(raw.trim());
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return undefined;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const [a = 0, b = 0, c = 0, d = 0] = (parsed as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([a, b, c, d, 0, 0, 0, 0]).toString()}/64`;
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

/** The limit key of the socket's peer: what a server with no proxy of its own counts by. */
export function socketAddressKey(c: Context): string {
  try {
    return addressKey(getConnInfo(c).remote.address ?? '') ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests: no socket
  }
}
