import { z } from 'zod';
import { netAmountFor } from '../../contract/bank/net-amount.ts';
import { rejectionFor } from '../../contract/bank/reason-codes.ts';
import { decimalPattern, fromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import { bankEventTypes, paymentMethodCodes, type BankEventType } from '../../contract/bank/event-types.ts';
import { toBankTimestamp } from '../../contract/bank/timestamps.ts';
import { paymentStatuses } from '../../contract/bank/events.ts';
import type { Bank, BankPayment } from './bank.ts';

/** The control API's request for a bank event (see sandbox/README.md, "Bank triggers"). */
export const bankTrigger = z.object({
  event_type: z.enum(bankEventTypes),
  payment_method_code: z.enum(paymentMethodCodes).default('SINPE_MOVIL'),
  direction: z.enum(['PAYIN', 'PAYOUT']).default('PAYIN'),
  amount: z.string().regex(decimalPattern).default('10000.00'),
  currency: z.enum(['CRC', 'USD']).default('CRC'),
  /** payment.failed: the rail's raw code; rejection follows §6.5 (contract rejectionFor). */
  reason_code: z.string().min(1).default('21'),
  /** Refer to a payment of an earlier trigger (e.g. reverse what succeeded). */
  payment_id: z.string().uuid().optional(),
  /** Empty: a transfer whose description was left empty, or an SMS payment (it has none). */
  client_reference: z.string().optional(),
  /** Overrides the sandbox fee (1 %) for payment.succeeded; tax stays 13 % of the fee unless given. */
  fee_total: z.string().regex(decimalPattern).optional(),
  tax_total: z.string().regex(decimalPattern).optional(),
  /** payin.posted: the payment's status in the event (default posted). */
  status: z.enum(paymentStatuses).optional(),
  /** Who the payment belongs to, for destinations scoped to an ACCOUNT or an OWNER (§4.1 scope rules). */
  account_id: z.string().uuid().optional(),
  owner_type: z.string().min(1).optional(),
  owner_id: z.string().uuid().optional(),
  /** payin.posted: the sender's name (origin_client_name); default `Sandbox Payer`. */
  origin_client_name: z.string().max(140).optional(),
  /** false: answer at once and deliver in the background. */
  wait: z.boolean().default(true),
});
export type BankTrigger = z.infer<typeof bankTrigger>;
export type BankTriggerInput = z.input<typeof bankTrigger>;

/**
 * Builds the decrypted envelope of one event (banking-webhooks.md §6.2-§6.6) and updates the
 * sandbox's record of the payment. Fee, tax and net follow §6.4's rule exactly, in minor units.
 */
export function buildBankEvent(bank: Bank, trigger: BankTrigger): Record<string, unknown> & { event: { event_id: string; event_type: BankEventType; correlation_id: string } } {
  const now = toBankTimestamp(bank.clock.now());
  const payment = paymentFor(bank, trigger);
  const failed = trigger.event_type === 'payment.failed';
  const rejection = failed ? rejectionFor(trigger.reason_code) : undefined;
  // payin.posted is emitted when the payment reaches posted, but carries the status the bank holds when it
  // is written (§6.2: any of the five), so a late delivery may say otherwise. Default: posted.
  if (trigger.event_type === 'payin.posted') payment.status = trigger.status ?? 'posted';
  else if (trigger.event_type === 'payment.succeeded') payment.status = 'confirmed';
  else if (failed) payment.status = 'failed';
  // payment.reversed keeps the status the payment had (§3: a reversal is not a status).

  const common = {
    schema_version: '1.0.0',
    event: { event_id: bank.random.uuid(), event_type: trigger.event_type, occurred_at: now, correlation_id: bank.random.uuid() },
    context: { country_code: 'CR', payment_method_code: payment.payment_method_code },
    provider: {
      correlation_id: bank.random.uuid(),
      occurred_at: now,
      provider_status_code: rejection?.reason_code ?? null,
      provider_status_desc: rejection?.message ?? null,
      provider_status_semantic: rejection?.code ?? null,
    },
  };
  const base = { payment_id: payment.payment_id, public_id: payment.public_id, status: payment.status, amount: { amount: payment.amount, currency: payment.currency } };
  const references = { client_reference: payment.client_reference, external_reference: payment.external_reference };

  switch (trigger.event_type) {
    case 'payin.posted':
      return {
        ...common,
        payment: {
          ...base,
          posted_at: now,
          account: { type: payment.payment_method_code === 'SINPE_MOVIL' ? 'PHONE' : 'IBAN', value: payment.payment_method_code === 'SINPE_MOVIL' ? '+50688887777' : 'CR05015202001026284066' },
          reference: references,
          destination_phone_number: '+50688887777',
          local_payment: true,
          origin_client_name: payment.payer_name,
        },
      };
    case 'payment.succeeded': {
      const { fee, tax, net } = feesOf(payment, trigger);
      payment.succeeded = { fee_total: fee, tax_total: tax, net_amount: net, at: bank.clock.now() };
      return { ...common, payment: { ...base, ...references, fee_total: fee, tax_total: tax, net_amount: net, succeeded_at: now } };
    }
    case 'payment.failed':
      return {
        ...common,
        payment: {
          ...base,
          ...references,
          error: {
            domain: payment.payment_method_code === 'SINPE_MOVIL' ? 'sinpe_rejection' : 'provider_rejection',
            platform: { code: 'PROVIDER_REJECTED', message: rejection?.message ?? 'Rejected by the provider' },
          },
        },
        rejection,
      };
    case 'payment.reversed':
      payment.reversed_at = bank.clock.now();
      return {
        ...common,
        payment: { ...base, ...references, result: 'reversed', has_reversal: true, reversed_at: now, reason: { code: 'REVERSAL', message: 'Reversed by the sandbox' } },
      };
  }
}

function paymentFor(bank: Bank, trigger: BankTrigger): BankPayment {
  const known = trigger.payment_id ? bank.payments.get(trigger.payment_id) : undefined;
  if (known) return known;
  const payment: BankPayment = {
    payment_id: trigger.payment_id ?? bank.random.uuid(),
    public_id: bank.publicId(),
    payment_method_code: trigger.payment_method_code,
    direction: trigger.event_type === 'payin.posted' ? 'PAYIN' : trigger.direction,
    amount: fromMinorUnits(toMinorUnits(trigger.amount, trigger.currency), trigger.currency),
    currency: trigger.currency,
    client_reference: trigger.client_reference ?? `SBX-${bank.random.digits(8)}`,
    external_reference: `FT${bank.random.digits(14)}`,
    status: 'processing',
    payer_name: trigger.origin_client_name ?? 'Sandbox Payer',
  };
  bank.payments.set(payment.payment_id, payment);
  return payment;
}

/**
 * Fee and tax of payment.succeeded: sandbox fee 1 %, tax 13 % of the fee, both rounded
 * half-up to minor units; net_amount by the contract's §6.4 rule (netAmountFor).
 */
function feesOf(payment: BankPayment, trigger: BankTrigger): { fee: string; tax: string; net: string } {
  const amount = toMinorUnits(payment.amount, payment.currency);
  const fee = trigger.fee_total ? toMinorUnits(trigger.fee_total, payment.currency) : (amount * 2n + 100n) / 200n;
  const tax = trigger.tax_total ? toMinorUnits(trigger.tax_total, payment.currency) : (fee * 13n * 2n + 100n) / 200n;
  const amounts = { amount: payment.amount, fee_total: fromMinorUnits(fee, payment.currency), tax_total: fromMinorUnits(tax, payment.currency) };
  const net = netAmountFor(payment.direction, amounts, payment.currency);
  // A PAYIN whose charges exceed it cannot satisfy §6.4; refuse the trigger rather than bend the rule.
  if (net === null) throw new RangeError('fee_total + tax_total exceed the amount');
  return { fee: amounts.fee_total, tax: amounts.tax_total, net };
}
