// Table types for Kysely. Money is decimal text (exact, portable across SQLite and PostgreSQL);
// timestamps are ISO 8601 UTC text everywhere, so they sort and compare the same on both engines.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OrderStatus } from '../../contract/bff-api.ts';

/** A nullable column added after rows were written elsewhere: inserts may leave it out. */
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

export interface OrdersTable {
  order_number: string;
  /** 'catalog' (POST /v1/sessions) or 'merchant' (POST /v1/merchant/checkout-sessions). */
  source: string;
  amount: string;
  currency: string;
  /** 1 = authorize and capture, 0 = authorize only. */
  capture: number;
  /**
   * Read and set at birth by anyone; changed only through the payment lifecycle's writer view
   * (bff/payments/lifecycle/status-writer-view.ts): an update through this type does not compile.
   */
  status: ColumnType<OrderStatus, OrderStatus, never>;
  description: string | null;
  /** JSON of OrderLine[]. */
  lines_json: string;
  /** JSON of Prefill. */
  prefill_json: string;
  return_url: string;
  /** The origin the session is bound to (catalog: the calling page; merchant: the returnUrl's). */
  origin: string;
  /**
   * The checkout's language: the session's, then the one the buyer last checked out in. An order
   * fact, not an attempt's: every word the buyer reads follows it, whichever attempt is shown.
   */
  locale: string | null;
  /** The merchant's own returnData (never sent to the browser). */
  merchant_reference: string | null;
  /** Random reference we send as the gateway's returnData (base64): finds the order on return. */
  return_ref: string;
  /**
   * The buyer's e-mail as last given at checkout: the order's contact (the merchant's list filters by
   * it, index orders_email_lower) and the OrderHash input of the redirect (routes/return.ts).
   */
  email: string | null;
  /** The current attempt's number: 0 before the first processPayment claim (see payment_attempts). */
  attempt_number: Generated<number>;
  /**
   * Who holds the order's processPayment claim: one claim per order at a time, whichever attempt it
   * opens (the attempt's own status says `claimed`). What the gateway answered is the attempt's
   * (AttemptFacts below, read through the attempt by store/orders.ts).
   */
  payment_claim_id: string | null;
  /** 1 = the checkout offers a Costa Rican electronic invoice (the session asked for it). */
  invoice_offered: number;
  /** JSON of contract/invoice.ts InvoiceDetails, once the buyer asked for an invoice. */
  invoice_json: string | null;
  /** The shop's own keys (POST /v1/merchant/checkout-sessions): a JSON object of strings, and its reference. */
  metadata_json: string | null;
  client_reference: string | null;
  /**
   * paid_*: the bank payment that paid the order, an order fact: the merchant may attach one no
   * attempt asked for (sinpe/merchant-attach.ts). The discount of the SINPE Móvil transfer that paid
   * it (its amount was lowered to be unique), decimal text.
   */
  paid_discount: OptionalText;
  /** A dollar order in colones, fixed at checkout: the colón amount, the rate (colones per dollar), its day and source. */
  local_amount: OptionalText;
  local_rate: OptionalText;
  local_rate_date: OptionalText;
  local_rate_source: OptionalText;
  /** JSON of contract/invoice-hand-off.ts InvoiceLocation: the receptor's ubicación, from the billing address. */
  invoice_location_json: OptionalText;
  /** The rail reference (external_reference) of the bank transfer that paid the order. */
  paid_reference: OptionalText;
  /** What that transfer brought, as the bank reported it (migration 0085; null before it, and for a card). */
  paid_amount: OptionalText;
  paid_currency: OptionalText;
  /** Decimal text: how much of the amount is captured / refunded. */
  captured_amount: string;
  refunded_amount: string;
  /** A refund the gateway scheduled and consult does not show done yet: its amount (order currency) and transaction (migration 0092). */
  pending_refund_amount: OptionalText;
  pending_refund_transaction: OptionalText;
  session_expires_at: string;
  created_at: string;
  updated_at: string;
  /** Parked (review, expired) orders only: when the reconciler next consults it (migration 0030). */
  next_consult_at: OptionalText;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_number: string;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  /** What caused it: 'session', 'checkout', 'return', 'consult', 'merchant', 'webhook', … */
  source: string;
  detail: string | null;
  /** What this entry records, typed: a merchant action, or an approval by a bank payment; null for any other change. */
  action: Generated<HistoryAction | null>;
  created_at: string;
}

export type MerchantHistoryAction = 'capture' | 'refund' | 'reverse' | 'split';
/** `bank-payment`: a bank payment (SINPE Móvil) approved the order, matched by its transfer or attached by the merchant. */
/** `refund-pending`: a refund the gateway scheduled; the `refund` entry that settles it follows. */
export type HistoryAction = MerchantHistoryAction | 'bank-payment' | 'refund-pending';

export interface SessionsTable {
  /** The JWT's jti. */
  session_id: string;
  order_number: string;
  origin: string;
  created_at: string;
  expires_at: string;
}

export interface IdempotencyTable {
  /** Which caller space the key lives in (e.g. 'merchant'), so keys of different callers never collide. */
  scope: string;
  idempotency_key: string;
  /** SHA-256 of method + path + body: the same key with another request is a conflict. */
  request_hash: string;
  /** 'in_progress' until the first response is stored. */
  state: string;
  response_status: number | null;
  response_body: string | null;
  created_at: string;
  expires_at: string;
}

export interface EventsTable {
  id: string;
  /** 'links' or 'bank'. */
  source: string;
  /** The sender's own event id: unique per source, so a redelivery is stored once. */
  external_id: string;
  type: string;
  payload: string;
  /** 'received' | 'processed' | 'failed' | 'dead' | 'unreadable' (a bank delivery our contract does not read: bff/intake/inbox/unreadable-events.ts). */
  state: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  received_at: string;
  processed_at: string | null;
}

/** The attempt's own status (bff/payments/attempt-transitions.ts has its table; attempt-machine.ts writes it). */
export type AttemptStatus = 'claimed' | 'refused' | 'open' | 'unknown' | 'approved' | 'declined' | 'cancelled' | 'expired' | 'review' | 'abandoned';

/** What the merchant's order detail shows of an attempt: 'open' until it ended, then what it ended as. */
export type AttemptOutcome = 'open' | 'approved' | 'declined' | 'cancelled' | 'expired' | 'review';

export interface PaymentAttemptsTable {
  order_number: string;
  number: number;
  /** 'card' (the gateway's hosted page) or 'sinpe_movil' (a transfer the bank's events settle). */
  method: string;
  gateway_order_number: string;
  /** Our opaque reference sent as the gateway's returnData: finds the attempt on the redirect. */
  return_ref: string;
  /** The attempt's status (migration 0080); `outcome` is what the merchant sees of it, kept in step by the same writer. */
  status: ColumnType<AttemptStatus, AttemptStatus | undefined, never>;
  /** Kept in step with `status`: changed, like it, only through the lifecycle's writer view. */
  outcome: ColumnType<AttemptOutcome, AttemptOutcome, never>;
  gateway_tpt: string | null;
  gateway_auth: string | null;
  gateway_code: string | null;
  /** SINPE Móvil: what the buyer writes in the transfer; unique among open attempts. */
  sinpe_reference: OptionalText;
  /** SINPE Móvil: when an unpaid transfer attempt lapses. */
  expires_at: OptionalText;
  /** The bank payment that settled this attempt. */
  bank_payment_id: OptionalText;
  /** SINPE Móvil: the exact amount to send (unique among open attempts), its currency, and how far below the order's amount it is. */
  transfer_amount: OptionalText;
  transfer_currency: OptionalText;
  transfer_discount: OptionalText;
  /**
   * SINPE Móvil: 1 when the transfer's amount alone names it (unique among open transfers and
   * reserved after it lapses); 0 when it asks for the reference only (migration 0088).
   */
  amount_names_attempt: ColumnType<number, number | undefined, number>;
  /** SINPE Móvil: a keyed hash of the client address that opened the transfer, to count the amounts it holds. */
  client_key: OptionalText;
  /** Card: the amount and currency processPayment was sent, and the rate when converted from the order's (migration 0084). */
  charged_amount: OptionalText;
  charged_currency: OptionalText;
  charged_rate: OptionalText;
  /** The gateway's own text about the attempt's outcome, or our words for why it expired (never shown to the buyer as is; migration 0098). */
  status_message: OptionalText;
  /** Card: the card that paid, as consult showed it (bff/payments/orders/card-on-record.ts; migration 0098). */
  card_brand: OptionalText;
  card_last4: OptionalText;
  /** SINPE Móvil: the bank's rejection.code when the bank refused the transfer (sinpe/matcher.ts; migration 0098). */
  bank_failure_code: OptionalText;
  /** Card: the hosted page processPayment created, handed back while the attempt is open (migration 0086). */
  hosted_url: OptionalText;
  /** Card: why the gateway refused processPayment, or why its answer was lost (migration 0086). */
  payment_error: OptionalText;
  /**
   * Card: when the buyer's own redirect (returnData or a verified hash) carried the hosted page's
   * cancel flag (migration 0090). Unsigned, so never a status: only the words shown while consult
   * has no record of the attempt.
   */
  cancel_flag_at: OptionalText;
  /** Card: when the reconciler last consulted this page while it was out (migration 0099). */
  looked_at: OptionalText;
  created_at: string;
  updated_at: string;
}

/** Each setting of a day's rate (migration 0094): the first and every correction. */
export interface ExchangeRateChangesTable {
  id: Generated<number>;
  currency: string;
  rate_date: string;
  rate: string;
  /** The rate it replaced; null for the day's first. */
  previous_rate: string | null;
  /** Which MERCHANT_SECRET: 'current' or 'previous'. */
  merchant_key: 'current' | 'previous';
  changed_at: string;
}

export interface ExchangeRatesTable {
  currency: string;
  /** YYYY-MM-DD: the day the rate is the source's for. */
  rate_date: string;
  /** Colones per unit of `currency`, decimal text. */
  rate: string;
  source: string;
  created_at: string;
}

export interface Database {
  exchange_rates: ExchangeRatesTable;
  exchange_rate_changes: ExchangeRateChangesTable;
  payment_attempts: PaymentAttemptsTable;
  orders: OrdersTable;
  order_status_history: OrderStatusHistoryTable;
  sessions: SessionsTable;
  idempotency: IdempotencyTable;
  events: EventsTable;
}

export type OrderRow = Selectable<OrdersTable>;
/** What the decisions read of the order's current attempt (attempt_number): null before the first. */
export interface CurrentAttempt {
  attempt_status: AttemptStatus | null;
  attempt_method: string | null;
  /** When the current attempt entered its status (a claimed attempt's: its claim's time). */
  attempt_updated_at: string | null;
  /** The hosted page the current attempt opened, if it did. */
  attempt_hosted_url: string | null;
  /** When the buyer came back from the current attempt's page with a cancel flag (words only). */
  attempt_cancel_flag_at: string | null;
}
/**
 * What the order says about its attempt, read from the attempt (migration 0098 dropped the order
 * row's copies): the attempt that paid the order (status `approved`) once there is one, else the
 * current one; all null before the first attempt.
 */
export interface AttemptFacts {
  /** The gateway's orderNumber: what consult and processModification are asked about. */
  gateway_order_number: string | null;
  gateway_tpt: string | null;
  gateway_auth: string | null;
  gateway_code: string | null;
  status_message: string | null;
  card_brand: string | null;
  card_last4: string | null;
  /** The card charge (null for a transfer): the order's own money, or colones at a rate. */
  charged_amount: string | null;
  charged_currency: string | null;
  charged_rate: string | null;
  bank_failure_code: string | null;
}
/** An order with its current attempt's status and method, and the facts of the attempt that paid it (else the current one). */
export type OrderWithAttempt = OrderRow & CurrentAttempt & AttemptFacts;
/** An order row with what it says of its attempt (OrderWithAttempt without the current attempt's status). */
export type OrderWithFacts = OrderRow & AttemptFacts;
export type NewOrderRow = Insertable<OrdersTable>;
export type OrderUpdate = Updateable<OrdersTable>;
export type StatusHistoryRow = Selectable<OrderStatusHistoryTable>;
export type PaymentAttemptRow = Selectable<PaymentAttemptsTable>;
export type PaymentAttemptUpdate = Updateable<PaymentAttemptsTable>;
/** The columns of an attempt that evidence about it writes (never its status: the move does). */
export type AttemptFactsUpdate = Pick<PaymentAttemptUpdate, 'gateway_tpt' | 'gateway_auth' | 'gateway_code' | 'status_message' | 'card_brand' | 'card_last4' | 'bank_failure_code'>;
