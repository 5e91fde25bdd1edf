// The security headers of an API that answers JSON, per the OWASP REST Security Cheat Sheet: no
// MIME sniffing, no framing, HTTPS only, no Referer. Hono's `secureHeaders`, configured to exactly
// these four: the others it knows (X-XSS-Protection, X-DNS-Prefetch-Control, Cross-Origin-*, …)
// concern HTML documents, and the two pages the BFF serves set their own (documentSecurityHeaders)
// beside a strict CSP. A header a handler set itself is kept (`overwrite: false`).
import { secureHeaders } from 'hono/secure-headers';

/**
 * What the two HTML pages (the return's fallback page, the link result page) add, besides their own
 * CSP. No Cross-Origin-Opener-Policy: a page opened by the widget's popup keeps its opener.
 */
export const documentSecurityHeaders: Readonly<Record<string, string>> = {
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'Origin-Agent-Cluster': '?1',
};

export function apiSecurityHeaders() {
  return secureHeaders({
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'SAMEORIGIN',
    strictTransportSecurity: 'max-age=15552000; includeSubDomains',
    referrerPolicy: 'no-referrer',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    overwrite: false,
  });
}
