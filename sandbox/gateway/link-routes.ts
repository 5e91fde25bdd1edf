import { gatewayResponseTypes } from '../../contract/gateway-facts.ts';
import { Hono, type Context } from 'hono';
import { withBrandKeys } from '../../contract/gateway/brand.ts';
import { createLinkPaymentRequest, deleteLinkPaymentRequest } from '../../contract/gateway/index.ts';
import { gatewayDateTime } from '../clock.ts';
import { operation } from '../control/operation.ts';
import type { SandboxState } from '../state.ts';
import { amountProblem, gatewayFailure, invalidKeyFailure, readGatewayBody, requestOrigin, requireApiToken, wrongKey } from './gateway-http.ts';
import { timesUsed, type LinkPayment, type PaymentLink } from './link-book.ts';

export const linkPicturePath = '/assets/link-picture.svg';

/**
 * The payment-link operations (gateway-api.md §4.8-4.12). The three GET queries carry the
 * API key in the path; a wrong key fails in the body like everywhere else.
 */
export function linkRoutes(state: SandboxState) {
  const auth = requireApiToken(state);
  const findLink = (c: Context) => {
    const id = c.req.param('link_payment_id') ?? '';
    return /^\d+$/.test(id) ? state.links.byId(Number(id)) : undefined;
  };

  return new Hono()
    .post('/api/v1/createLinkPayment', operation('createLinkPayment', state), auth, async (c) => {
      const read = await readGatewayBody(c, createLinkPaymentRequest);
      if (!read.ok) return read.response;
      const body = read.body;
      if (wrongKey(state, body.key)) return invalidKeyFailure(c);
      const problem = amountProblem(body.amount, body.currency);
      if (problem) return gatewayFailure(c, gatewayResponseTypes.integrationError, problem);
      // https-only is the bank's rule (banking-webhooks.md §4.1); gateway-api.md asks only for a URL.
      if (body.webhook_url && !/^https?:\/\//.test(body.webhook_url)) return gatewayFailure(c, gatewayResponseTypes.integrationError, 'webhook_url must be an http(s) URL');
      if (body.callback_url && !/^https?:\/\//.test(body.callback_url)) return gatewayFailure(c, gatewayResponseTypes.integrationError, 'callback_url must be an http(s) URL');
      const type = body.type === 1 ? 1 : 0;
      const link = state.links.create({
        amount: body.amount,
        currency: body.currency,
        reference: body.reference ?? '',
        type,
        description: body.description ?? '',
        // `client` applies only to single-use links (gateway-api.md §4.8).
        client: type === 1 ? body.client ?? '' : '',
        callbackUrl: body.callback_url || null,
        webhookUrl: body.webhook_url || null,
      });
      return c.json({ type: gatewayResponseTypes.ok, message: 'Payment link created', url: linkUrl(c, link), id: link.id });
    })
    .post('/api/v1/deleteLinkPayment', operation('deleteLinkPayment', state), auth, async (c) => {
      const read = await readGatewayBody(c, deleteLinkPaymentRequest);
      if (!read.ok) return read.response;
      const body = read.body;
      if (wrongKey(state, body.key)) return invalidKeyFailure(c);
      const link = /^\d+$/.test(String(body.id)) ? state.links.byId(Number(body.id)) : undefined;
      if (!link) return c.json({ type: '404', status: 0, message: 'Payment link not found' });
      link.deleted = true;
      return c.json({ type: gatewayResponseTypes.ok, status: 1, message: 'Payment link deleted' });
    })
    .get('/api/v1/getDetailLinkPayment/:link_payment_id/:api_key', operation('getDetailLinkPayment', state), auth, (c) => {
      if (wrongKey(state, c.req.param('api_key'))) return invalidKeyFailure(c);
      const link = findLink(c);
      if (!link) return gatewayFailure(c, '404', 'Payment link not found');
      return c.json({
        type: gatewayResponseTypes.ok,
        message: 'OK',
        detail: {
          id: link.id,
          amount: link.amount,
          currency: link.currency,
          reference: link.reference,
          client: link.client,
          type: link.type === 1 ? 'Single use' : 'Unlimited',
          description: link.description,
          callback_url: link.callbackUrl,
          create: gatewayDateTime(link.createdAt),
        },
        payments: link.payments.map((payment) => paymentItem(payment, state.settings.profile.brand)),
      });
    })
    .get('/api/v1/getLinkPaymentById/:link_payment_id/:api_key', operation('getLinkPaymentById', state), auth, (c) => {
      if (wrongKey(state, c.req.param('api_key'))) return invalidKeyFailure(c);
      const link = findLink(c);
      if (!link) return gatewayFailure(c, '404', 'Payment link not found');
      return c.json({ type: gatewayResponseTypes.ok, message: 'OK', data: { ...linkListItem(c, link), payments: link.payments.map((payment) => paymentItem(payment, state.settings.profile.brand)) } });
    })
    .get('/api/v1/getLinkPaymentList/:api_key/:limit', operation('getLinkPaymentList', state), auth, (c) => {
      const apiKey = c.req.param('api_key');
      if (wrongKey(state, apiKey)) return invalidKeyFailure(c);
      const limitText = c.req.param('limit');
      const pageText = c.req.query('page') ?? '1';
      if (!/^[1-9]\d{0,3}$/.test(limitText) || !/^[1-9]\d*$/.test(pageText)) return gatewayFailure(c, gatewayResponseTypes.integrationError, 'limit and page must be positive integers');
      const perPage = Number(limitText);
      const links = state.links.active();
      const lastPage = Math.max(1, Math.ceil(links.length / perPage));
      const currentPage = Number(pageText);
      const slice = links.slice((currentPage - 1) * perPage, currentPage * perPage);
      const path = `${requestOrigin(c)}/api/v1/getLinkPaymentList/${encodeURIComponent(apiKey)}/${perPage}`;
      const pageUrl = (page: number) => `${path}?page=${page}`;
      const from = slice.length ? (currentPage - 1) * perPage + 1 : 0;
      return c.json({
        type: gatewayResponseTypes.ok,
        message: 'OK',
        data: {
          current_page: currentPage,
          from,
          last_page: lastPage,
          per_page: perPage,
          to: slice.length ? from + slice.length - 1 : 0,
          total: links.length,
          first_page_url: pageUrl(1),
          last_page_url: pageUrl(lastPage),
          // The spec types next_page_url as a string (prev_page_url may be null): on the last
          // page it repeats the last page's URL rather than inventing a null.
          next_page_url: pageUrl(Math.min(currentPage + 1, lastPage)),
          path,
          prev_page_url: currentPage > 1 ? pageUrl(currentPage - 1) : null,
          payment_link: slice.map((link) => linkListItem(c, link)),
        },
      });
    });
}

export function linkUrl(c: Context, link: PaymentLink): string {
  return `${requestOrigin(c)}/pay/${link.token}`;
}

function linkListItem(c: Context, link: PaymentLink) {
  const used = timesUsed(link);
  return {
    id: link.id,
    amount: link.amount,
    currency: link.currency,
    reference: link.reference,
    url: linkUrl(c, link),
    callback_url: link.callbackUrl,
    description: link.description,
    times_used: used > 0 ? String(used) : null,
    picture: `${requestOrigin(c)}${linkPicturePath}`,
    create: gatewayDateTime(link.createdAt),
  };
}

/** Items of a link's payments array: "not shown" in the spec; the sandbox's shape. */
function paymentItem(payment: LinkPayment, brand: string) {
  return withBrandKeys({ ...payment, date: gatewayDateTime(payment.date) }, brand);
}
