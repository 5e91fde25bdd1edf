// The ordered list of migrations. Append new ones (names sort: NNNN-what) and never edit a shipped one.
import type { Migration } from 'kysely';
import { initial } from './0001-initial.ts';
import { webhooks } from './0010-webhooks.ts';
import { inboxDueIndex } from './0011-inbox-due-index.ts';
import { paymentAttempts } from './0012-payment-attempts.ts';
import { intakeBounds } from './0013-intake-bounds.ts';
import { merchantWebhooks } from './0014-merchant-webhooks.ts';
import { sinpeMovil } from './0015-sinpe-movil.ts';
import { orderInvoice } from './0016-order-invoice.ts';
import { orderCard } from './0017-order-card.ts';
import { bankPaymentDestinationPhone } from './0018-bank-payment-destination-phone.ts';
import { idempotencyWithoutSecrets } from './0019-idempotency-without-secrets.ts';
import { endpointExpiry } from './0020-endpoint-expiry.ts';
import { hotQueryIndexes } from './0021-hot-query-indexes.ts';
import { parkedConsultSchedule } from './0030-parked-consult-schedule.ts';
import { sharedLimits } from './0040-shared-limits.ts';
import { listCursorIndexes } from './0041-list-cursor-indexes.ts';
import { sinpeUniqueAmount } from './0050-sinpe-unique-amount.ts';
import { exchangeRates } from './0051-exchange-rates.ts';
import { invoiceHandOff } from './0052-invoice-hand-off.ts';
import { shopKeysAndEventLog } from './0060-shop-keys-and-event-log.ts';
import { historyAction } from './0070-history-action.ts';
import { attemptStatus } from './0080-attempt-status.ts';
import { attemptWalks } from './0081-attempt-walks.ts';
import { openTransferStatus } from './0082-open-transfer-status.ts';
import { claimTimeOnAttempt } from './0083-claim-time-on-attempt.ts';
import { cardChargedMoney } from './0084-card-charged-money.ts';
import { paidByTransferMoney } from './0085-paid-by-transfer-money.ts';
import { pageAndErrorOnAttempt } from './0086-page-and-error-on-attempt.ts';
import { bankPaymentAction } from './0087-bank-payment-action.ts';
import { transferAmountHolds } from './0088-transfer-amount-holds.ts';
import { unreadableEventsIndex } from './0089-unreadable-events-index.ts';
import { cancelFlagOnAttempt } from './0090-cancel-flag-on-attempt.ts';
import { linkPaymentGatewayOrderNumber } from './0091-link-payment-gateway-order-number.ts';
import { pendingRefund } from './0092-pending-refund.ts';
import { merchantFilterIndexes } from './0093-merchant-filter-indexes.ts';
import { exchangeRateChanges } from './0094-exchange-rate-changes.ts';
import { bankPaymentPayerAndDay } from './0095-bank-payment-payer-and-day.ts';
import { unlistedLinkReports } from './0096-unlisted-link-reports.ts';
import { abandonedOrderWalk } from './0097-abandoned-order-walk.ts';
import { attemptFactsOnAttempt } from './0098-attempt-facts-on-attempt.ts';
import { pageLookWalk } from './0099-page-look-walk.ts';

export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0010-webhooks': webhooks,
  '0011-inbox-due-index': inboxDueIndex,
  '0012-payment-attempts': paymentAttempts,
  '0013-intake-bounds': intakeBounds,
  '0014-merchant-webhooks': merchantWebhooks,
  '0015-sinpe-movil': sinpeMovil,
  '0016-order-invoice': orderInvoice,
  '0017-order-card': orderCard,
  '0018-bank-payment-destination-phone': bankPaymentDestinationPhone,
  '0019-idempotency-without-secrets': idempotencyWithoutSecrets,
  '0020-endpoint-expiry': endpointExpiry,
  '0021-hot-query-indexes': hotQueryIndexes,
  '0030-parked-consult-schedule': parkedConsultSchedule,
  '0040-shared-limits': sharedLimits,
  '0041-list-cursor-indexes': listCursorIndexes,
  '0050-sinpe-unique-amount': sinpeUniqueAmount,
  '0051-exchange-rates': exchangeRates,
  '0052-invoice-hand-off': invoiceHandOff,
  '0060-shop-keys-and-event-log': shopKeysAndEventLog,
  '0070-history-action': historyAction,
  '0080-attempt-status': attemptStatus,
  '0081-attempt-walks': attemptWalks,
  '0082-open-transfer-status': openTransferStatus,
  '0083-claim-time-on-attempt': claimTimeOnAttempt,
  '0084-card-charged-money': cardChargedMoney,
  '0085-paid-by-transfer-money': paidByTransferMoney,
  '0086-page-and-error-on-attempt': pageAndErrorOnAttempt,
  '0087-bank-payment-action': bankPaymentAction,
  '0088-transfer-amount-holds': transferAmountHolds,
  '0089-unreadable-events-index': unreadableEventsIndex,
  '0090-cancel-flag-on-attempt': cancelFlagOnAttempt,
  '0091-link-payment-gateway-order-number': linkPaymentGatewayOrderNumber,
  '0092-pending-refund': pendingRefund,
  '0093-merchant-filter-indexes': merchantFilterIndexes,
  '0094-exchange-rate-changes': exchangeRateChanges,
  '0095-bank-payment-payer-and-day': bankPaymentPayerAndDay,
  '0096-unlisted-link-reports': unlistedLinkReports,
  '0097-abandoned-order-walk': abandonedOrderWalk,
  '0098-attempt-facts-on-attempt': attemptFactsOnAttempt,
  '0099-page-look-walk': pageLookWalk,
};
