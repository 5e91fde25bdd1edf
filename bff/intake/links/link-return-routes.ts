// GET /v1/links/return: the buyer's browser, sent by the gateway to the link's callback_url with
// the query of gateway-api.md §6.2. The query is only a claim: the payment is confirmed by lookup
// (link-confirmation.ts) before the page says "approved". The report also goes to the inbox: when
// it cannot be confirmed now, the worker keeps trying, and the buyer sees "processing".
import { tagOrder } from '../../lib/observability/log-context.ts';
import { Hono, type Context } from 'hono';
import { GatewayError, GatewayUnavailableError } from '../../gateway/errors.ts';
import type { InboxWriter } from '../inbox/inbox-writer.ts';
import type { Logger } from '../../lib/observability/logger.ts';
import { webhookMetricsFor, type WebhookMetrics } from '../webhooks/webhook-metrics.ts';
import { confirmLinkPayment, isNoSuchLink, type LinkConfirmationDeps } from './link-confirmation.ts';
import { screenLinkReport } from './link-screen.ts';
import { linkEventId, readLinkCallback, toStoredLinkReport } from './link-report.ts';
import { htmlPageHeaders, pageLocale } from '../../http/html-page.ts';
import { renderLinkResultPage, type LinkPaymentFacts, type LinkResultKind, type LinkShop } from './link-result-page.ts';
import { describeRoute } from '../../http/openapi/route-doc.ts';
import { webhookDocs } from '../webhooks/webhook-openapi.ts';
import { webhookDb } from '../../store/webhook-tables.ts';
import { clientAddressKey } from '../../http/client-ip.ts';
import { linkGatewayCredentials } from './link-report-gateway.ts';
import type { Services } from '../../services.ts';

export type LinkReturnRoutesDeps = Pick<Services, 'store' | 'config' | 'clock' | 'logger' | 'metrics' | 'inbox' | 'linkReports'>;

/** Mounted at /v1/links: the gateway's link callback, followed by the buyer's browser. */
export function linkReturnRoutes(services: LinkReturnRoutesDeps) {
  const { config } = services;
  return linkReturnPage({
    db: webhookDb(services.store),
    gateway: services.linkReports.gateway,
    linkLookups: services.linkReports.linkLookups,
    clock: services.clock,
    credentials: linkGatewayCredentials(config),
    logger: services.logger,
    metrics: webhookMetricsFor(services.metrics),
    resultUrl: config.LINK_RESULT_URL,
    inbox: services.inbox,
    addressOf: (c: Context) => clientAddressKey(c, config),
    shop: linkShopOf(config),
    brand: config.GATEWAY_BRAND,
  });
}

/** The shop a link buyer is told they paid, and its site for "back" (the first browser origin allowed). */
function linkShopOf(config: Services['config']): LinkShop {
  const site = config.ALLOWED_ORIGINS[0];
  return { name: config.MERCHANT_NAME, siteUrl: site ? new URL(site).href : undefined };
}

/** What the link return page runs on, built from the services. */
interface LinkReturnDeps extends LinkConfirmationDeps {
  logger: Logger;
  metrics: WebhookMetrics;
  /** LINK_RESULT_URL: send the buyer there (with ?result=…&orderNumber=…) instead of our page. */
  resultUrl: string | undefined;
  /** Stores the report in the inbox (group commit) and wakes the worker. */
  inbox: InboxWriter;
  /** The client's address key, to tally link reports per sender (link_reports_by_address). */
  addressOf: (c: Context) => string;
  /** Named on the result page, with a link back to its site. */
  shop: LinkShop;
  /** GATEWAY_BRAND: how the callback spells `<brand>LinkId` and `<brand>OrderId`. */
  brand: string;
}

/**
 * The link's description from the listing the confirmation looked up (or an earlier one): a reload
 * of the page is answered from the store and must not buy a gateway lookup just for the words.
 */
function linkDescription(deps: LinkReturnDeps, linkId: string): string | undefined {
  return deps.linkLookups.remembered(linkId)?.link.description || undefined;
}

function linkReturnPage(deps: LinkReturnDeps) {
  return new Hono().get('/return', describeRoute(webhookDocs.linkReturn), async (c) => {
    deps.metrics.linkReportsByAddress.note(deps.addressOf(c));
    const query = c.req.query();
    const locale = pageLocale(query.lang, c.req.header('Accept-Language'));
    const report = readLinkCallback(query, deps.brand);
    tagOrder(report?.orderNumber);
    if (!report) return c.body(renderLinkResultPage(locale, 'invalid', undefined, deps.shop), 400, htmlPageHeaders);
    // Only our links' reports are looked up or stored; one naming a checkout order of ours is refused.
    const screen = await screenLinkReport(deps.db, report);
    if (screen !== 'ours') {
      deps.metrics.linkReportsIgnored.inc({ via: 'callback', reason: screen });
      return c.body(renderLinkResultPage(locale, 'invalid', undefined, deps.shop), screen === 'own_order' ? 400 : 200, htmlPageHeaders);
    }

    let kind: LinkResultKind = 'pending';
    let details: LinkPaymentFacts | undefined;
    try {
      const confirmation = await confirmLinkPayment(deps, report, 'callback');
      if (confirmation.state === 'confirmed') {
        kind = confirmation.payment.status;
        const { order_number: orderNumber, amount, currency } = confirmation.payment;
        details = { orderNumber, amount, currency, description: linkDescription(deps, report.svcLinkId) };
      }
    } catch (error) {
      if (isNoSuchLink(error)) {
        deps.logger.warn({ svcLinkId: report.svcLinkId }, 'link callback for a link the gateway does not know; not queued');
        return c.body(renderLinkResultPage(locale, 'invalid', undefined, deps.shop), 200, htmlPageHeaders);
      }
      if (!(error instanceof GatewayError || error instanceof GatewayUnavailableError)) throw error;
      deps.logger.warn({ svcLinkId: report.svcLinkId, svcOrderId: report.svcOrderId, error: error.message }, 'link callback could not be confirmed now; queued');
    }
    // Every report is an inbox event, so the merchant sees callbacks in /v1/merchant/events too. A
    // confirmed one is a no-op for the worker; a pending one is retried there until it resolves.
    await deps.inbox.enqueue({
      source: 'links',
      externalId: linkEventId(report),
      type: 'link.payment',
      payload: toStoredLinkReport('callback', report),
      now: deps.clock.now(),
    });

    if (deps.resultUrl) {
      const target = new URL(deps.resultUrl);
      target.searchParams.set('result', kind);
      if (details) target.searchParams.set('orderNumber', details.orderNumber);
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      return c.redirect(target.toString(), 303);
    }
    return c.body(renderLinkResultPage(locale, kind, details, deps.shop), 200, htmlPageHeaders);
  });
}
