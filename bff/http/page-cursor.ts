// The opaque cursor of the merchant API's newest-first lists (events, webhook deliveries, bank
// payments): the last row's ordering time and id, so the next page starts strictly after it.
import { sql, type RawBuilder } from 'kysely';
import { invalidField } from '../lib/domain-error.ts';

export interface PageCursor {
  at: string;
  id: string;
}

export function encodePageCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** The cursor a caller sent back, if any; one this API never gave out is a 400 naming `cursor`. */
export function readPageCursor(text: string | undefined): PageCursor | undefined {
  if (text === undefined) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string') return { at, id };
  } catch {
    // falls through to the problem below
  }
  throw invalidField('cursor', 'Not a cursor this API gave out.', 'invalid_cursor');
}

/**
 * Rows strictly after the cursor in a newest-first list ordered by (`atColumn`, `idColumn`) desc.
 * A row-value comparison: both engines seek the (at, id) index to the cursor with it, where the
 * equivalent OR made them walk every newer row first (a deep page cost the rows before it).
 */
export function beforePageCursor(atColumn: string, idColumn: string, cursor: PageCursor): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(atColumn)}, ${sql.ref(idColumn)}) < (${cursor.at}, ${cursor.id})`;
}
