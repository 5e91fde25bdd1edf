// The small result page a link buyer lands on (GET /v1/links/return), in es, en or pt-BR. The
// text is ours; the only values shown come from our confirmed record, and they are escaped anyway.
import { createHash } from 'node:crypto';
import { documentSecurityHeaders } from '../http/security-headers.ts';

export type LinkResultLocale = 'es' | 'en' | 'pt-BR';
export type LinkResultKind = 'paid' | 'declined' | 'review' | 'pending' | 'invalid';

interface Translation {
  lang: string;
  titles: Record<LinkResultKind, string>;
  texts: Record<LinkResultKind, string>;
  order: string;
  amount: string;
}

const translations: Record<LinkResultLocale, Translation> = {
  es: {
    lang: 'es',
    titles: { paid: 'Pago aprobado', declined: 'Pago rechazado', review: 'Pago en revisión', pending: 'Pago en proceso', invalid: 'No pudimos leer el resultado' },
    texts: {
      paid: 'Gracias. Su pago fue confirmado.',
      declined: 'El pago no fue aprobado. No se realizó ningún cargo. Puede intentarlo de nuevo con otra tarjeta.',
      review: 'Recibimos su pago y lo estamos revisando. El comercio le contactará si hace falta algo más.',
      pending: 'Todavía estamos confirmando su pago. Puede cerrar esta ventana; el comercio verá el resultado.',
      invalid: 'Este enlace de resultado no es válido. Si se le cobró, contacte al comercio.',
    },
    order: 'Orden',
    amount: 'Monto',
  },
  en: {
    lang: 'en',
    titles: { paid: 'Payment approved', declined: 'Payment declined', review: 'Payment under review', pending: 'Payment processing', invalid: 'We could not read this result' },
    texts: {
      paid: 'Thank you. Your payment is confirmed.',
      declined: 'The payment was not approved. You were not charged. You can try again with another card.',
      review: 'We received your payment and are reviewing it. The shop will contact you if anything else is needed.',
      pending: 'We are still confirming your payment. You can close this window; the shop will see the result.',
      invalid: 'This result link is not valid. If you were charged, contact the shop.',
    },
    order: 'Order',
    amount: 'Amount',
  },
  'pt-BR': {
    lang: 'pt-BR',
    titles: { paid: 'Pagamento aprovado', declined: 'Pagamento recusado', review: 'Pagamento em análise', pending: 'Pagamento em processamento', invalid: 'Não foi possível ler o resultado' },
    texts: {
      paid: 'Obrigado. Seu pagamento foi confirmado.',
      declined: 'O pagamento não foi aprovado. Nenhuma cobrança foi feita. Você pode tentar novamente com outro cartão.',
      review: 'Recebemos seu pagamento e ele está em análise. A loja entrará em contato se precisar de algo mais.',
      pending: 'Ainda estamos confirmando seu pagamento. Você pode fechar esta janela; a loja verá o resultado.',
      invalid: 'Este link de resultado não é válido. Se você foi cobrado, entre em contato com a loja.',
    },
    order: 'Pedido',
    amount: 'Valor',
  },
};

/**
 * An explicit `lang` wins, then the Accept-Language preferences in order (pt-* → pt-BR, es-* → es,
 * en-* → en); Spanish when nothing matches, the language of most link buyers in the region.
 */
export function linkResultLocale(langParam: string | undefined, acceptLanguage: string | undefined): LinkResultLocale {
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
  for (const tag of [langParam ?? '', ...ranked]) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'pt') return 'pt-BR';
    if (primary === 'es') return 'es';
    if (primary === 'en') return 'en';
  }
  return 'es';
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

const pageStyle = 'body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}dt{font-weight:600}dd{margin:0 0 .5rem}';
// The one inline style is allowed by its hash, as on the /v1/return pages: no 'unsafe-inline'.
const pageStyleHash = createHash('sha256').update(pageStyle).digest('base64');

export const linkResultPageHeaders = {
  ...documentSecurityHeaders,
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${pageStyleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
} as const;

export function renderLinkResultPage(
  locale: LinkResultLocale,
  kind: LinkResultKind,
  details?: { orderNumber: string; amount: string; currency: string },
): string {
  const t = translations[locale];
  const facts = details
    ? `<dl><dt>${t.order}</dt><dd>${escapeHtml(details.orderNumber)}</dd><dt>${t.amount}</dt><dd>${escapeHtml(details.amount)} ${escapeHtml(details.currency)}</dd></dl>`
    : '';
  return `<!doctype html>
<html lang="${t.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.titles[kind]}</title>
<style>${pageStyle}</style>
</head><body><main><h1 data-result="${kind}">${t.titles[kind]}</h1><p>${t.texts[kind]}</p>${facts}</main></body></html>`;
}
