// The small result page a link buyer lands on (GET /v1/links/return), in es, en or pt-BR. The
// text is ours; the only values shown come from our confirmed record, and they are escaped anyway.
// The skeleton, the headers and the choice of language are bff/http/html-page.ts's.
import { escapeHtml, renderHtmlPage, type PageLocale } from '../http/html-page.ts';

export type LinkResultKind = 'paid' | 'declined' | 'review' | 'pending' | 'invalid';

interface Translation {
  titles: Record<LinkResultKind, string>;
  texts: Record<LinkResultKind, string>;
  order: string;
  amount: string;
}

const translations: Record<PageLocale, Translation> = {
  es: {
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

export function renderLinkResultPage(
  locale: PageLocale,
  kind: LinkResultKind,
  details?: { orderNumber: string; amount: string; currency: string },
): string {
  const t = translations[locale];
  const facts = details
    ? `<dl><dt>${t.order}</dt><dd>${escapeHtml(details.orderNumber)}</dd><dt>${t.amount}</dt><dd>${escapeHtml(details.amount)} ${escapeHtml(details.currency)}</dd></dl>`
    : '';
  return renderHtmlPage(locale, t.titles[kind], `<h1 data-result="${kind}">${t.titles[kind]}</h1><p>${t.texts[kind]}</p>${facts}`);
}
