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
  const absent = (candidate: unknown) => candidate === undefined || candidate === null || (options.emptyTextIsAbsent === true && candidate === '');
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const record = value as Record<string, unknown>;
      const out: Record<string, unknown> = { ...record };
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const next = towards(field, record[key], options);
        if (next === undefined) delete out[key];
        else out[key] = next;
      }
      return out;
    }
    case 'array':
      if (value === undefined || value === null || value === '') return [];
      return Array.isArray(value) && def.element ? value.map((item) => towards(def.element as z.ZodType, item, options)) : value;
    case 'optional':
      if (absent(value)) return undefined;
      return towards(def.innerType as z.ZodType, value, options);
    case 'nullable':
      if (absent(value)) return null;
      return towards(def.innerType as z.ZodType, value, options);
    case 'default':
    case 'catch':
    case 'readonly':
      return value === undefined ? value : towards(def.innerType as z.ZodType, value, options);
    case 'pipe':
      return towards(def.in as z.ZodType, value, options);
    case 'union': {
      for (const option of def.options ?? []) {
        const candidate = towards(option, value, options);
        if (option.safeParse(candidate).success) return candidate;
      }
      return value;
    }
    case 'string':
      return asText(value);
    case 'number':
    case 'int':
      return asNumber(value);
    case 'boolean':
      if (value === 1 || value === '1' || value === 'true') return true;
      if (value === 0 || value === '0' || value === 'false') return false;
      return value;
    case 'literal':
      return towardsOneOf(def.values ?? [], value);
    case 'enum':
      return towardsOneOf(Object.values(def.entries ?? {}), value);
    default:
      return value;
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
