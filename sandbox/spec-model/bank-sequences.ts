import fc from 'fast-check';
import { bankEventAsWritten } from './bank-events.ts';
import type { BankErrorDomain, BankEventFacts, BankEventType, BankPaymentStatus, BankPaymentTruth, BankRejection } from './bank-truths.ts';

/** What an event tells a receiver about the payment. */
export type BankEventMeaning = 'arrived' | 'succeeded' | 'failed' | 'reversed';

/** One delivery of a sequence: the event, what it means, and the JSON text that arrives. */
export interface BankDelivery {
  type: BankEventType;
  eventId: string;
  status: BankPaymentStatus;
  meaning: BankEventMeaning;
  text: string;
}

const meaningOf: Record<BankEventType, BankEventMeaning> = {
  'payin.posted': 'arrived',
  'payment.succeeded': 'succeeded',
  'payment.failed': 'failed',
  'payment.reversed': 'reversed',
};

type FailureKind = 'rejected' | 'platform' | 'posting';
interface Step {
  type: BankEventType;
  status: BankPaymentStatus;
  failure?: FailureKind;
}

/**
 * The stories §3 allows for one payment. payment.succeeded when the provider confirms (status
 * confirmed), payin.posted when an inbound payment reaches posted, payment.failed on a definitive
 * failure, including a posting that failed after the provider had confirmed (§6.5 domain
 * platform_posting), payment.reversed later, keeping the status the payment had (§3, §6.6).
 */
function storiesOf(direction: 'PAYIN' | 'PAYOUT'): Step[][] {
  const succeeded: Step = { type: 'payment.succeeded', status: 'confirmed' };
  const common: Step[][] = [
    [{ type: 'payment.failed', status: 'failed', failure: 'rejected' }],
    [{ type: 'payment.failed', status: 'failed', failure: 'platform' }],
    [succeeded, { type: 'payment.failed', status: 'failed', failure: 'posting' }],
  ];
  if (direction === 'PAYOUT') return [...common, [succeeded], [succeeded, { type: 'payment.reversed', status: 'confirmed' }]];
  const posted: Step = { type: 'payin.posted', status: 'posted' };
  return [...common, [posted], [succeeded, posted], [succeeded, posted, { type: 'payment.reversed', status: 'posted' }]];
}

/** §6.5 rejection.code values and some reason codes of §7; which code goes with which is "not shown". */
const rejection: fc.Arbitrary<BankRejection> = fc.record({
  code: fc.constantFrom('SINPE_REJECTED', 'ACCOUNT_CLOSED', 'ACCOUNT_NOT_FOUND', 'INVALID_ACCOUNT', 'PHONE_NOT_REGISTERED', 'RETRY_LATER'),
  reason_code: fc.constantFrom('21', '23', '28', '76', '15303'),
  message: fc.constantFrom('insufficient funds', 'account closed', 'account does not exist', 'communication problems'),
});

function failureOf(kind: FailureKind, methodCode: BankPaymentTruth['methodCode']): fc.Arbitrary<NonNullable<BankEventFacts['failure']>> {
  if (kind === 'posting') return fc.constant({ domain: 'platform_posting', platform: { code: 'POSTING_FAILED' } });
  if (kind === 'platform') {
    return fc.constantFrom<BankErrorDomain>('platform_validation', 'platform_infra').map((domain) => ({ domain, platform: { code: domain.toUpperCase() } }));
  }
  const domain: BankErrorDomain = methodCode === 'SINPE_MOVIL' ? 'sinpe_rejection' : 'provider_rejection';
  return rejection.map((given) => ({ domain, platform: { code: 'PROVIDER_REJECTED', message: given.message }, rejection: given }));
}

/** §6.4: net_amount from amount, fee and tax (PAYIN subtracts them, PAYOUT adds them). */
function chargesOf(truth: BankPaymentTruth): fc.Arbitrary<NonNullable<BankEventFacts['charges']>> {
  const [units = '0', fraction = ''] = truth.amount.split('.');
  const amount = BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return fc.bigInt({ min: 0n, max: amount / 10n }).map((fee) => {
    const tax = (fee * 13n + 50n) / 100n;
    const net = truth.direction === 'PAYIN' ? amount - fee - tax : amount + fee + tax;
    return { feeTotal: decimalOf(fee), taxTotal: decimalOf(tax), netAmount: decimalOf(net) };
  });
}

function decimalOf(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

function factsOf(truth: BankPaymentTruth, step: Step, occurredAt: string): fc.Arbitrary<BankEventFacts> {
  return fc
    .record({
      eventId: fc.uuid({ version: 4 }),
      correlationId: fc.uuid({ version: 4 }),
      providerCorrelationId: fc.uuid({ version: 4 }),
      charges: step.type === 'payment.succeeded' ? chargesOf(truth) : fc.constant(undefined),
      failure: step.failure ? failureOf(step.failure, truth.methodCode) : fc.constant(undefined),
    })
    .map(({ charges, failure, ...ids }) => {
      const facts: BankEventFacts = { ...ids, occurredAt, status: step.status };
      if (charges) facts.charges = charges;
      if (failure) facts.failure = failure;
      if (step.type === 'payment.reversed') facts.reason = { code: 'REVERSAL', message: 'Reversed at the payer’s request' };
      return facts;
    });
}

/**
 * The deliveries one payment may produce (§3, §6.1 rule 3): one story, each event delivered once
 * or twice (a retry repeats the event_id), each copy written on its own, in the order they happened
 * or in any order (a retried or slow delivery arrives late).
 */
export function bankEventSequence(truth: BankPaymentTruth): fc.Arbitrary<BankDelivery[]> {
  const start = fc.integer({ min: Date.parse('2026-01-01T00:00:00Z') / 1000, max: Date.parse('2030-01-01T00:00:00Z') / 1000 });
  return fc.tuple(fc.constantFrom(...storiesOf(truth.direction)), start).chain(([steps, startSeconds]) => {
    const times = steps.map((_, index) => new Date((startSeconds + index * 90) * 1000).toISOString().replace('.000Z', 'Z'));
    const facts = fc.tuple(...steps.map((step, index) => factsOf(truth, step, times[index]!)));
    const copies = fc.tuple(...steps.map(() => fc.integer({ min: 1, max: 2 })));
    return fc.tuple(facts, copies).chain(([eventFacts, copyCounts]) => {
      const deliveries = steps.flatMap((step, index) => Array.from({ length: copyCounts[index]! }, () => ({ step, facts: eventFacts[index]! })));
      const texts = fc.tuple(...deliveries.map(({ step, facts: one }) => bankEventAsWritten(step.type, truth, one)));
      const order = fc.option(fc.shuffledSubarray(deliveries.map((_, index) => index), { minLength: deliveries.length, maxLength: deliveries.length }), { nil: undefined });
      return fc.tuple(texts, order).map(([written, shuffled]) =>
        (shuffled ?? deliveries.map((_, index) => index)).map((index): BankDelivery => {
          const { step, facts: one } = deliveries[index]!;
          return { type: step.type, eventId: one.eventId, status: step.status, meaning: meaningOf[step.type], text: written[index]! };
        }),
      );
    });
  });
}
