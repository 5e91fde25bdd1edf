// Which hosts and addresses merchant webhooks may be sent to. A merchant chooses the URL, so without
// this rule our worker would POST into our own network for them (a database port, the cloud's
// metadata service with its credentials) and the delivery log would tell them what answered.
// Only global unicast passes; loopback too outside production, where a developer's receiver runs.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface OutboundPolicy {
  /** Outside production only: loopback is a developer's own machine there. */
  allowLoopback: boolean;
}

/**
 * Ranges ipaddr.js 1.9 still calls unicast that no merchant's server can be on: benchmarking
 * (RFC 2544, 6890) and IPv6's discard-only, benchmarking and ORCHID blocks (RFC 6666, 5180, 7343).
 */
const notGlobal = ['198.18.0.0/15', '100::/64', '2001:2::/48', '2001:10::/28', '2001:20::/28'].map((cidr) => ipaddr.parseCIDR(cidr));

/** Cloud metadata services by name; their addresses fall in ranges refused anyway. */
const metadataNames = new Set(['metadata', 'metadata.google.internal']);

/** A URL's hostname as DNS and the address rules see it: no brackets, no trailing dot, lower case. */
export function bareHost(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

/** True when `address` (an IP literal) may be connected to. */
export function isAllowedAddress(address: string, policy: OutboundPolicy): boolean {
  if (!ipaddr.isValid(address) || isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (notGlobal.some(([network, bits]) => parsed.kind() === network.kind() && (parsed as ipaddr.IPv4).match(network as ipaddr.IPv4, bits))) return false;
  const range = parsed.range();
  return range === 'unicast' || (policy.allowLoopback && range === 'loopback');
}

/** False for names refused before any lookup: metadata services, and localhost in production. */
export function isAllowedName(host: string, policy: OutboundPolicy): boolean {
  if (metadataNames.has(host)) return false;
  return policy.allowLoopback || (host !== 'localhost' && !host.endsWith('.localhost'));
}

/**
 * What can be told without DNS: an IP literal is judged by its address, a name by the name rules.
 * `hostname` is a WHATWG URL's, which already wrote 2130706433, 0x7f000001 and 0177.0.0.1 as 127.0.0.1.
 */
export function isAllowedHost(hostname: string, policy: OutboundPolicy): boolean {
  const host = bareHost(hostname);
  return isIP(host) === 0 ? isAllowedName(host, policy) : isAllowedAddress(host, policy);
}

export function outboundPolicyOf(config: { NODE_ENV: string }): OutboundPolicy {
  return { allowLoopback: config.NODE_ENV !== 'production' };
}
