// The security headers of an API that answers JSON, per the OWASP REST Security Cheat Sheet:
// no MIME sniffing, no framing, HTTPS only, no Referer. Set before the handler runs (c.header) so
// they travel inside the response it builds; Hono's secureHeaders sets nine after it, on the built
// response, which costs a status poll a fifth of its time. The headers it adds beyond these
// (X-XSS-Protection, X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies,
// Origin-Agent-Cluster) concern HTML documents; the two pages the BFF serves set a strict CSP.
import type { MiddlewareHandler } from 'hono';

const apiSecurityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'Referrer-Policy': 'no-referrer',
};

/**
 * The two HTML pages (the return's fallback page, the link result page) add what concerns a
 * document, besides their own CSP: what Hono's secureHeaders gave them before. No
 * Cross-Origin-Opener-Policy: a page opened by the widget's popup keeps its opener.
 */
export const documentSecurityHeaders: Readonly<Record<string, string>> = {
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'Origin-Agent-Cluster': '?1',
};

export function securityHeaders(): MiddlewareHandler {
  const headers = Object.entries(apiSecurityHeaders);
  return async (c, next) => {
    for (const [name, value] of headers) c.header(name, value);
    await next();
  };
}
