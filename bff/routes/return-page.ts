import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { documentSecurityHeaders } from '../http/security-headers.ts';

// The few HTML pages /v1/return shows instead of redirecting. Fixed text only: nothing from the
// request is ever written into them (a forged redirect must not inject markup).
const pageStyle = 'body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}';
// The one inline style is allowed by its hash: no 'unsafe-inline' even on a page with no input in it.
const pageStyleHash = createHash('sha256').update(pageStyle).digest('base64');

const pageHeaders = {
  ...documentSecurityHeaders,
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${pageStyleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

function page(title: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${pageStyle}</style>
</head><body><h1>${title}</h1><p>${text}</p></body></html>`;
}

// Through the context (not a bare Response), so the headers the shared middleware set before the
// handler (security headers) are part of the page's answer.
export function unknownOrderPage(c: Context): Response {
  return c.body(page('Order not found', 'We could not find this payment. If you were charged, contact the shop.'), 404, pageHeaders);
}

export function noReturnAddressPage(c: Context): Response {
  return c.body(page('Payment received', 'Your payment result was recorded. You can close this window and go back to the shop.'), 200, pageHeaders);
}
