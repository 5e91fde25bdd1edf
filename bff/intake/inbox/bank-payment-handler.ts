// Applies a bank event (banking-webhooks.md §6.3-§6.6) to its row in bank_payments. Idempotent:
// applying the same event again writes the same values, and an event older than the newest one
// applied never moves the status back (events may arrive out of order).
import type { PaymentDirection } from '../../../contract/bank/net-amount.ts';
import { bankEvent, isEventOfType, type BankEvent } from '../../../contract/bank/events.ts';
import { keptRejection } from '../../../contract/bank/reason-codes.ts';
import { checkNetAmount } from './net-amount-check.ts';
import { isPostgres } from '../../store/migrations/engine.ts';
import type { BankPaymentRow, BankPaymentsTable, WebhookTrx } from '../../store/webhook-tables.ts';

/** For a failure the provider did not reject (platform errors): nothing about why, only what to do. */
export const platformFailureShopperMessage = 'The payment could not be completed. Please try again later or use another payment method.';

export interface BankEventOutcome {
  paymentId: string;
  /** Set when §6.4 does not hold for a payment.succeeded: flagged in the row, counted and logged. */
  netAmountMismatch: boolean;
  /** The row as this event left it (the matcher and the outbox read it from here, not again). */
  row: BankPaymentRow;
}

export function parseStoredBankEvent(payload: string): BankEvent {
  return bankEvent.parse(JSON.parse(payload));
}

export async function applyBankEvent(trx: WebhookTrx, event: BankEvent, now: Date): Promise<BankEventOutcome> {
  const payment = event.payment;
  // A payment's first event, the common case, is one statement on PostgreSQL: the insert. When the
  // row exists already, the insert does nothing and the event is applied to the locked row below.
  if (isPostgres(trx)) {
    const first = await insertFirstEvent(trx, event, now);
    if (first) return first;
  }
  // Take the row's write lock before reading it (a no-op write works on both engines). Two
  // instances applying events of one payment then run one after the other, and the second reads
  // what the first committed; otherwise, under PostgreSQL's READ COMMITTED, the second would
  // decide "newest" from a stale read and overwrite a newer status. PostgreSQL locks and reads in one
  // statement (FOR UPDATE): each round trip is a good part of an event's cost there.
  const current = trx.selectFrom('bank_payments').selectAll().where('payment_id', '=', payment.payment_id);
  if (!isPostgres(trx)) await trx.updateTable('bank_payments').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('payment_id', '=', payment.payment_id).execute();
  const existing = await (isPostgres(trx) ? current.forUpdate() : current).executeTakeFirst();
  // No row yet: insert it. When another instance created it after our read (there was nothing to
  // lock then), apply this event again, now on top of that row.
  if (!existing) return (await insertFirstEvent(trx, event, now)) ?? applyBankEvent(trx, event, now);
  const isNewest = event.event.occurred_at >= existing.last_event_at;
  const { changes, netAmountMismatch } = changesOf(event, existing);
  const stamp = now.toISOString();
  const updated = await trx
    .updateTable('bank_payments')
    .set({
      ...changes,
      // A reversal is not a status (§3): whatever the order, has_reversal stays set once seen.
      has_reversal: changes.has_reversal ?? existing.has_reversal,
      ...(isNewest && { status: statusOf(event), last_event_id: event.event.event_id, last_event_at: event.event.occurred_at }),
      updated_at: stamp,
    })
    .where('payment_id', '=', payment.payment_id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { paymentId: payment.payment_id, netAmountMismatch, row: updated };
}

/** The columns an event writes, given the payment's row as it stands (none yet: undefined). */
function changesOf(event: BankEvent, existing: BankPaymentRow | undefined): { changes: Partial<BankPaymentsTable>; netAmountMismatch: boolean } {
  const payment = event.payment;
  const amount = payment.amount.amount ?? existing?.amount ?? null;
  const currency = payment.amount.currency ?? existing?.currency ?? null;
  const changes: Partial<BankPaymentsTable> = { amount, currency };
  let netAmountMismatch = false;

  if (isEventOfType(event, 'payin.posted')) {
    Object.assign(changes, {
      direction: 'PAYIN',
      posted_at: event.payment.posted_at,
      client_reference: event.payment.reference.client_reference,
      external_reference: event.payment.reference.external_reference,
      ...(event.payment.destination_phone_number !== undefined && { destination_phone: event.payment.destination_phone_number }),
      ...(event.payment.origin_client_name && { payer_name: event.payment.origin_client_name }),
    });
  } else if (isEventOfType(event, 'payment.succeeded')) {
    const p = event.payment;
    const check = checkNetAmount({ amount, fee_total: p.fee_total, tax_total: p.tax_total, net_amount: p.net_amount }, currency, knownDirection(existing));
    netAmountMismatch = check.result === 'mismatch';
    Object.assign(changes, {
      direction: check.direction ?? existing?.direction ?? null,
      fee_total: p.fee_total,
      tax_total: p.tax_total,
      net_amount: p.net_amount,
      net_amount_check: check.result,
      expected_net_amount: check.expected,
      client_reference: p.client_reference,
      external_reference: p.external_reference,
      // §6.4 requires succeeded_at; written "" it is absent, and the payment still succeeded: when the event says so.
      succeeded_at: p.succeeded_at ?? event.event.occurred_at,
    });
  } else if (isEventOfType(event, 'payment.failed')) {
    const p = event.payment;
    // §6.5: the bank's own rejection.code is kept (our table, rejectionFor, is a guess at what it
    // computes); a failure with no rejection is the platform's, and the shopper only learns to
    // retry or pay another way.
    const rejection = event.rejection ? keptRejection(event.rejection) : undefined;
    Object.assign(changes, {
      failed_at: event.event.occurred_at,
      failure_domain: p.error.domain,
      failure_code: rejection?.code ?? p.error.platform.code ?? null,
      failure_reason_code: rejection?.reason_code ?? null,
      shopper_message: rejection?.shopperMessage ?? platformFailureShopperMessage,
      ...(p.client_reference !== undefined && { client_reference: p.client_reference }),
      ...(p.external_reference !== undefined && { external_reference: p.external_reference }),
    });
  } else if (isEventOfType(event, 'payment.reversed')) {
    const p = event.payment;
    Object.assign(changes, {
      has_reversal: 1,
      reversed_at: p.reversed_at,
      reversal_reason: p.reason ? [p.reason.code, p.reason.message].filter(Boolean).join(': ') || null : null,
      ...(p.client_reference !== undefined && { client_reference: p.client_reference }),
      ...(p.external_reference !== undefined && { external_reference: p.external_reference }),
    });
  }
  return { changes, netAmountMismatch };
}

/** Inserts the payment's row from its first event; undefined when the row exists already. */
async function insertFirstEvent(trx: WebhookTrx, event: BankEvent, now: Date): Promise<BankEventOutcome | undefined> {
  const { changes, netAmountMismatch } = changesOf(event, undefined);
  const inserted = await trx
    .insertInto('bank_payments')
    .values({ ...emptyRow(event, now.toISOString()), ...changes })
    .onConflict((conflict) => conflict.column('payment_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted && { paymentId: event.payment.payment_id, netAmountMismatch, row: inserted };
}

/** Required by every event schema (§6.2); the contract's generic envelope types it as optional. */
function statusOf(event: BankEvent): string {
  return event.payment.status ?? 'pending';
}

function knownDirection(row: BankPaymentRow | undefined): PaymentDirection | null {
  return row?.direction === 'PAYIN' || row?.direction === 'PAYOUT' ? row.direction : null;
}

function emptyRow(event: BankEvent, stamp: string): BankPaymentsTable {
  return {
    payment_id: event.payment.payment_id,
    public_id: String(event.payment.public_id),
    payment_method_code: event.context.payment_method_code,
    direction: null,
    status: statusOf(event),
    amount: null,
    currency: null,
    fee_total: null,
    tax_total: null,
    net_amount: null,
    net_amount_check: null,
    expected_net_amount: null,
    client_reference: null,
    external_reference: null,
    posted_at: null,
    succeeded_at: null,
    failed_at: null,
    failure_domain: null,
    failure_code: null,
    failure_reason_code: null,
    shopper_message: null,
    has_reversal: 0,
    reversed_at: null,
    reversal_reason: null,
    order_number: null,
    attempt_number: null,
    destination_phone: null,
    payer_name: null,
    last_event_id: event.event.event_id,
    last_event_at: event.event.occurred_at,
    created_at: stamp,
    updated_at: stamp,
  };
}
