// The handler of each inbox source. Both are idempotent: re-running one for an event already
// applied writes the same thing (bank) or finds the payment already confirmed (links).
import type { Logger } from '../../lib/observability/logger.ts';
import type { WebhookMetrics } from '../webhooks/webhook-metrics.ts';
import { confirmLinkPayment, isNoSuchLink, type LinkConfirmationDeps } from '../links/link-confirmation.ts';
import { fromStoredLinkReport, storedLinkReport } from '../links/link-report.ts';
import { screenLinkReport } from '../links/link-screen.ts';
import { applyBankEvent, parseStoredBankEvent } from './bank-payment-handler.ts';
import { bankPaymentView } from '../../sinpe/bank-payment-view.ts';
import { lookUpBankPayment } from '../banking/bank-payment-lookup.ts';
import type { BankEvent } from '../../../contract/bank/events.ts';
import { settleSinpeTransfer, type MatcherSettings } from '../../sinpe/matcher.ts';
import { recordBankPaymentEvent } from '../../outbox/bank-payment-events.ts';
import type { EventSource } from '../../store/webhook-tables.ts';
import { tagOrder } from '../../lib/observability/log-context.ts';
import { forgetEvent, PermanentEventFailure, RetryNotBefore, type EventHandler } from './worker.ts';
import { countUnlistedReport } from '../links/link-report-admission.ts';

export interface EventHandlerDeps extends LinkConfirmationDeps {
  logger: Logger;
  metrics: WebhookMetrics;
  /** The merchant's SINPE Móvil number and how long a lapsed transfer's amount stays reserved. */
  sinpe: MatcherSettings;
}

/** Thrown while the gateway does not show a reported link payment yet: the inbox retries later. */
export class LinkPaymentNotYetVisible extends RetryNotBefore {
  override name = 'LinkPaymentNotYetVisible';
}

export function createEventHandlers(deps: EventHandlerDeps): Record<EventSource, EventHandler> {
  return {
    bank: async (row) => {
      const stored = parseStoredBankEvent(row.payload);
      const event = await withLookedUpAmount(stored);
      return async (trx) => {
        const outcome = await applyBankEvent(trx, event, deps.clock.now());
        const match = await settleSinpeTransfer(trx, event, deps.clock.now(), deps.sinpe, outcome.row);
        if (match.kind === 'matched') {
          tagOrder(match.orderNumber);
          deps.logger.info({ eventId: event.event.event_id, type: event.event.event_type, status: match.status }, 'bank event settled an order');
        }
        // The merchant's webhook event, committed with the payment's new state and its order, if
        // the event settled one (or not at all). A match may have written the row: read it again then.
        const payment = (match.kind === 'unmatched' ? outcome.row : undefined) ?? (await trx.selectFrom('bank_payments').selectAll().where('payment_id', '=', event.payment.payment_id).executeTakeFirstOrThrow());
        await recordBankPaymentEvent(trx, event.event.event_type, bankPaymentView(payment), deps.clock.now());
        if (outcome.netAmountMismatch) {
          deps.metrics.netAmountMismatches.inc();
          deps.logger.warn({ paymentId: outcome.paymentId, eventId: event.event.event_id }, 'payment.succeeded net_amount breaks the §6.4 rule; flagged');
        }
      };
    },
    links: async (row) => {
      const stored = storedLinkReport.parse(JSON.parse(row.payload));
      const report = fromStoredLinkReport(stored);
      tagOrder(report.orderNumber);
      // Screened at intake already; a report stored before that (or for a link since forgotten)
      // is screened again, so nothing reaches the gateway for a link that is not ours.
      const screen = await screenLinkReport(deps.db, report);
      if (screen === 'unknown_link') return async () => undefined;
      if (screen === 'own_order') throw new PermanentEventFailure(`link report names our checkout order ${report.orderNumber}`);
      // Gateway lookups happen here, outside the transaction; the confirmation stores once.
      const confirmation = await confirmLinkPayment(deps, report, stored.via, new Date(row.received_at)).catch((error: unknown) => {
        if (isNoSuchLink(error)) throw new PermanentEventFailure(`the gateway has no link ${report.svcLinkId}`);
        throw error;
      });
      // The listing refused the claim: it ends as a count on the link, not as a dead row kept a month.
      if (confirmation.state === 'unknown_payment') {
        deps.metrics.linkReportsIgnored.inc({ via: stored.via, reason: 'unlisted_payment' });
        return async (trx) => {
          await countUnlistedReport(trx, report.svcLinkId, deps.clock.now());
          return forgetEvent;
        };
      }
      if (confirmation.state === 'pending') throw new LinkPaymentNotYetVisible(`gateway shows no payment ${report.svcOrderId} for link ${report.svcLinkId} yet`, confirmation.retryAt);
      return async () => undefined;
    },
  };
}

/**
 * An event without its optional amount (banking-webhooks.md §6.2) takes the amount the bank's own
 * lookup gives, when there is one (banking/bank-payment-lookup.ts); the event's own word otherwise.
 */
async function withLookedUpAmount(event: BankEvent): Promise<BankEvent> {
  // Only an event without its amount needs the lookup: every other one costs no call.
  if (event.payment.amount.amount !== undefined) return event;
  const lookup = await lookUpBankPayment(event.payment.payment_id);
  if (lookup?.amount === undefined) return event;
  return { ...event, payment: { ...event.payment, amount: { amount: lookup.amount, currency: lookup.currency ?? event.payment.amount.currency } } } as BankEvent;
}
