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
 * Ranges ipaddr.js 1.9's range() still calls unicast that no merchant's server can be on:
 * benchmarking (RFC 2544, 6890) and IPv6's discard-only, benchmarking and ORCHID blocks (RFC 6666,
 * 5180, 7343); site-local fec0::/10 (deprecated by RFC 3879 but still routed inside some networks;
 * ipaddr.js 2 names it `deprecatedSiteLocal`, so this entry goes when we move to it); and
 * IPv4-compatible IPv6, ::/96 (deprecated by RFC 4291 §2.5.5.1, classified by no ipaddr.js
 * version), which some stacks route to the IPv4 address inside: ::7f00:1 is 127.0.0.1 and
 * ::a9fe:a9fe the metadata service. :: and ::1 sit in ::/96 too, but range() names them first.
 */
const notGlobal = ['198.18.0.0/15', '100::/64', '2001:2::/48', '2001:10::/28', '2001:20::/28', 'fec0::/10', '::/96'].map((cidr) => ipaddr.parseCIDR(cidr));

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
  const range = parsed.range();
  if (range === 'loopback') return policy.allowLoopback;
  if (range !== 'unicast') return false;
  return !notGlobal.some(([network, bits]) => parsed.kind() === network.kind() && (parsed as ipaddr.IPv4).match(network as ipaddr.IPv4, bits));
}

/**
 * A URL that carries a user name or password: refused for webhook endpoints, since the URL is listed
 * to read-only keys and the credentials would go out as `Authorization: Basic` to whoever answers.
 * The endpoint's webhook secret is what proves a delivery is ours.
 */
export function hasUserinfo(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

/** `url` as it may be listed: without the user name and password an endpoint stored before they were refused may hold. */
export function withoutUserinfo(url: string): string {
  const parsed = new URL(url);
  if (!hasUserinfo(parsed)) return url;
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
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
