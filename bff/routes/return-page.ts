// The two HTML pages /v1/return shows instead of redirecting, in the buyer's language: the locale
// they used in the widget when the order has one, their browser's otherwise. Fixed text only:
// nothing from the request is ever written into them (a forged redirect must not inject markup).
import type { Context } from 'hono';
import { htmlPageHeaders, pageLocale, renderHtmlPage, type PageLocale } from '../http/html-page.ts';

type ReturnPage = 'unknownOrder' | 'noReturnAddress';

const texts: Record<PageLocale, Record<ReturnPage, { title: string; text: string }>> = {
  es: {
    unknownOrder: { title: 'Orden no encontrada', text: 'No encontramos este pago. Si se le cobró, contacte al comercio.' },
    noReturnAddress: { title: 'Pago recibido', text: 'Registramos el resultado de su pago. Puede cerrar esta ventana y volver a la tienda.' },
  },
  en: {
    unknownOrder: { title: 'Order not found', text: 'We could not find this payment. If you were charged, contact the shop.' },
    noReturnAddress: { title: 'Payment received', text: 'Your payment result was recorded. You can close this window and go back to the shop.' },
  },
  'pt-BR': {
    unknownOrder: { title: 'Pedido não encontrado', text: 'Não encontramos este pagamento. Se você foi cobrado, entre em contato com a loja.' },
    noReturnAddress: { title: 'Pagamento recebido', text: 'O resultado do seu pagamento foi registrado. Você pode fechar esta janela e voltar à loja.' },
  },
};

// Through the context (not a bare Response), so the headers the shared middleware set before the
// handler are part of the page's answer.
function returnPage(c: Context, page: ReturnPage, status: 200 | 404, orderLocale?: string | null): Response {
  const locale = pageLocale(orderLocale, c.req.header('Accept-Language'));
  const { title, text } = texts[locale][page];
  return c.body(renderHtmlPage(locale, title, `<h1>${title}</h1><p>${text}</p>`), status, htmlPageHeaders);
}

export function unknownOrderPage(c: Context): Response {
  return returnPage(c, 'unknownOrder', 404);
}

/** The order is known: its page speaks the language the buyer checked out in. */
export function noReturnAddressPage(c: Context, orderLocale: string | null): Response {
  return returnPage(c, 'noReturnAddress', 200, orderLocale);
}
