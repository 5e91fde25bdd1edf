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

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
