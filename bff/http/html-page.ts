// The BFF's own HTML pages (the /v1/return fallbacks, the link result page), in the buyer's language
// (es, en, pt-BR, as the widget), on one skeleton: one stylesheet allowed by its hash (no
// 'unsafe-inline'), and the headers of a document that takes no input.
import { createHash } from 'node:crypto';
import { pickLanguage, reachedLanguage } from '../../contract/language-chain.ts';
import { documentSecurityHeaders } from './security-headers.ts';

export type PageLocale = 'es' | 'en' | 'pt-BR';

const pageLocales: readonly PageLocale[] = ['es', 'en', 'pt-BR'];

/**
 * `preferred` wins (a `lang` parameter, the locale the buyer used in the widget), then the
 * Accept-Language preferences in order, each by the one language chain (contract/language-chain.ts);
 * the project's default (English, as the widget) when none reaches a language the pages have.
 */
export function pageLocale(preferred: string | null | undefined, acceptLanguage: string | undefined): PageLocale {
  const ranked = acceptLanguage
    ? acceptLanguage
        .split(',')
        .map((part, index) => {
          const [tag = '', ...params] = part.trim().split(';');
          const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
          return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
        })
        .filter((entry) => entry.tag && entry.q > 0)
        .sort((a, b) => b.q - a.q || a.index - b.index)
        .map((entry) => entry.tag)
    : [];
  for (const tag of [preferred ?? '', ...ranked]) {
    const reached = reachedLanguage(tag, pageLocales);
    if (reached) return reached;
  }
  return pickLanguage(undefined, pageLocales);
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

const pageStyle = 'body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}dt{font-weight:600}dd{margin:0 0 .5rem}';
const pageStyleHash = createHash('sha256').update(pageStyle).digest('base64');

export const htmlPageHeaders = {
  ...documentSecurityHeaders,
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${pageStyleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** `title` is plain text of ours; `main` is markup the caller built, any value in it escaped. */
export function renderHtmlPage(locale: PageLocale, title: string, main: string): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${pageStyle}</style>
</head><body><main>${main}</main></body></html>`;
}
