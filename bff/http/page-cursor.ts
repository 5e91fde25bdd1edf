// The opaque cursor of the merchant API's newest-first lists (events, webhook deliveries, bank
// payments): the last row's ordering time and id, so the next page starts strictly after it.
import { fieldProblem } from './field-problem.ts';

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
  throw fieldProblem('cursor', 'Not a cursor this API gave out.', 'invalid_cursor');
}
