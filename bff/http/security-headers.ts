// The security headers of an API that answers JSON, per the OWASP REST Security Cheat Sheet: no
// MIME sniffing, no framing, HTTPS only, no Referer. Exactly these four: the others Hono's
// `secureHeaders` knows (X-XSS-Protection, X-DNS-Prefetch-Control, Cross-Origin-*, …) concern HTML
// documents, and the two pages the BFF serves set their own (documentSecurityHeaders) beside a
// strict CSP. A header a handler set itself is kept. An answer built with them already on it as a
// plain object (plain-answer.ts) is left alone: touching its headers would make @hono/node-server
// build undici `Headers` for it, the cost that answer avoids. Hono's `secureHeaders` cannot leave an
// answer alone (after every handler it sets each header and deletes X-Powered-By on `c.res.headers`),
// so these four are set here, as it would set them with `overwrite: false`.
import type { MiddlewareHandler } from 'hono';

/** The four headers every API answer carries, as a handler building its own answer spells them. */
export const apiSecurityHeaderValues: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'Referrer-Policy': 'no-referrer',
};

const apiSecurityHeaderEntries = Object.entries(apiSecurityHeaderValues);

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

export function apiSecurityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.get('answeredPlainly')) return;
    const headers = c.res.headers;
    for (const [name, value] of apiSecurityHeaderEntries) if (!headers.has(name)) headers.set(name, value);
  };
}
