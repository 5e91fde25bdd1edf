// Opens a bank delivery with any of the configured secrets (key rotation: BANK_SECRET_REF may list
// the current and the previous secret, comma-separated): only a failed authentication moves on to
// the next secret. What decrypts to a JSON object is the bank's, whether our contract reads it or
// not: the receiver keeps it either way (an unreadable one for a later build to read again).
import { deliveryBody, readBankEvent, readingIssues, type ReadingIssue } from '../../../contract/bank/delivery.ts';
import { DeliveryRejected } from '../../../contract/bank/codec.ts';
import type { BankEvent } from '../../../contract/bank/events.ts';
import { parseJsonExact } from '../../../contract/exact-json.ts';
import { decryptDeliveryNow } from '../../../node/bank-delivery-codec.ts';

/** Why a delivery was refused: the codec's reasons, plus a body that is not `{data: string}`. */
export type RejectionReason = DeliveryRejected['reason'] | 'malformed_body';

export class BankDeliveryRejected extends Error {
  override name = 'BankDeliveryRejected';
  constructor(readonly reason: RejectionReason) {
    super(`bank delivery rejected: ${reason}`);
  }
}

/** The secrets to try, current first; empty entries are ignored. */
export function secretRefsOf(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** An authentic delivery: an event our contract reads, or the bank's JSON object it cannot read. */
export type OpenedBankDelivery =
  | { kind: 'event'; event: BankEvent }
  | { kind: 'unreadable'; plaintext: string; json: Record<string, unknown>; issues: ReadingIssue[] };

/**
 * Synchronous (node:crypto answers at once): the receiver opens every delivery, and each promise of
 * its path is a measurable part of a delivery's cost (bench/README.md, the bank receiver).
 */
export function openBankDelivery(rawBody: string, secretRefs: readonly string[]): OpenedBankDelivery {
  const plaintext = decryptWithAnySecret(rawBody, secretRefs);
  let json: unknown;
  try {
    json = parseJsonExact(plaintext);
  } catch {
    throw new BankDeliveryRejected('not_json');
  }
  // Not even an object: no event of any version, nothing to read again later.
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new BankDeliveryRejected('schema');
  const reading = readBankEvent(json);
  if (reading.ok) return { kind: 'event', event: reading.event };
  return { kind: 'unreadable', plaintext, json: json as Record<string, unknown>, issues: readingIssues(reading.error) };
}

function decryptWithAnySecret(rawBody: string, secretRefs: readonly string[]): string {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new BankDeliveryRejected('malformed_body');
  }
  const body = deliveryBody.safeParse(json);
  if (!body.success) throw new BankDeliveryRejected('malformed_body');
  if (secretRefs.length === 0) throw new BankDeliveryRejected('auth_failed');
  let lastRejection: DeliveryRejected | undefined;
  for (const secretRef of secretRefs) {
    try {
      return decryptDeliveryNow(body.data.data, secretRef);
    } catch (error) {
      if (!(error instanceof DeliveryRejected)) throw error;
      lastRejection = error;
      if (error.reason !== 'auth_failed') break;
    }
  }
  throw new BankDeliveryRejected(lastRejection?.reason ?? 'auth_failed');
}
