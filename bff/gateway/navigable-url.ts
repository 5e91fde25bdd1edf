// The one check for URLs the gateway hands us that a browser is then sent to: processPayment's
// hosted page (location.assign in the widget) and a payment link's page (href in the back office).
// The gateway's answer is a claim like any other: a `javascript:` or `data:` URL, or plain http to
// some host, would be followed by the shopper's or the merchant's browser as if it were ours.
import { isHttpsOrLoopbackHttp } from '../../contract/https-url.ts';
import { isLoopbackUrl } from '../../contract/https-url.ts';
import { upstreamRefused } from '../lib/domain-error.ts';
import type { Logger } from '../lib/observability/logger.ts';

export interface NavigableUrlPolicy {
  /** NODE_ENV=production: https only, no loopback exception. */
  production: boolean;
  logger: Logger;
  /**
   * The only hosts a browser may be sent to (GATEWAY_HOSTED_PAGE_HOSTS: `host` or `host:port`,
   * lowercase); absent: any. Real clients follow the gateway's own hosts only.
   */
  hosts?: readonly string[];
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Whether only https URLs may be followed: in production with a gateway that is not on loopback.
 * A gateway on loopback (the sandbox, a local test gateway, the production bundle measured against
 * the sandbox) serves its own pages on loopback http, so those are expected from it.
 */
export function httpsOnly(config: { NODE_ENV: string; GATEWAY_BASE_URL: string }): boolean {
  return config.NODE_ENV === 'production' && !isLoopbackUrl(config.GATEWAY_BASE_URL);
}

/** `https:`, or outside production an `http:` URL on loopback (the sandbox, local test gateways). */
export function isNavigableUrl(url: string, production: boolean): boolean {
  return isHttpsOrLoopbackHttp(url, !production);
}

/**
 * The URL itself when a browser may be sent to it; otherwise a 502 problem+json, logged with the
 * scheme and length only (the URL may carry a token of the gateway's).
 */
export function navigableGatewayUrl(url: unknown, what: string, policy: NavigableUrlPolicy): string {
  if (typeof url === 'string' && isNavigableUrl(url, policy.production) && (!policy.hosts || policy.hosts.includes(hostOf(url) ?? ''))) return url;
  const scheme = typeof url === 'string' ? /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() ?? 'none' : typeof url;
  policy.logger.error({ what, scheme, length: typeof url === 'string' ? url.length : undefined }, 'the gateway answered a URL we will not send a browser to');
  throw upstreamRefused('Bad answer from the gateway', `The gateway's ${what} URL is not one a browser may be sent to.`);
}
