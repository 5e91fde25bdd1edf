// The small result page a link buyer lands on (GET /v1/links/return), in es, en or pt-BR. The
// text is ours; the only values shown come from our confirmed record, and they are escaped anyway.
// The skeleton, the headers and the choice of language are bff/http/html-page.ts's.
import { escapeHtml, renderHtmlPage, type PageLocale } from '../../http/html-page.ts';

export type LinkResultKind = 'paid' | 'declined' | 'review' | 'pending' | 'invalid';

interface Translation {
  titles: Record<LinkResultKind, string>;
  texts: Record<LinkResultKind, string>;
  merchant: string;
  description: string;
  order: string;
  amount: string;
  backTo: (merchant: string) => string;
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
    merchant: 'Comercio',
    description: 'Descripción',
    order: 'Orden',
    amount: 'Monto',
    backTo: (merchant) => `Volver a ${merchant}`,
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
    merchant: 'Merchant',
    description: 'Description',
    order: 'Order',
    amount: 'Amount',
    backTo: (merchant) => `Back to ${merchant}`,
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
    merchant: 'Loja',
    description: 'Descrição',
    order: 'Pedido',
    amount: 'Valor',
    backTo: (merchant) => `Voltar para ${merchant}`,
  },
};

/** Who the buyer paid, and where "back" goes: MERCHANT_NAME, and the shop's site (the first ALLOWED_ORIGINS origin). */
export interface LinkShop {
  name: string | undefined;
  siteUrl: string | undefined;
}

export interface LinkPaymentFacts {
  orderNumber: string;
  amount: string;
  currency: string;
  /** The link's description as the merchant wrote it, when the gateway's listing gave it. */
  description?: string | undefined;
}

/** The amount as the page's language writes it (15.000,00 CRC; CRC 15,000.00); as stored when the currency is not one Intl knows. */
export function linkPageAmount(locale: PageLocale, amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount as `${number}`);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** The shop's name: MERCHANT_NAME, else its site's host name; undefined when neither is configured. */
function shopName(shop: LinkShop | undefined): string | undefined {
  if (shop?.name) return shop.name;
  return shop?.siteUrl ? new URL(shop.siteUrl).hostname : undefined;
}

export function renderLinkResultPage(locale: PageLocale, kind: LinkResultKind, details?: LinkPaymentFacts, shop?: LinkShop): string {
  const t = translations[locale];
  const name = shopName(shop);
  const fact = (term: string, value: string) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`;
  const facts = [
    name ? fact(t.merchant, name) : '',
    details?.description ? fact(t.description, details.description) : '',
    details ? fact(t.order, details.orderNumber) + fact(t.amount, linkPageAmount(locale, details.amount, details.currency)) : '',
  ].join('');
  const back = shop?.siteUrl && name ? `<p><a href="${escapeHtml(shop.siteUrl)}">${escapeHtml(t.backTo(name))}</a></p>` : '';
  return renderHtmlPage(locale, t.titles[kind], `<h1 data-result="${kind}">${t.titles[kind]}</h1><p>${t.texts[kind]}</p>${facts ? `<dl>${facts}</dl>` : ''}${back}`);
}
