import fc from 'fast-check';
import { absent, amountAsWritten, emptyAsWritten, inAnyOrder, numberAsWritten, objectAsWritten, textAsWritten } from './written-values.ts';

/**
 * A field rule: from the canonical value of one field, the arbitrary of its written forms.
 * A resource is a table of rules by field name; a field the table does not name is written by
 * the table's fallback.
 */
export type FieldRule = (canonical: unknown) => fc.Arbitrary<unknown>;
export type FieldRules = Readonly<Record<string, FieldRule>>;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether the rules being applied may drop information: leave out a field the spec marks optional,
 * or empty one that no decision needs. The sandbox's variance mode writes its answers with every
 * piece of information kept (informationKept), so a demo shows every form the spec allows without
 * losing what the tests and the shop read from it; the properties draw from the whole model.
 */
let informationMayBeDropped = true;

/** `build()`'s arbitrary, made with only the forms that keep every field's information. */
export function informationKept<T>(build: () => fc.Arbitrary<T>): fc.Arbitrary<T> {
  const before = informationMayBeDropped;
  informationMayBeDropped = false;
  try {
    return build();
  } finally {
    informationMayBeDropped = before;
  }
}

/** Whether the rule being applied now may drop information (see informationKept). */
export function mayDropInformation(): boolean {
  return informationMayBeDropped;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === '' || value === undefined;
}

/**
 * Any JSON value written by the generic rules of gateway-facts.md "Reading…": numbers and
 * numeric text swap types, an empty value is null or "", objects gain extra fields.
 */
export const valueAsWritten: FieldRule = (canonical) => {
  if (Array.isArray(canonical)) return fc.tuple(...canonical.map((item) => valueAsWritten(item)));
  if (isRecord(canonical)) return fieldsAsWritten(canonical, {});
  if (canonical === null || canonical === '') return fc.constantFrom(null, '');
  if (typeof canonical === 'number') return numberAsWritten(canonical);
  if (typeof canonical === 'string') return textAsWritten(canonical);
  return fc.constant(canonical);
};

/** An object whose fields are written by `rules` (others by `fallback`), with extra fields. */
export function fieldsAsWritten(canonical: Record<string, unknown>, rules: FieldRules, fallback: FieldRule = valueAsWritten): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(Object.entries(canonical).map(([name, value]) => [name, (rules[name] ?? fallback)(value)]));
  return objectAsWritten(fields);
}

/** A value written as it is (the bank's typed JSON); an object may still gain extra fields. */
export const asIs: FieldRule = (canonical) => (isRecord(canonical) ? fieldsAsWritten(canonical, {}, asIs) : fc.constant(canonical));

/** A field the contract marks optional: written, or left out. */
export const optional: FieldRule = (canonical) => (mayDropInformation() ? fc.oneof(asIs(canonical), fc.constant(absent)) : asIs(canonical));

/** A field that carries the answer's meaning: written in its forms; when empty, in any empty form. */
function kept(write: (value: never) => fc.Arbitrary<unknown>): FieldRule {
  return (canonical) => (isEmpty(canonical) ? emptyAsWritten() : write(canonical as never));
}

/** A field the answer may also leave empty (null, "" or absent), whatever its canonical value. */
export function mayBeEmpty(rule: FieldRule): FieldRule {
  return (canonical) => {
    if (isEmpty(canonical)) return emptyAsWritten();
    return mayDropInformation() ? fc.oneof({ arbitrary: rule(canonical), weight: 3 }, { arbitrary: emptyAsWritten(), weight: 1 }) : rule(canonical);
  };
}

export const number: FieldRule = kept((value: number | string) => numberAsWritten(value));
export const text: FieldRule = kept((value: unknown) => (typeof value === 'string' ? textAsWritten(value) : valueAsWritten(value)));
export const money: FieldRule = kept((value: number | string) => (typeof value === 'string' ? amountAsWritten(value) : numberAsWritten(value)));

/** A list of objects written by `rules`; `anyOrder` when the order of the items means nothing. */
export function listOf(rules: FieldRules, options: { anyOrder: boolean }): FieldRule {
  return (canonical) => {
    if (!Array.isArray(canonical)) return valueAsWritten(canonical);
    const items = canonical.map((item) => (isRecord(item) ? fieldsAsWritten(item, rules) : valueAsWritten(item)));
    return options.anyOrder ? inAnyOrder(items) : fc.tuple(...items);
  };
}

/** A nested object written by `rules`. */
export function objectOf(rules: FieldRules, fallback?: FieldRule): FieldRule {
  return (canonical) => (isRecord(canonical) ? fieldsAsWritten(canonical, rules, fallback) : valueAsWritten(canonical));
}
