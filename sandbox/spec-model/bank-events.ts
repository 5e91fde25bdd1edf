import fc from 'fast-check';
import { asIs, fieldsAsWritten, isRecord, mayDropInformation, objectOf, optional, type FieldRule, type FieldRules } from './field-rules.ts';
import { canonicalBankEvent, type BankEventFacts, type BankEventType, type BankPaymentTruth } from './bank-truths.ts';
import { absent, int64AsWritten, RawJsonNumber, toJsonText } from './written-values.ts';

/**
 * How the bank (a Java service) may write one event envelope (banking-webhooks.md §6.2-§6.6)
 * without changing what it says. Values keep their JSON types (the contract is typed and the bank
 * is not the PHP gateway); what varies is which optional fields are written, the int64 public_id,
 * sub-second timestamps, null provider fields and extra fields (gateway-facts.md "Reading…").
 */

/**
 * §6.2 asks for whole seconds; a Java service writing an Instant adds the milliseconds
 * (`2026-11-21T14:05:09.123Z`), which is the same second.
 */
const timestamp: FieldRule = (canonical) => {
  if (typeof canonical !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(canonical)) return asIs(canonical);
  const withMilliseconds = fc.integer({ min: 0, max: 999 }).map((ms) => canonical.replace(/Z$/, `.${String(ms).padStart(3, '0')}Z`));
  return fc.oneof(fc.constant(canonical), withMilliseconds);
};

/** §6.2: the provider's fields are required "but null when unknown". */
const orNull = (rule: FieldRule): FieldRule => (canonical) => {
  if (canonical === null) return fc.constant(null);
  return mayDropInformation() ? fc.oneof(rule(canonical), fc.constant(null)) : rule(canonical);
};

/** §6.2 payment.public_id, an int64: exact digits as a JSON number, or as text. */
const publicId: FieldRule = (canonical) => int64AsWritten(canonical instanceof RawJsonNumber ? canonical.digits : String(canonical));

/** Fields each event type adds that §6.3-§6.6 mark optional. */
const optionalPaymentFields: Record<BankEventType, readonly string[]> = {
  'payin.posted': ['destination_phone_number', 'local_payment', 'origin_client_name'], // §6.3
  'payment.succeeded': [], // §6.4: all required
  'payment.failed': ['client_reference', 'external_reference'], // §6.5
  'payment.reversed': ['client_reference', 'external_reference', 'reason'], // §6.6
};

function paymentRules(type: BankEventType): FieldRules {
  return {
    public_id: publicId,
    // §6.2: amount.amount and amount.currency are optional, the amount object itself required.
    amount: objectOf({ amount: optional, currency: optional }, asIs),
    posted_at: timestamp,
    succeeded_at: timestamp,
    reversed_at: timestamp,
    // §6.6: reason's code and message are optional too.
    ...Object.fromEntries(optionalPaymentFields[type].map((name) => [name, optional])),
    ...(type === 'payment.reversed' ? { reason: (reason: unknown) => (mayDropInformation() ? fc.oneof(objectOf({ code: optional, message: optional }, asIs)(reason), fc.constant(absent)) : asIs(reason)) } : {}),
  };
}

const providerStatusFields = ['provider_status_code', 'provider_status_desc', 'provider_status_semantic'];

/**
 * §6.2: provider.* mirror the rejection (reason_code, message, code) or are all null; its
 * correlation id and time may be null when the bank does not know them.
 */
const provider: FieldRule = (canonical) => {
  if (!isRecord(canonical)) return asIs(canonical);
  const rules = { correlation_id: orNull(asIs), occurred_at: orNull(timestamp) };
  const allNull = { ...canonical, ...Object.fromEntries(providerStatusFields.map((name) => [name, null])) };
  const mirrors = providerStatusFields.some((name) => canonical[name] !== null && canonical[name] !== undefined);
  return mirrors && mayDropInformation() ? fc.oneof(fieldsAsWritten(canonical, rules, asIs), fieldsAsWritten(allNull, rules, asIs)) : fieldsAsWritten(canonical, rules, asIs);
};

/** §6.5: `rejection` only when the provider rejected; otherwise omitted or null. */
const rejection: FieldRule = (canonical) => (isRecord(canonical) ? asIs(canonical) : fc.constantFrom<unknown>(null, absent));

/** One canonical envelope (as the sandbox builds it) as JSON text the bank may have sent. */
export function bankEnvelopeAsWritten(canonical: Record<string, unknown>): fc.Arbitrary<string> {
  const event = isRecord(canonical.event) ? canonical.event : {};
  const type = event.event_type as BankEventType;
  const rules: FieldRules = {
    event: objectOf({ occurred_at: timestamp }, asIs),
    payment: objectOf(optionalPaymentFields[type] ? paymentRules(type) : {}, asIs),
    provider,
    rejection,
  };
  const envelope = type === 'payment.failed' ? { ...canonical, rejection: canonical.rejection ?? null } : canonical;
  return fieldsAsWritten(envelope, rules, asIs).map(toJsonText);
}

/** One event about `truth` (§6.2-§6.6), as JSON text: public_id may be above 2^53. */
export function bankEventAsWritten(type: BankEventType, truth: BankPaymentTruth, facts: BankEventFacts): fc.Arbitrary<string> {
  return bankEnvelopeAsWritten(canonicalBankEvent(type, truth, facts));
}

/**
 * §6.1: the delivery's `data`, base64 on one line, or as MIME base64 (a Java
 * `Base64.getMimeEncoder`: a line break every 76 characters). AES-GCM authenticates the decoded
 * bytes, and the line breaks are not part of them.
 */
export function deliveryDataAsWritten(base64: string): fc.Arbitrary<string> {
  const lines = base64.match(/.{1,76}/g) ?? [''];
  return fc.constantFrom(base64, lines.join('\r\n'), lines.join('\n'));
}
