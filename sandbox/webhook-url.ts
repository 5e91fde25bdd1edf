import { isHttpsOrLoopbackHttp } from '../contract/https-url.ts';

/**
 * The https-only rule for outgoing deliveries (banking-webhooks.md §4.1), with the one
 * documented exception: `allowHttpLoopbackWebhooks` lets http:// through when the host is
 * loopback, so the local demo's BFF (plain http on 127.0.0.1) can receive them.
 */
export function isAllowedWebhookUrl(url: string, allowHttpLoopback: boolean): boolean {
  return isHttpsOrLoopbackHttp(url, allowHttpLoopback);
}
