import { z } from 'zod';

/**
 * banking-webhooks.md §6.2: RFC 3339, UTC, whole seconds, suffix Z ("2026-11-21T14:05:09Z"). A
 * fraction of a second is read too (a Java service's Instant writes "…:09.123Z"): the delivery's
 * AES-GCM tag already vouches for the bytes, and refusing it would lose the event. It is dropped,
 * so every stored timestamp has one form and compares as text. Offsets are refused, and the date
 * must exist (no 2026-02-30).
 */
const pattern = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?Z$/;

export function isBankTimestamp(value: string): boolean {
  const match = pattern.exec(value);
  if (!match) return false;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

export const bankTimestamp = z
  .string()
  .refine(isBankTimestamp, 'expected RFC 3339 UTC, e.g. 2026-11-21T14:05:09Z')
  .transform((value) => value.replace(/\.\d+Z$/, 'Z'));

/** Formats a Date the way the bank writes timestamps. */
export function toBankTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
