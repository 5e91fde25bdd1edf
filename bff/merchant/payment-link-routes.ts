// /v1/merchant/payment-links: the gateway's link operations (gateway-api.md §4.8-§4.12). Every
// link reports its payment to this BFF (callback_url and webhook_url), where it is confirmed by
// lookup (bff/intake/links), never trusted as sent.
import { Hono } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { linkTypes, type LinkListItem } from '../../contract/gateway/index.ts';
import { fromMinorUnits } from '../../contract/money.ts';
import { parseGatewayDateTime } from '../gateway/date-time.ts';
import { navigableGatewayUrl, type NavigableUrlPolicy, httpsOnly } from '../gateway/navigable-url.ts';
import { ProblemException } from '../http/problem.ts';
import { webhookDb } from '../store/webhook-tables.ts';
import { recordOwnLink } from '../intake/links/link-screen.ts';
import { positiveAmountInMinorUnits } from '../http/positive-amount.ts';
import { invalidField } from '../lib/domain-error.ts';
import { validate } from '../http/validation.ts';
import type { Services } from '../services.ts';
import { gatewayProblem } from './gateway-problems.ts';
import { createPaymentLinkRequest, paymentLinkListQuery, type PaymentLink, type PaymentLinkDetail, type PaymentLinkPage } from '../../contract/merchant-api.ts';
import { upstreamMoneyShown } from '../../contract/upstream-money.ts';
import { describeRoute } from '../http/openapi/route-doc.ts';
import { merchantDocs } from './merchant-openapi.ts';

/** Where the gateway sends a paid link's buyer (GET) and its report (POST): ARCHITECTURE.md paths. */
export const linkCallbackPath = '/v1/links/return';
export const linkWebhookPath = '/v1/webhooks/links';

const isoOf = (gatewayDate: string) => parseGatewayDateTime(gatewayDate)?.toISOString() ?? gatewayDate;

function linkView(link: LinkListItem, policy: NavigableUrlPolicy): PaymentLink {
  return linkViewAt(link, navigableGatewayUrl(link.url, 'payment link', policy));
}

/** The link as the list shows it, with its URL already checked (or as the gateway gave it). */
export function linkViewAt(link: LinkListItem, url: string): PaymentLink {
  return {
    id: String(link.id),
    url,
    // The one reading of an upstream amount (15000, "15,000.00" → "15000.00").
    ...upstreamMoneyShown(link.amount, link.currency),
    reference: link.reference,
    description: link.description,
    timesUsed: Number(link.times_used ?? 0) || 0,
    createdAt: link.create === null ? null : isoOf(link.create),
  };
}

function linkId(text: string): string {
  if (!/^\d{1,18}$/.test(text)) throw new ProblemException(404, { type: problemTypes.notFound, title: 'Not found', detail: 'No such payment link.' });
  return text;
}

export type MerchantPaymentLinkRoutesDeps = Pick<Services, 'gateway' | 'config' | 'logger' | 'store' | 'clock' | 'merchantIdempotency'>;

export function merchantPaymentLinkRoutes(services: MerchantPaymentLinkRoutesDeps) {
  const idempotent = services.merchantIdempotency.required;
  const { gateway, config } = services;
  const urlPolicy: NavigableUrlPolicy = { production: httpsOnly(config), logger: services.logger };

  async function detailOf(id: string): Promise<PaymentLinkDetail> {
    try {
      const [byId, detail] = await Promise.all([gateway.getLinkPaymentById(id), gateway.getDetailLinkPayment(id)]);
      return {
        ...linkView(byId.data, urlPolicy),
        client: detail.detail.client,
        type: detail.detail.type,
        callbackUrl: detail.detail.callback_url,
        payments: byId.data.payments,
      };
    } catch (error) {
      throw gatewayProblem(error, 'payment link', false) ?? error;
    }
  }

  return new Hono()
    .post('/payment-links', describeRoute(merchantDocs.createPaymentLink), idempotent, validate('json', createPaymentLinkRequest), async (c) => {
      const body = c.req.valid('json');
      const minor = positiveAmountInMinorUnits(body.amount, body.currency);
      if (body.client && !body.singleUse) throw invalidField('client', 'A customer name applies to single-use links only.', 'client_needs_single_use');
      // Read at request time: with BFF_PORT=0 the public URL is known only once listening.
      const bffUrl = config.PUBLIC_BFF_URL;
      let created;
      try {
        created = await gateway.createLinkPayment({
          amount: fromMinorUnits(minor, body.currency),
          currency: body.currency,
          type: body.singleUse ? linkTypes.singleUse : linkTypes.unlimited,
          ...(body.reference ? { reference: body.reference } : {}),
          ...(body.description ? { description: body.description } : {}),
          ...(body.client ? { client: body.client } : {}),
          callback_url: bffUrl + linkCallbackPath,
          webhook_url: bffUrl + linkWebhookPath,
        });
      } catch (error) {
        throw gatewayProblem(error, 'payment link creation', true) ?? error;
      }
      const id = String(created.id);
      // Ours from now on: only links recorded here have their reports taken (bff/intake/links/link-screen.ts).
      await recordOwnLink(webhookDb(services.store), { id, amount: fromMinorUnits(minor, body.currency), currency: body.currency, now: services.clock.now() });
      // The link exists now: a failed read-back must not turn into an error that invites a second link.
      const view: PaymentLinkDetail = await detailOf(id).catch(() => ({
        id,
        url: navigableGatewayUrl(created.url, 'payment link', urlPolicy),
        amount: fromMinorUnits(minor, body.currency),
        currency: body.currency,
        reference: body.reference ?? '',
        description: body.description ?? '',
        timesUsed: 0,
        createdAt: services.clock.now().toISOString(),
        client: body.client ?? '',
        type: body.singleUse ? 'Single use' : 'Unlimited',
        callbackUrl: bffUrl + linkCallbackPath,
        payments: [],
      }));
      return c.json(view, 201);
    })
    .get('/payment-links', describeRoute(merchantDocs.listPaymentLinks), validate('query', paymentLinkListQuery), async (c) => {
      const { limit, page } = c.req.valid('query');
      let list;
      try {
        list = await gateway.getLinkPaymentList(limit, page);
      } catch (error) {
        throw gatewayProblem(error, 'payment link list', false) ?? error;
      }
      const response: PaymentLinkPage = {
        items: list.data.payment_link.map((link) => linkView(link, urlPolicy)),
        page: list.data.current_page,
        perPage: list.data.per_page,
        total: list.data.total,
        lastPage: list.data.last_page,
      };
      c.header('Cache-Control', 'no-store');
      return c.json(response);
    })
    .get('/payment-links/:id', describeRoute(merchantDocs.getPaymentLink), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await detailOf(linkId(c.req.param('id'))));
    })
    .delete('/payment-links/:id', describeRoute(merchantDocs.deletePaymentLink), async (c) => {
      const id = linkId(c.req.param('id'));
      try {
        await gateway.deleteLinkPayment(id);
      } catch (error) {
        throw gatewayProblem(error, 'payment link deletion', true) ?? error;
      }
      return c.body(null, 204);
    });
}
