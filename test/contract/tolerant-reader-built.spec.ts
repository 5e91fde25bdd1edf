// The tolerant reader is built once per schema and copies only what it changes
// (contract/tolerant-reader.ts). It must read every value exactly as the plain walk of the zod
// definition did, which is kept here as the reference: generated bank envelopes (each event type's
// example, with fields written the ways an older upstream writes them: numbers as text and text as
// numbers, null, "", missing, of another type, extra fields) and gateway answers are read both
// ways; any difference fails, and the value read is never changed in place.
// Checks inside the draws are node:assert's: Playwright's expect records a step for each call (its
// stack captured and source-mapped), bookkeeping that thousands of draws would pay for again and again.
import assert from 'node:assert/strict';
import { expect, test } from '../support/node-test.ts';
import fc from 'fast-check';
import type { z } from 'zod';
import { readBankEvent } from '../../contract/bank/delivery.ts';
import { bankEventTypes } from '../../contract/bank/event-types.ts';
import { bankEvent, payinPostedEvent, paymentFailedEvent, paymentReversedEvent, paymentSucceededEvent } from '../../contract/bank/events.ts';
import { consultResponse } from '../../contract/gateway/index.ts';
import { decimalTextOfNumber } from '../../contract/money.ts';
import { towardsSchema, type TowardsOptions } from '../../contract/tolerant-reader.ts';
import { exampleEvent } from '../../sandbox/bank/event-examples.ts';

// ---- The reference: the reader as it walked the definition on every call. ----
interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: readonly z.ZodType[];
  in?: z.ZodType;
  values?: readonly unknown[];
  entries?: Record<string, unknown>;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
const numericText = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

function referenceTowards(schema: z.ZodType, value: unknown, options: TowardsOptions = {}): unknown {
  const absent = (candidate: unknown) => candidate === undefined || candidate === null || (options.emptyTextIsAbsent === true && candidate === '');
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const record = value as Record<string, unknown>;
      const out: Record<string, unknown> = { ...record };
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const next = referenceTowards(field, record[key], options);
        if (next === undefined) delete out[key];
        else out[key] = next;
      }
      return out;
    }
    case 'array':
      if (value === undefined || value === null || value === '') return [];
      return Array.isArray(value) && def.element ? value.map((item) => referenceTowards(def.element as z.ZodType, item, options)) : value;
    case 'optional':
      if (absent(value)) return undefined;
      return referenceTowards(def.innerType as z.ZodType, value, options);
    case 'nullable':
      if (absent(value)) return null;
      return referenceTowards(def.innerType as z.ZodType, value, options);
    case 'default':
    case 'catch':
    case 'readonly':
      return value === undefined ? value : referenceTowards(def.innerType as z.ZodType, value, options);
    case 'pipe':
      return referenceTowards(def.in as z.ZodType, value, options);
    case 'union': {
      for (const option of def.options ?? []) {
        const candidate = referenceTowards(option, value, options);
        if (option.safeParse(candidate).success) return candidate;
      }
      return value;
    }
    case 'string':
      if (value === undefined || value === null) return '';
      if (typeof value === 'number') return value >= 0 && Number.isFinite(value) ? decimalTextOfNumber(value) : String(value);
      if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
      return value;
    case 'number':
    case 'int':
      return typeof value === 'string' && numericText.test(value.trim()) ? Number(value.trim()) : value;
    case 'boolean':
      if (value === 1 || value === '1' || value === 'true') return true;
      if (value === 0 || value === '0' || value === 'false') return false;
      return value;
    case 'literal':
    case 'enum': {
      const members = def.type === 'literal' ? (def.values ?? []) : Object.values(def.entries ?? {});
      if (members.includes(value)) return value;
      const match = members.find((member) => (typeof member === 'number' || typeof member === 'string') && String(member) === String(value).trim());
      return match ?? value;
    }
    default:
      return value;
  }
}

// ---- Generated envelopes. ----
/** Every path to a value of `value` (objects and lists included), as keys. */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value !== 'object' || value === null) return [prefix];
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
}

/** Fields a delivery may carry that the examples leave out (optional ones, and names no contract has). */
const extraKeys = ['succeeded_at', 'reversed_at', 'rejection', 'reason', 'code', 'message', 'destination_phone_number', 'local_payment', 'origin_client_name', 'fee_total', 'net_amount', 'unknown_field', 'amount', 'status'];

/** How an older upstream writes a value it holds: the value read will be one of these. */
function rewritten(original: unknown): fc.Arbitrary<unknown> {
  const ways: Array<fc.Arbitrary<unknown>> = [
    fc.constant(null),
    fc.constant(''),
    fc.constant(undefined),
    fc.constantFrom('true', 'false', '1', '0', 1, 0, true, false, ' 7 ', '-3.50', 'abc'),
    fc.integer({ min: -1000, max: 2 ** 40 }),
    fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
    fc.string({ maxLength: 12 }),
    fc.constant({}),
    fc.constant([]),
    fc.record({ code: fc.oneof(fc.string({ maxLength: 5 }), fc.constant(null)), message: fc.string({ maxLength: 5 }) }, { requiredKeys: [] }),
  ];
  if (typeof original === 'number') ways.push(fc.constant(String(original)), fc.constant(` ${original} `));
  if (typeof original === 'string') {
    ways.push(fc.constant(` ${original}`), fc.constant(original.toUpperCase()));
    if (numericText.test(original)) ways.push(fc.constant(Number(original)));
  }
  if (typeof original === 'boolean') ways.push(fc.constant(original ? 'true' : '0'), fc.constant(original ? 1 : 0));
  return fc.oneof(...ways);
}

function setAt(target: unknown, path: ReadonlyArray<string | number>, value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

const examples = new Map(bankEventTypes.map((type) => [type, exampleEvent(type)]));

const envelope = fc
  .constantFrom(...bankEventTypes)
  .chain((type) => {
    const example = examples.get(type)!;
    const objectPaths = pathsOf(example).filter((path) => {
      let node: unknown = example;
      for (const key of path) node = (node as Record<string | number, unknown>)[key];
      return typeof node === 'object' && node !== null && !Array.isArray(node);
    });
    const change = fc.oneof(
      // A value the example has, written another way.
      fc.constantFrom(...pathsOf(example).filter((path) => path.length > 0)).chain((path) => {
        let original: unknown = example;
        for (const key of path) original = (original as Record<string | number, unknown>)[key];
        return rewritten(original).map((value) => ({ path, value }));
      }),
      // A field the example does not have, in any of its objects.
      fc.tuple(fc.constantFrom(...objectPaths), fc.constantFrom(...extraKeys)).chain(([path, key]) => rewritten(undefined).map((value) => ({ path: [...path, key], value }))),
    );
    return fc.tuple(fc.constant(example), fc.array(change, { maxLength: 4 }));
  })
  .map(([example, changes]) => {
    const event = structuredClone(example);
    for (const { path, value } of changes) {
      try {
        setAt(event, path, value);
      } catch {
        // An earlier change replaced an object on the way with a scalar: this change has no place.
      }
    }
    // What a delivery decodes to: plain JSON values (the generated objects included).
    return JSON.parse(JSON.stringify(event)) as Record<string, unknown>;
  });

const bankSchemas: z.ZodType[] = [bankEvent, payinPostedEvent, paymentSucceededEvent, paymentFailedEvent, paymentReversedEvent];
const contractOf: Record<string, z.ZodType> = {
  'payin.posted': payinPostedEvent,
  'payment.succeeded': paymentSucceededEvent,
  'payment.failed': paymentFailedEvent,
  'payment.reversed': paymentReversedEvent,
};

/**
 * The value as text, keys in order and a key holding undefined shown (not dropped as JSON would):
 * what a reading must reproduce. Prototypes are not compared: the reference copied every object
 * into a plain one, the built reader keeps an object it does not change (a null-prototype one too).
 */
const written = (value: unknown) => JSON.stringify(value, (_key, item: unknown) => (item === undefined ? '(undefined)' : item));

function expectSameReading(schema: z.ZodType, value: unknown, options: TowardsOptions): void {
  const before = written(value);
  const read = towardsSchema(schema, value, options);
  assert.equal(written(read), written(referenceTowards(schema, value, options)));
  // Copied where it changes, never changed in place.
  assert.equal(written(value), before);
  const parsed = schema.safeParse(read);
  const reference = schema.safeParse(referenceTowards(schema, value, options));
  assert.equal(parsed.success, reference.success);
  assert.equal(written(parsed.success ? parsed.data : parsed.error.issues), written(reference.success ? reference.data : reference.error.issues));
}

test('a generated bank envelope reads the same as the plain walk of its schema, against each event contract', () => {
  fc.assert(
    fc.property(envelope, (event) => {
      for (const schema of bankSchemas) expectSameReading(schema, event, { emptyTextIsAbsent: true });
      // The delivery reader (the contract its event_type names, else the union) agrees with the reference.
      const type = (event as { event?: { event_type?: unknown } }).event?.event_type;
      const schema = (typeof type === 'string' && Object.hasOwn(contractOf, type) ? contractOf[type] : undefined) ?? bankEvent;
      const reference = schema.safeParse(referenceTowards(schema, event, { emptyTextIsAbsent: true }));
      const reading = readBankEvent(event);
      assert.equal(written(reading.ok ? reading.event : reading.error.issues), written(reference.success ? reference.data : reference.error.issues));
    }),
    { numRuns: 150 },
  );
});

test('the examples themselves read the same, and as events', () => {
  for (const type of bankEventTypes) {
    const event = exampleEvent(type);
    for (const schema of bankSchemas) expectSameReading(schema, event, { emptyTextIsAbsent: true });
    expect(readBankEvent(event).ok).toBe(true);
  }
});

test('a generated gateway answer reads the same as the plain walk of its schema (empty text kept as text)', () => {
  const record = {
    id_svc: '98765', orderNumber: 12345, amount: 150, currency: 'CRC', merchantId: null, code: 1, response: 'Aprobada', auth: null,
    commission: '0.35', cost: '1.5', capture: 1, card: 'VISA', last: '0071', date: '2026-11-21 14:05:09', net_to_liquidate: 149.6,
  };
  const answer = { type: 200, message: 'OK', response: [record, { ...record, code: '2' }] };
  const changed = fc.array(fc.constantFrom(...pathsOf(answer).filter((path) => path.length > 0)).chain((path) => rewritten(undefined).map((value) => ({ path, value }))), { maxLength: 4 }).map((changes) => {
    const copy = structuredClone(answer);
    for (const { path, value } of changes) {
      try {
        setAt(copy, path, value);
      } catch {
        // As above: no place left for this change.
      }
    }
    return JSON.parse(JSON.stringify(copy)) as unknown;
  });
  fc.assert(fc.property(changed, (value) => expectSameReading(consultResponse, value, {})), { numRuns: 300 });
});
