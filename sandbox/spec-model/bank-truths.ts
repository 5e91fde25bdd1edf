import fc from 'fast-check';
import { RawJsonNumber } from './written-values.ts';

/** banking-webhooks.md §1: the four event types. */
export type BankEventType = 'payin.posted' | 'payment.succeeded' | 'payment.failed' | 'payment.reversed';
/** §3: the public payment status. */
export type BankPaymentStatus = 'pending' | 'processing' | 'confirmed' | 'posted' | 'failed';
/** §6.5: error.domain of payment.failed. */
export type BankErrorDomain = 'provider_rejection' | 'platform_validation' | 'platform_posting' | 'platform_infra' | 'platform_reversal' | 'sinpe_rejection';

/** One payment as the bank knows it; every event about it repeats these facts. */
export interface BankPaymentTruth {
  paymentId: string;
  /** An int64 as digits: it may exceed 2^53 (gateway-facts.md "Reading…"). */
  publicId: string;
  methodCode: 'PIN' | 'SINPE_MOVIL';
  direction: 'PAYIN' | 'PAYOUT';
  /** Decimal text, e.g. "10000.00". */
  amount: string;
  currency: 'CRC' | 'USD';
  clientReference?: string;
  externalReference: string;
  destinationPhone?: string;
  originName?: string;
  account?: { type: string; value: string };
}

/** §6.5: the provider's rejection, mirrored in provider.* (§6.2). */
export interface BankRejection {
  code: string;
  reason_code: string;
  message: string;
}

/** What one event says beyond the payment: its own ids and time, and the facts of its type. */
export interface BankEventFacts {
  eventId: string;
  correlationId: string;
  /** RFC 3339 UTC, whole seconds (§6.2). */
  occurredAt: string;
  status: BankPaymentStatus;
  providerCorrelationId: string | null;
  /** payment.succeeded (§6.4). */
  charges?: { feeTotal: string; taxTotal: string; netAmount: string };
  /** payment.failed (§6.5): `rejection` only when the provider rejected the payment. */
  failure?: { domain: BankErrorDomain; platform: { code: string } & Record<string, unknown>; rejection?: BankRejection };
  /** payment.reversed (§6.6). */
  reason?: { code?: string; message?: string };
}

/** The canonical envelope of one event (§6.2-§6.6), every optional field present. */
export function canonicalBankEvent(type: BankEventType, truth: BankPaymentTruth, facts: BankEventFacts): Record<string, unknown> {
  const rejection = facts.failure?.rejection;
  const payment: Record<string, unknown> = {
    payment_id: truth.paymentId,
    public_id: new RawJsonNumber(truth.publicId),
    status: facts.status,
    amount: { amount: truth.amount, currency: truth.currency },
  };
  const references = { client_reference: truth.clientReference ?? '', external_reference: truth.externalReference };
  const envelope = {
    schema_version: '1.0.0',
    event: { event_id: facts.eventId, event_type: type, occurred_at: facts.occurredAt, correlation_id: facts.correlationId },
    context: { country_code: 'CR', payment_method_code: truth.methodCode },
    payment,
    provider: {
      correlation_id: facts.providerCorrelationId,
      occurred_at: facts.providerCorrelationId === null ? null : facts.occurredAt,
      provider_status_code: rejection?.reason_code ?? null,
      provider_status_desc: rejection?.message ?? null,
      provider_status_semantic: rejection?.code ?? null,
    },
  };
  switch (type) {
    case 'payin.posted':
      Object.assign(payment, {
        posted_at: facts.occurredAt,
        account: truth.account ?? { type: 'PHONE', value: truth.destinationPhone ?? '' },
        reference: references,
        destination_phone_number: truth.destinationPhone,
        local_payment: true,
        origin_client_name: truth.originName,
      });
      return envelope;
    case 'payment.succeeded': {
      const charges = facts.charges ?? { feeTotal: '0.00', taxTotal: '0.00', netAmount: truth.amount };
      Object.assign(payment, references, { fee_total: charges.feeTotal, tax_total: charges.taxTotal, net_amount: charges.netAmount, succeeded_at: facts.occurredAt });
      return envelope;
    }
    case 'payment.failed':
      Object.assign(payment, references, { error: { domain: facts.failure?.domain ?? 'platform_infra', platform: facts.failure?.platform ?? { code: 'UNKNOWN' } } });
      return { ...envelope, rejection: rejection ?? null };
    case 'payment.reversed':
      Object.assign(payment, references, { result: 'reversed', has_reversal: true, reversed_at: facts.occurredAt, reason: facts.reason });
      return envelope;
  }
}

/** Costa Rican IBAN (gateway-facts.md "Banking side"): CRkk 0bbb + 14 digits, mod-97 check digits. */
const costaRicanIban = fc.stringMatching(/^0\d{17}$/).map((bban) => {
  const numeric = BigInt(`${bban}${'C'.charCodeAt(0) - 55}${'R'.charCodeAt(0) - 55}00`);
  return `CR${String(98n - (numeric % 97n)).padStart(2, '0')}${bban}`;
});
/** gateway-facts.md "Banking side": 8 digits, country code +506. */
const costaRicanPhone = fc.stringMatching(/^[5-8]\d{7}$/).map((digits) => `+506${digits}`);

/**
 * Any payment of `amount` in `currency`: either method, either direction, and a public_id that
 * may exceed 2^53 (§6.2 int64).
 */
export function bankPaymentTruthArbitrary(given: { amount: string; currency: 'CRC' | 'USD'; clientReference?: string }): fc.Arbitrary<BankPaymentTruth> {
  return fc
    .record({
      paymentId: fc.uuid({ version: 4 }),
      publicId: fc.oneof(fc.bigInt({ min: 1n, max: 2n ** 53n }), fc.bigInt({ min: 2n ** 53n + 1n, max: 2n ** 63n - 1n })).map(String),
      methodCode: fc.constantFrom<'PIN' | 'SINPE_MOVIL'>('PIN', 'SINPE_MOVIL'),
      direction: fc.constantFrom<'PAYIN' | 'PAYOUT'>('PAYIN', 'PAYOUT'),
      externalReference: fc.stringMatching(/^FT\d{14}$/),
      phone: costaRicanPhone,
      iban: costaRicanIban,
      originName: fc.option(fc.constantFrom('Ana Solís', 'José Pérez'), { nil: undefined }),
    })
    .map(({ phone, iban, originName, ...drawn }) => {
      const sinpe = drawn.methodCode === 'SINPE_MOVIL';
      const truth: BankPaymentTruth = {
        ...drawn,
        amount: given.amount,
        currency: given.currency,
        account: sinpe ? { type: 'PHONE', value: phone } : { type: 'IBAN', value: iban },
      };
      if (given.clientReference !== undefined) truth.clientReference = given.clientReference;
      if (sinpe) truth.destinationPhone = phone;
      if (originName !== undefined) truth.originName = originName;
      return truth;
    });
}
