/**
 * The https-only rule for outgoing deliveries (banking-webhooks.md §4.1), with the one
 * documented exception: `allowHttpLoopbackWebhooks` lets http:// through when the host is
 * loopback, so the local demo's BFF (plain http on 127.0.0.1) can receive them.
 */
export function isAllowedWebhookUrl(url: string, allowHttpLoopback: boolean): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:') return true;
  return allowHttpLoopback && parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname);
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
