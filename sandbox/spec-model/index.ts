import fc from 'fast-check';

/**
 * The spec model: for each answer of the gateway (gateway-api.md) and the bank
 * (banking-webhooks.md), every way the real service may write it without changing its meaning
 * (gateway-facts.md "Reading the gateway's and the bank's answers"). Written from the specs alone:
 * nothing here imports the BFF or the contract's readers, so it can check them.
 */
export * from './written-values.ts';
export { fieldsAsWritten, informationKept, isRecord, valueAsWritten, type FieldRule, type FieldRules } from './field-rules.ts';
export { gatewayAnswerRules, type GatewayOperation } from './gateway-fields.ts';
export * from './gateway-truths.ts';
export * from './gateway-answers.ts';
export * from './bank-truths.ts';
export * from './bank-events.ts';
export * from './bank-sequences.ts';
export * from './bank-api.ts';

/** One draw of `arbitrary` for `seed` (and a fast-check replay `path`): the same seed, the same value. */
export function sampleWritten<T>(arbitrary: fc.Arbitrary<T>, seed: number, path?: string): T {
  const [value] = fc.sample(arbitrary, path === undefined ? { seed, numRuns: 1 } : { seed, path, numRuns: 1 });
  return value as T;
}
