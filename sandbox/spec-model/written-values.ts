import fc from 'fast-check';

/**
 * How one value may be written by the real gateway (PHP) and bank (Java) without changing what it
 * means. Each writer takes the canonical value and gives an arbitrary of its written forms; the
 * rules come from gateway-facts.md "Reading the gateway's and the bank's answers" unless a comment
 * names another section.
 */

/** A key the writer leaves out: objectAsWritten drops it, so the field is missing from the JSON. */
export const absent: unique symbol = Symbol('absent');
export type Absent = typeof absent;

/** An integer written as raw JSON digits: JSON.stringify cannot write one above 2^53 exactly. */
export class RawJsonNumber {
  constructor(readonly digits: string) {
    if (!/^-?\d+$/.test(digits)) throw new RangeError(`not an integer: ${digits}`);
  }
}

/** JSON text of a written value, with every RawJsonNumber as its exact digits. */
export function toJsonText(value: unknown): string {
  // The digits go in as a marked string, then the quotes come off. The marker is one that no other
  // text of this value contains, so a string of the value can never be taken for a number.
  const withoutNumbers = JSON.stringify(value, (_key, field: unknown) => (field instanceof RawJsonNumber ? '' : field));
  let nonce = 0;
  while (withoutNumbers.includes(`rawjson${nonce}:`)) nonce += 1;
  const marker = `rawjson${nonce}:`;
  const marked = JSON.stringify(value, (_key, field: unknown) => (field instanceof RawJsonNumber ? `${marker}${field.digits}` : field));
  return marked.replace(new RegExp(`"${marker}(-?\\d+)"`, 'g'), '$1');
}

/** Text that reads back as the same number: "1", "100", "0.35", but not "0071" or "15000.00". */
function isCanonicalNumberText(text: string): boolean {
  const number = Number(text);
  return text.trim() !== '' && Number.isFinite(number) && Math.abs(number) <= Number.MAX_SAFE_INTEGER && String(number) === text;
}

/** "A numeric field may arrive as a numeric string" (`id_svc: "123"`, `commission: "0.35"`). */
export function numberAsWritten(canonical: number | string): fc.Arbitrary<number | string> {
  const number = Number(canonical);
  if (!Number.isFinite(number)) throw new RangeError(`not a number: ${canonical}`);
  return fc.constantFrom(number, typeof canonical === 'string' ? canonical : String(canonical));
}

/** "…and a string field as a number" (`type: 100`): only when the number reads back as the same text. */
export function textAsWritten(canonical: string): fc.Arbitrary<string | number> {
  return isCanonicalNumberText(canonical) ? fc.constantFrom<string | number>(canonical, Number(canonical)) : fc.constant(canonical);
}

/** "15000.00" → "15,000.00": the reference plugin's format (gateway-facts.md "OrderHash…", uncertain). */
export function withThousandsCommas(amount: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(amount);
  if (!match) return amount;
  return `${match[1]}${match[2]!.replace(/\B(?=(\d{3})+$)/g, ',')}${match[3] ?? ''}`;
}

/**
 * A money amount as text with a decimal point (gateway-api.md §2), with a thousands comma
 * (gateway-facts.md "OrderHash…": the reference plugin formats so), or as a JSON number
 * (gateway-facts.md "Reading…"): all the same money.
 */
export function amountAsWritten(canonical: string): fc.Arbitrary<string | number> {
  const forms = new Set<string | number>([canonical, withThousandsCommas(canonical)]);
  if (Number.isFinite(Number(canonical))) forms.add(Number(canonical));
  return fc.constantFrom(...forms);
}

/** "An empty value may be null or ''", or the key is not written at all. */
export function emptyAsWritten(): fc.Arbitrary<null | '' | Absent> {
  return fc.constantFrom<null | '' | Absent>(null, '', absent);
}

/** A value nobody asked for, as an extra field may carry ("extra fields appear"). */
const extraValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { arbitrary: fc.constant(null), weight: 2 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 2 },
    { arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }), weight: 2 },
    { arbitrary: fc.dictionary(fc.stringMatching(/^[a-z][a-z_]{0,9}$/), tie('value'), { maxKeys: 3, depthIdentifier: 'extra' }), weight: 1 },
  ),
})).value;

function extraFields(known: readonly string[]): fc.Arbitrary<Array<[string, unknown]>> {
  const name = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,15}$/).filter((key) => !known.includes(key));
  return fc.uniqueArray(fc.tuple(name, extraValue), { maxLength: 3, selector: ([key]) => key });
}

/** The written forms of `items`, in any order (for lists whose order means nothing). */
export function inAnyOrder<T>(items: Array<fc.Arbitrary<T>>): fc.Arbitrary<T[]> {
  const indexes = items.map((_, index) => index);
  return fc
    .tuple(fc.tuple(...items), fc.shuffledSubarray(indexes, { minLength: items.length, maxLength: items.length }))
    .map(([written, order]) => order.map((index) => written[index]!));
}

/**
 * An object written field by field: `absent` fields are left out, the keys come in the canonical or
 * the reverse order (JSON gives key order no meaning), and unknown fields may be added ("extra
 * fields appear").
 */
export function objectAsWritten(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const known = Object.keys(fields);
  return fc.tuple(fc.record(fields), extraFields(known), fc.boolean()).map(([written, extras, reorder]) => {
    const entries = [...Object.entries(written).filter(([, value]) => value !== absent), ...extras];
    if (reorder) entries.reverse();
    return Object.fromEntries(entries);
  });
}

/**
 * Bank `payment.public_id`, an int64 (banking-webhooks.md §6.2; gateway-facts.md "Reading…": ids
 * above 2^53 exist): the exact digits as a JSON number, or as a string of digits.
 */
export function int64AsWritten(digits: string): fc.Arbitrary<RawJsonNumber | string> {
  return fc.constantFrom<RawJsonNumber | string>(new RawJsonNumber(digits), digits);
}
