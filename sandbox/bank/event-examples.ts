import type { BankEventType } from '../../contract/bank/event-types.ts';
import { SandboxClock } from '../clock.ts';
import { SeededRandom } from '../seeded-random.ts';
import { AnswerVariants } from '../variants/answer-variants.ts';
import { Bank } from './bank.ts';
import { bankTrigger, buildBankEvent } from './event-builder.ts';

/** The `description` of each event contract (banking-webhooks.md §3 and §6.3-§6.6). */
export const eventDescriptions: Record<BankEventType, string> = {
  'payin.posted': 'An inbound payment reached status posted.',
  'payment.succeeded': 'The provider confirmed a payment (PAYIN or PAYOUT).',
  'payment.failed': 'Processing ended in definitive failure (status failed).',
  'payment.reversed': 'A payment that had progressed was later reversed; its status is unchanged.',
};

/**
 * The contract's `example`: a real event built by the same code the emitter uses, from a
 * fixed seed and time, so the example is stable and always matches what is delivered.
 */
export function exampleEvent(eventType: BankEventType): Record<string, unknown> {
  const bank = new Bank(new SandboxClock(() => new Date('2026-01-15T15:30:00Z')), new SeededRandom(`example:${eventType}`), {
    fetch: () => Promise.reject(new Error('examples are never delivered')),
  }, new AnswerVariants(false, 'example'));
  return buildBankEvent(bank, bankTrigger.parse({ event_type: eventType }));
}
