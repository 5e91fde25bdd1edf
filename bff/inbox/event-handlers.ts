// The handler of each inbox source. Both are idempotent: re-running one for an event already
// applied writes the same thing (bank) or finds the payment already confirmed (links).
import type { Logger } from '../observability/logger.ts';
import type { WebhookMetrics } from '../webhooks/webhook-metrics.ts';
import { confirmLinkPayment, type LinkConfirmationDeps } from '../links/link-confirmation.ts';
import { fromStoredLinkReport, storedLinkReport } from '../links/link-report.ts';
import { applyBankEvent, parseStoredBankEvent } from './bank-payment-handler.ts';
import type { EventSource } from './tables.ts';
import type { EventHandler } from './worker.ts';

export interface EventHandlerDeps extends LinkConfirmationDeps {
  logger: Logger;
  metrics: WebhookMetrics;
}

/** Thrown while the gateway does not show a reported link payment yet: the inbox retries later. */
export class LinkPaymentNotYetVisible extends Error {
  override name = 'LinkPaymentNotYetVisible';
}

export function createEventHandlers(deps: EventHandlerDeps): Record<EventSource, EventHandler> {
  return {
    bank: async (row) => {
      const event = parseStoredBankEvent(row.payload);
      return async (trx) => {
        const outcome = await applyBankEvent(trx, event, deps.clock.now());
        if (outcome.netAmountMismatch) {
          deps.metrics.netAmountMismatches.inc();
          deps.logger.warn({ paymentId: outcome.paymentId, eventId: event.event.event_id }, 'payment.succeeded net_amount breaks the §6.4 rule; flagged');
        }
      };
    },
    links: async (row) => {
      const stored = storedLinkReport.parse(JSON.parse(row.payload));
      const report = fromStoredLinkReport(stored);
      // Gateway lookups happen here, outside the transaction; the confirmation stores once.
      const confirmation = await confirmLinkPayment(deps, report, stored.via);
      if (confirmation.state === 'pending') throw new LinkPaymentNotYetVisible(`gateway shows no payment ${report.svcOrderId} for link ${report.svcLinkId} yet`);
      return async () => undefined;
    },
  };
}
