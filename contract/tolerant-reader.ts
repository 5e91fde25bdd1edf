import type { z } from 'zod';
import { decimalTextOfNumber } from './money.ts';

/**
 * The tolerant reader for everything the gateway (and the bank) send us, following
 * gateway-facts.md "Reading the gateway's and the bank's answers" (firm, as a rule for us):
 * the real services are older PHP/Java systems, so a value is first brought toward the type the
 * contract schema expects, then the contract schema judges it.
 *
 * - a number where a string is expected becomes its decimal text (exact: decimalTextOfNumber),
 *   a numeric string where a number is expected becomes the number;
 * - `null` or a missing value where text is expected reads as "" (empty), a missing list as [];
 * - fields the schema does not name are dropped (z.object strips them), a `message` on a
 *   success body included;
 * - only the fields listed in `needs` must really be there: a missing or empty one refuses the
 *   answer, and the refusal names it.
 *
 * Inside our own service nothing is read this way: our inputs stay strict.
 */
export type TolerantReading<T> = { ok: true; data: T } | { ok: false; fields: string[] };

export function readTolerantly<S extends z.ZodType>(schema: S, value: unknown, needs: readonly string[] = []): TolerantReading<z.output<S>> {
  const missing = needs.filter((path) => valuesAt(value, path.split('.')).some(isEmpty));
  if (missing.length > 0) return { ok: false, fields: missing };
  const parsed = schema.safeParse(towardsSchema(schema, value));
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, fields: [...new Set(parsed.error.issues.map((issue) => issue.path.map(String).join('.') || '(body)'))] };
}

export interface TowardsOptions {
  /**
   * `""` where a field may be absent (optional or nullable) reads as absent. The bank's deliveries
   * ask for it: an empty value "may be null or \"\"" (gateway-facts.md), and an optional amount
   * written `""` is no amount, not a malformed one.
   */
  emptyTextIsAbsent?: boolean;
}

/**
 * `value` brought toward what `schema` expects (the first half of readTolerantly), for callers
 * that judge the result themselves (the bank's deliveries keep their own error reporting).
 */
export function towardsSchema(schema: z.ZodType, value: unknown, options: TowardsOptions = {}): unknown {
  return towards(schema, value, options);
}

/** The values at a dotted path into the raw answer; `*` stands for every item of a list ("response.*.code"). */
function valuesAt(value: unknown, keys: readonly string[]): unknown[] {
  const [key, ...rest] = keys;
  if (key === undefined) return [value];
  if (key === '*') return Array.isArray(value) ? value.flatMap((item) => valuesAt(item, rest)) : [undefined];
  if (typeof value !== 'object' || value === null) return [undefined];
  return valuesAt((value as Record<string, unknown>)[key], rest);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

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

function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

const numericText = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** `value` brought toward what `schema` expects; anything it cannot bring stays as it was. */
function towards(schema: z.ZodType, value: unknown, options: TowardsOptions = {}): unknown {
  return towardsOf(schema, options.emptyTextIsAbsent === true)(value);
}

type Toward = (value: unknown) => unknown;

/**
 * Each schema's reading is built once (per `emptyTextIsAbsent`) and kept: walking the zod
 * definition on every read (its shape's entries, a copy of every object) was most of the cost of
 * reading a bank delivery. The built reading copies an object or a list only where it brings a
 * value toward the schema; one that already reads as the schema expects comes back as it was.
 * Children are built on first use, so a schema that refers to itself builds no further than the
 * values read.
 */
const built = [new WeakMap<z.ZodType, Toward>(), new WeakMap<z.ZodType, Toward>()] as const;

function towardsOf(schema: z.ZodType, emptyTextIsAbsent: boolean): Toward {
  const readings = built[emptyTextIsAbsent ? 1 : 0];
  let reading = readings.get(schema);
  if (!reading) {
    reading = buildTowards(schema, emptyTextIsAbsent);
    readings.set(schema, reading);
  }
  return reading;
}

function buildTowards(schema: z.ZodType, emptyTextIsAbsent: boolean): Toward {
  const absent = (candidate: unknown) => candidate === undefined || candidate === null || (emptyTextIsAbsent && candidate === '');
  const def = defOf(schema);
  const inner = () => towardsOf(def.innerType as z.ZodType, emptyTextIsAbsent);
  switch (def.type) {
    case 'object': {
      let fields: Array<readonly [string, Toward]> | undefined;
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
        fields ??= Object.entries(def.shape ?? {}).map(([key, field]) => [key, towardsOf(field, emptyTextIsAbsent)] as const);
        const record = value as Record<string, unknown>;
        // A copy only once a field changes; fields the schema does not name are kept (z.object strips them).
        let out: Record<string, unknown> | undefined;
        for (const [key, toward] of fields) {
          const current = record[key];
          const next = toward(current);
          if (next === undefined) {
            if (Object.hasOwn(record, key)) delete (out ??= { ...record })[key];
          } else if (next !== current || !Object.hasOwn(record, key)) {
            (out ??= { ...record })[key] = next;
          }
        }
        return out ?? record;
      };
    }
    case 'array':
      return (value) => {
        if (value === undefined || value === null || value === '') return [];
        if (!Array.isArray(value) || !def.element) return value;
        const toward = towardsOf(def.element, emptyTextIsAbsent);
        let out: unknown[] | undefined;
        for (let index = 0; index < value.length; index++) {
          const next = toward(value[index]);
          if (next !== value[index]) (out ??= value.slice())[index] = next;
        }
        return out ?? value;
      };
    case 'optional':
      return (value) => (absent(value) ? undefined : inner()(value));
    case 'nullable':
      return (value) => (absent(value) ? null : inner()(value));
    case 'default':
    case 'catch':
    case 'readonly':
      return (value) => (value === undefined ? value : inner()(value));
    case 'pipe':
      return (value) => towardsOf(def.in as z.ZodType, emptyTextIsAbsent)(value);
    case 'union':
      return (value) => {
        for (const option of def.options ?? []) {
          const candidate = towardsOf(option, emptyTextIsAbsent)(value);
          if (option.safeParse(candidate).success) return candidate;
        }
        return value;
      };
    case 'string':
      return asText;
    case 'number':
    case 'int':
      return asNumber;
    case 'boolean':
      return (value) => {
        if (value === 1 || value === '1' || value === 'true') return true;
        if (value === 0 || value === '0' || value === 'false') return false;
        return value;
      };
    case 'literal': {
      const members = def.values ?? [];
      return (value) => towardsOneOf(members, value);
    }
    case 'enum': {
      const members = Object.values(def.entries ?? {});
      return (value) => towardsOneOf(members, value);
    }
    default:
      return (value) => value;
  }
}

function asText(value: unknown): unknown {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return value >= 0 && Number.isFinite(value) ? decimalTextOfNumber(value) : String(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return value;
}

function asNumber(value: unknown): unknown {
  if (typeof value === 'string' && numericText.test(value.trim())) return Number(value.trim());
  return value;
}

/** A literal/enum member written as the other kind (`type: 100` for "100", `1` for "1"). */
function towardsOneOf(members: readonly unknown[], value: unknown): unknown {
  if (members.includes(value)) return value;
  const match = members.find((member) => (typeof member === 'number' || typeof member === 'string') && String(member) === String(value).trim());
  return match ?? value;
}
