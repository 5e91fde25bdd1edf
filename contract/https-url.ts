// One rule for URLs that must be https, shared by the sandbox (webhook URLs it delivers to,
// banking-webhooks.md §4.1) and the BFF (gateway URLs it sends a browser to): https, or where
// allowed, plain http on a loopback host (the local demo and the sandbox run there).
export function isHttpsOrLoopbackHttp(url: string, allowHttpLoopback: boolean): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:') return true;
  return allowHttpLoopback && parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname);
}

/** The one definition of loopback: localhost, [::1] and 127.0.0.0/8. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** True for a URL on this machine (the sandbox, a local test server); false for none or a bad one. */
export function isLoopbackUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
