// POST /v1/webhooks/banking and POST /v1/webhooks/links. Authenticate (bank: decrypt) or at
// least validate the raw body, store it in the inbox, and answer 2xx only after that commit.
// Processing happens later in the inbox worker; a repeated delivery is acknowledged, not redone.
// A link report for a link we did not create is acknowledged and counted, never stored, and one for
// a payment of our link that nothing vouches for waits as a row only within caps (link-report-admission.ts); refused
// deliveries are all counted, and only a bounded sample of them is written down. A bank delivery
// that decrypts to a JSON object is never refused: one our contract cannot read is kept as unreadable.
import { tagOrder } from '../../lib/observability/log-context.ts';
import { Hono, type Context } from 'hono';
import { FixedWindowLimiter } from '../../http/rate-limit.ts';
import type { InboxWriter } from '../inbox/inbox-writer.ts';
import { webhookDb, type WebhookDb } from '../../store/webhook-tables.ts';
import type { Clock } from '../../lib/observability/clock.ts';
import type { Logger } from '../../lib/observability/logger.ts';
import { linkEventId, readLinkWebhook, reportFromWebhook, toStoredLinkReport } from '../links/link-report.ts';
import { screenLinkReport } from '../links/link-screen.ts';
import { LinkReportAdmissions } from '../links/link-report-admission.ts';
import { linkGatewayCredentials } from '../links/link-report-gateway.ts';
import { BankDeliveryRejected, openBankDelivery, secretRefsOf } from './bank-delivery.ts';
import { recordRejectedDelivery } from './rejected-deliveries.ts';
import { unreadableInboxEvent } from '../inbox/unreadable-events.ts';
import { webhookMetricsFor, type WebhookMetrics } from './webhook-metrics.ts';
import { webhookRejected } from './webhook-problem.ts';
import { describeRoute } from '../../http/openapi/route-doc.ts';
import { webhookDocs } from './webhook-openapi.ts';
import { clientAddressKey } from '../../http/client-ip.ts';
import { plainJsonAnswer } from '../../http/plain-answer.ts';
import type { Services } from '../../services.ts';

export type WebhookRoutesDeps = Pick<Services, 'store' | 'config' | 'clock' | 'logger' | 'metrics' | 'inbox' | 'linkReports'>;

/** Mounted at /v1/webhooks: the bank's deliveries and the gateway's link reports. */
export function webhookRoutes(services: WebhookRoutesDeps) {
  const { config, clock } = services;
  const db = webhookDb(services.store);
  return receiverRoutes({
    db,
    clock,
    logger: services.logger,
    metrics: webhookMetricsFor(services.metrics),
    bankSecretRefs: secretRefsOf(config.BANK_SECRET_REF),
    inbox: services.inbox,
    rejectedSamples: new FixedWindowLimiter(config.REJECTED_SAMPLES_PER_MINUTE, 60_000, clock),
    addressOf: (c: Context) => clientAddressKey(c, config),
    brand: config.GATEWAY_BRAND,
    linkAdmissions: new LinkReportAdmissions({
      db,
      linkLookups: services.linkReports.linkLookups,
      credentials: linkGatewayCredentials(config),
      unlistedPerLink: config.LINK_UNLISTED_REPORTS_PER_LINK,
      unlistedPerAddress: new FixedWindowLimiter(config.LINK_UNLISTED_REPORTS_PER_ADDRESS_PER_HOUR, 60 * 60_000, clock),
      now: () => clock.now(),
    }),
  });
}

/** What the receivers run on, built from the services. */
interface ReceiverParts {
  db: WebhookDb;
  /** GATEWAY_BRAND: how the link webhook spells `<brand>LinkId` and `<brand>OrderId`. */
  brand: string;
  clock: Clock;
  logger: Logger;
  metrics: WebhookMetrics;
  /** Current secret first, then the previous one during a rotation. */
  bankSecretRefs: readonly string[];
  /** Stores deliveries in the inbox (group commit) and wakes the worker. */
  inbox: InboxWriter;
  /**
   * How many refused deliveries are kept as samples (REJECTED_SAMPLES_PER_MINUTE per instance):
   * every one is counted in /metrics, but a flood of junk must not cost a synced row each.
   */
  rejectedSamples: FixedWindowLimiter;
  /** The client's address key, to tally link reports per sender (link_reports_by_address). */
  addressOf: (c: Context) => string;
  /** Which reports for our links are kept as rows, and which only counted on the link. */
  linkAdmissions: LinkReportAdmissions;
}

/** The answer to a delivery taken (stored, or known already): answered often, so built with its headers on it. */
const acknowledged = (c: Context) => plainJsonAnswer(c, { received: true }, 200);

function receiverRoutes(deps: ReceiverParts) {
  const { db, clock, logger, metrics } = deps;

  const refuse = async (source: 'bank' | 'links', reason: string, rawBody: string, fieldPaths: readonly string[] = []) => {
    metrics.rejections.inc({ source, reason });
    metrics.deliveries.inc({ source, outcome: 'rejected' });
    // The reason and size only: never the body, decrypted or not.
    logger.warn({ source, reason, bytes: Buffer.byteLength(rawBody), fields: fieldPaths.length ? fieldPaths : undefined }, 'webhook delivery rejected');
    if (deps.rejectedSamples.hit(source) === 0) await recordRejectedDelivery(db, { source, reason, rawBody, fieldPaths, now: clock.now() });
    return webhookRejected();
  };

  return new Hono()
    .post('/banking', describeRoute(webhookDocs.receiveBankDelivery), async (c) => {
      const rawBody = await c.req.text();
      let opened;
      try {
        opened = openBankDelivery(rawBody, deps.bankSecretRefs);
      } catch (error) {
        if (error instanceof BankDeliveryRejected) throw await refuse('bank', error.reason, rawBody);
        throw error;
      }
      if (opened.kind === 'unreadable') {
        // The bank's own, authenticated: kept and acknowledged, never lost for not reading today.
        const unreadable = unreadableInboxEvent(opened, clock.now());
        const stored = await deps.inbox.enqueue(unreadable);
        metrics.unreadable.inc();
        metrics.deliveries.inc({ source: 'bank', outcome: stored });
        // Field paths only: never the plaintext or a value from it.
        logger.warn({ source: 'bank', externalId: unreadable.externalId, type: unreadable.type, fields: opened.issues.map((issue) => issue.path), outcome: stored }, 'bank delivery does not read against the event contract; stored as unreadable');
        return acknowledged(c);
      }
      const event = opened.event;
      const stored = await deps.inbox.enqueue({
        source: 'bank',
        externalId: event.event.event_id,
        type: event.event.event_type,
        payload: event,
        now: clock.now(),
      });
      metrics.deliveries.inc({ source: 'bank', outcome: stored });
      return acknowledged(c);
    })
    .post('/links', describeRoute(webhookDocs.receiveLinkWebhook), async (c) => {
      const address = deps.addressOf(c);
      metrics.linkReportsByAddress.note(address);
      const rawBody = await c.req.text();
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw await refuse('links', 'not_json', rawBody);
      }
      const parsed = readLinkWebhook(json, deps.brand);
      if (!parsed.ok) throw await refuse('links', 'schema', rawBody, parsed.fields);
      // Unsigned by the gateway: stored as a claim to check, confirmed by lookup in the worker,
      // and only for a link we created.
      const report = reportFromWebhook(parsed.data);
      tagOrder(report.orderNumber);
      const screen = await screenLinkReport(db, report);
      if (screen === 'own_order') throw await refuse('links', 'own_order', rawBody);
      if (screen === 'unknown_link') {
        metrics.linkReportsIgnored.inc({ via: 'webhook', reason: screen });
        return acknowledged(c);
      }
      // A claim for a payment nothing vouches for waits as a row only within its caps.
      const admitted = await deps.linkAdmissions.admit(report, address, () =>
        deps.inbox.enqueue({
          source: 'links',
          externalId: linkEventId(report),
          type: 'link.payment',
          payload: toStoredLinkReport('webhook', report),
          now: clock.now(),
        }),
      );
      if (admitted.admission === 'count') {
        metrics.linkReportsIgnored.inc({ via: 'webhook', reason: 'unlisted_payment' });
        return acknowledged(c);
      }
      metrics.deliveries.inc({ source: 'links', outcome: admitted.stored });
      return acknowledged(c);
    });
}
