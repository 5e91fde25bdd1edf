// Types of the webhook tables (migration 0010-webhooks), joined onto the BFF's Database with
// Kysely's withTables so the shared schema file stays the BFF core's.
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from './schema.ts';
import type { Store } from './database.ts';

export { eventSources, type EventSource, type EventState } from '../../contract/merchant-events.ts';

/** The lease columns 0010 adds to the BFF's `events` table. */
export interface EventLeaseColumns {
  lease_owner: string | null;
  lease_expires_at: string | null;
}

export interface RejectedDeliveriesTable {
  id: Generated<number>;
  source: string;
  reason: string;
  body_sha256: string;
  body_bytes: number;
  detail: string | null;
  received_at: string;
}

export interface BankPaymentsTable {
  payment_id: string;
  public_id: string;
  payment_method_code: string;
  /** PAYIN or PAYOUT when known (payin.posted says PAYIN; a net_amount that fits one rule says which). */
  direction: string | null;
  /** The bank's public status (banking-webhooks.md §3). */
  status: string;
  amount: string | null;
  currency: string | null;
  fee_total: string | null;
  tax_total: string | null;
  net_amount: string | null;
  /** 'ok', 'mismatch' (flagged: §6.4 does not hold) or 'unverifiable' (amount or currency unknown). */
  net_amount_check: string | null;
  /** What §6.4 says net_amount should be, for whoever looks into a mismatch. */
  expected_net_amount: string | null;
  client_reference: string | null;
  external_reference: string | null;
  posted_at: string | null;
  succeeded_at: string | null;
  failed_at: string | null;
  failure_domain: string | null;
  failure_code: string | null;
  failure_reason_code: string | null;
  /** Text safe to show the shopper (never the bank's reason). */
  shopper_message: string | null;
  has_reversal: number;
  reversed_at: string | null;
  reversal_reason: string | null;
  /** The order this payment settled (its SINPE Móvil reference matched, or the merchant attached it); null: unmatched. */
  order_number: string | null;
  attempt_number: number | null;
  /** The phone the transfer was sent to, as the bank wrote it (§6.3: optional); null when not told. */
  destination_phone: string | null;
  /** The sender's name (payin.posted origin_client_name, optional); null when not told (migration 0101). */
  payer_name: string | null;
  last_event_id: string;
  /** occurred_at of the newest event applied: an older event arriving late never rolls the status back. */
  last_event_at: string;
  created_at: string;
  updated_at: string;
}

export type LinkPaymentStatus = 'paid' | 'declined' | 'review';

export interface LinkPaymentsTable {
  svc_order_id: string;
  link_id: string;
  /** The order number the report gave, which consult's record ends with (contract/gateway-facts.ts ownOrderNumberOf). */
  order_number: string;
  /** consult's own order number when it differs from order_number (a merchant prefix); null otherwise (migration 0091). */
  gateway_order_number: string | null;
  status: LinkPaymentStatus;
  /** 'verified', 'mismatch' or 'absent' (the report carried no orderHash). */
  hash_check: string;
  amount: string;
  currency: string;
  gateway_code: string;
  auth: string | null;
  card_brand: string | null;
  card_last4: string | null;
  confirmed_by: string;
  /** 'webhook' or 'callback': which report confirmed it first. */
  first_source: string;
  webhook_seen_at: string | null;
  callback_seen_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The payment links created through /v1/merchant/payment-links: only their reports are taken. */
export interface OwnPaymentLinksTable {
  link_id: string;
  amount: string;
  currency: string;
  created_at: string;
  /** Unsigned reports for payments the link's listing did not show: counted, never kept (migration 0096). */
  unlisted_reports: Generated<number>;
  last_unlisted_at: string | null;
}

export interface WebhookTables {
  events: Database['events'] & EventLeaseColumns;
  rejected_deliveries: RejectedDeliveriesTable;
  bank_payments: BankPaymentsTable;
  link_payments: LinkPaymentsTable;
  own_payment_links: OwnPaymentLinksTable;
}

export type WebhookDatabase = Omit<Database, 'events'> & WebhookTables;
export type WebhookDb = Kysely<WebhookDatabase>;
export type WebhookTrx = Transaction<WebhookDatabase>;

export type EventRow = Selectable<WebhookTables['events']>;
export type BankPaymentRow = Selectable<BankPaymentsTable>;
export type LinkPaymentRow = Selectable<LinkPaymentsTable>;

/** The store's Kysely, typed with the webhook tables. */
export function webhookDb(store: Store): WebhookDb {
  return store.db as unknown as WebhookDb;
}
