// What a per-address limit counts by, shared by the Node products (the BFF's limits, the demo's
// guard of its merchant-side routes): the address of a socket's peer, or one a proxy wrote.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import ipaddr from 'ipaddr.js';

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

/** Where @hono/node-server puts the request's Node objects (c.env, or c.env.server under a wrapper). */
interface NodeBindings {
  incoming?: unknown;
  server?: { incoming?: unknown };
}

/** The limit key of the socket's peer: what a server with no proxy of its own counts by. */
export function socketAddressKey(c: Context): string {
  // app.fetch()/app.request() (the tests' in-process BFF) has no socket: answered before getConnInfo,
  // whose TypeError on the missing bindings cost more than the rest of the key (its stack captured on
  // every request).
  const bindings = c.env as NodeBindings | undefined;
  if (!(bindings?.server ?? bindings)?.incoming) return 'unknown';
  try {
    return addressKey(getConnInfo(c).remote.address ?? '') ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
