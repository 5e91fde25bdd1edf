// The DNS half of the outbound rule (outbound-address.ts): a name is judged by every address it
// resolves to, at endpoint creation and again before each delivery, because an answer can change
// after the check (DNS rebinding). The delivery then connects to the address checked here, never
// to a second lookup's answer.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { bareHost, hasUserinfo, isAllowedAddress, isAllowedHost, type OutboundPolicy } from './outbound-address.ts';

/** The addresses a host name resolves to now. Tests inject theirs so that no real DNS is asked. */
export type HostResolver = (hostname: string) => Promise<string[]>;

export const systemResolver: HostResolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((answer) => answer.address);

/**
 * The address `url` may be reached at now, or undefined when it may not: a refused host, a name that
 * does not resolve, or one with any refused address among its answers (the connection could take any).
 * A URL with credentials is never reached either: an endpoint stored before they were refused keeps
 * its deliveries from sending them.
 */
export async function vettedAddress(url: URL, policy: OutboundPolicy, resolve: HostResolver): Promise<string | undefined> {
  if (hasUserinfo(url)) return undefined;
  const host = bareHost(url.hostname);
  if (!isAllowedHost(host, policy)) return undefined;
  if (isIP(host) !== 0) return host;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return undefined;
  }
  if (addresses.length === 0 || !addresses.every((address) => isAllowedAddress(address, policy))) return undefined;
  return addresses[0];
}
