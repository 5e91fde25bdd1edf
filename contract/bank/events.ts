import { z } from 'zod';
import { decimalPattern } from '../money.ts';
import { paymentMethodCode } from './event-types.ts';
import { bankTimestamp } from './timestamps.ts';
import { uuidString } from './destination.ts';

/** banking-webhooks.md §6.2-§6.6: the decrypted delivery body of the four events. */

export const paymentStatuses = ['pending', 'processing', 'confirmed', 'posted', 'failed'] as const;
const decimalString = z.string().regex(decimalPattern, 'expected a decimal string');

/** Every field is required, null when unknown or when the provider did not reject. */
export const providerInfo = z.object({
  correlation_id: z.string().nullable(),
  occurred_at: bankTimestamp.nullable(),
  provider_status_code: z.string().nullable(),
  provider_status_desc: z.string().nullable(),
  provider_status_semantic: z.string().nullable(),
});
export type ProviderInfo = z.infer<typeof providerInfo>;

const commonPayment = {
  payment_id: uuidString,
  /**
   * int64 (banking-webhooks.md): above 2^53 it arrives as digits read from the raw text
   * (contract/exact-json.ts); kept as a decimal string, never a lossy number.
   */
  public_id: z.union([z.string().regex(/^-?\d{1,19}$/, 'expected an int64'), z.number().int()]).transform((id) => String(id)),
  status: z.enum(paymentStatuses),
  amount: z.object({ amount: decimalString.optional(), currency: z.string().optional() }),
};

function envelope<Type extends string, Payment extends z.ZodRawShape>(eventType: Type, payment: Payment) {
  return z.object({
    schema_version: z.string().min(1),
    event: z.object({
      event_id: uuidString,
      event_type: z.literal(eventType),
      occurred_at: bankTimestamp,
      correlation_id: z.string().min(1),
    }),
    context: z.object({
      country_code: z.string().min(1),
      payment_method_code: paymentMethodCode,
    }),
    payment: z.object({ ...commonPayment, ...payment }),
    provider: providerInfo,
  });
}

/** §6.3: an inbound payment reached `posted` (§3: emitted when it reaches that status). */
export const payinPostedEvent = envelope('payin.posted', {
  // Emitted on reaching posted, but the status is the payment's when written: read it as sent (§6.2).
  posted_at: bankTimestamp,
  account: z.object({ type: z.string(), value: z.string() }),
  reference: z.object({ client_reference: z.string(), external_reference: z.string() }),
  destination_phone_number: z.string().optional(),
  local_payment: z.boolean().optional(),
  origin_client_name: z.string().optional(),
});
export type PayinPostedEvent = z.infer<typeof payinPostedEvent>;

/**
 * §6.4: the provider confirmed success. net_amount rule: see netAmountFor. The three amounts and
 * succeeded_at are required by §6.4, yet one written null or "" must not lose the success: an
 * amount missing is null (the net-amount check is then unverifiable), a missing succeeded_at is
 * absent (the event's occurred_at stands for it).
 */
export const paymentSucceededEvent = envelope('payment.succeeded', {
  client_reference: z.string(),
  external_reference: z.string(),
  fee_total: decimalString.nullable(),
  tax_total: decimalString.nullable(),
  net_amount: decimalString.nullable(),
  succeeded_at: bankTimestamp.optional(),
});
export type PaymentSucceededEvent = z.infer<typeof paymentSucceededEvent>;

export const errorDomains = [
  'provider_rejection',
  'platform_validation',
  'platform_posting',
  'platform_infra',
  'platform_reversal',
  'sinpe_rejection',
] as const;

/**
 * §6.5 lists rejection.code values, but the code is the bank's word (gateway-facts.md): any text
 * is kept as written, a code added later included. An empty code or reason_code is one the bank
 * did not give (contract/bank/reason-codes.ts keptRejection fills in what it can).
 */
export const rejection = z.object({
  code: z.string(),
  reason_code: z.string(),
  message: z.string(),
});

/**
 * §6.5: definitive failure (§3: status failed). `error.platform`'s content is "not shown" beyond `code`, so other
 * fields are kept as sent. When the provider rejected, provider.* repeats the rejection; but §6.2 also
 * lets each provider field be null "when unknown", so a rejection with null provider fields (or
 * fields that say less) is taken as it is: the rejection is what the BFF reads.
 */
export const paymentFailedEvent = envelope('payment.failed', {
  status: z.literal('failed'),
  client_reference: z.string().optional(),
  external_reference: z.string().optional(),
  error: z.object({
    domain: z.enum(errorDomains),
    platform: z.looseObject({ code: z.string().nullable().optional() }),
  }),
})
  .extend({ rejection: rejection.nullable().optional() });
export type PaymentFailedEvent = z.infer<typeof paymentFailedEvent>;

/** §6.6: a later reversal; the status is unchanged, result and has_reversal are constants. */
export const paymentReversedEvent = envelope('payment.reversed', {
  result: z.literal('reversed'),
  has_reversal: z.literal(true),
  reversed_at: bankTimestamp,
  client_reference: z.string().optional(),
  external_reference: z.string().optional(),
  reason: z.object({ code: z.string().optional(), message: z.string().optional() }).optional(),
});
export type PaymentReversedEvent = z.infer<typeof paymentReversedEvent>;

/** Any of the four, told apart by event.event_type. */
export const bankEvent = z.union([payinPostedEvent, paymentSucceededEvent, paymentFailedEvent, paymentReversedEvent]);
export type BankEvent = z.infer<typeof bankEvent>;

/** Narrows a BankEvent by its nested type (TypeScript cannot narrow on `event.event_type` alone). */
export function isEventOfType<Type extends BankEvent['event']['event_type']>(
  value: BankEvent,
  type: Type,
): value is Extract<BankEvent, { event: { event_type: Type } }> {
  return value.event.event_type === type;
}
