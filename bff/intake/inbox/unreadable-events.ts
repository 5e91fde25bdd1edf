// Bank deliveries that authenticated but do not read against our event contract. The bank signed
// them and will not send them again once answered, so refusing one would lose it (a lost
// payment.failed: the buyer is never told). They are stored as sent, state 'unreadable', with why;
// the worker never claims them. A later build reads them again (on the inbox worker's start, or
// when the merchant asks): one that reads goes back to the queue, exactly once, as if just received.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { readBankEvent, readingIssues, type BankEventReading, type ReadingIssue } from '../../../contract/bank/delivery.ts';
import { parseJsonExact } from '../../../contract/exact-json.ts';
import type { Logger } from '../../lib/observability/logger.ts';
import type { NewInboxEvent } from './inbox.ts';
import type { EventRow, WebhookDb } from '../../store/webhook-tables.ts';

/** A literal, not a parameter: that is what lets the planner use the partial index events_unreadable (migration 0089). */
export const unreadableEvent = sql<boolean>`state = 'unreadable'`;

/** Enough to name the fields that did not read; a row stays small. */
const maxReasonLength = 500;
/** The merchant's filter takes a type of at most 100 characters (contract/merchant-events.ts). */
const maxTypeLength = 100;
const maxEventIdLength = 200;
/** Rows read per query while reading them again. */
const pageSize = 100;

export function unreadableReason(issues: readonly ReadingIssue[]): string {
  return issues.map((issue) => `${issue.path || '(event)'}: ${issue.message}`).join('; ').slice(0, maxReasonLength);
}

/**
 * The inbox row of an unreadable delivery. Deduplicated by its event_id when one can be read (§6.1:
 * a retry repeats it); otherwise by a hash of the plaintext, which a retry repeats too.
 */
export function unreadableInboxEvent(delivery: { plaintext: string; json: Record<string, unknown>; issues: readonly ReadingIssue[] }, now: Date): NewInboxEvent {
  const envelope = isRecord(delivery.json.event) ? delivery.json.event : {};
  const eventId = shortText(envelope.event_id, maxEventIdLength);
  return {
    source: 'bank',
    externalId: eventId ?? `sha256:${createHash('sha256').update(delivery.plaintext).digest('hex')}`,
    type: shortText(envelope.event_type, maxTypeLength) ?? 'unknown',
    payload: undefined,
    now,
    unreadable: { plaintext: delivery.plaintext, reason: unreadableReason(delivery.issues) },
  };
}

export interface UnreadableReading {
  /** Read now: back in the queue ('received'), or found stored already under its event_id. */
  readable: number;
  stillUnreadable: number;
}

export interface RereadDeps {
  db: WebhookDb;
  logger: Logger;
}

/** Reads every stored unreadable bank event again with this build's contract (readBankEvent). */
export async function rereadUnreadableEvents(deps: RereadDeps): Promise<UnreadableReading> {
  const outcome: UnreadableReading = { readable: 0, stillUnreadable: 0 };
  let after = '';
  for (;;) {
    const rows = await unreadablePage(deps.db, after).execute();
    for (const row of rows) {
      const result = await rereadOne(deps, row);
      if (result === 'unreadable') outcome.stillUnreadable++;
      else if (result !== 'taken_meanwhile') outcome.readable++;
    }
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) break;
    after = last.id;
  }
  if (outcome.readable > 0 || outcome.stillUnreadable > 0) deps.logger.info(outcome, 'unreadable bank events read again');
  return outcome;
}

/**
 * The next page of unreadable events after `after` (exported so its plan can be checked:
 * hot-query-plans.spec.ts). Only the bank's deliveries are ever stored unreadable: no filter on the
 * source, which would lead the planner to the (source, external_id) index and every bank event.
 */
export function unreadablePage(db: WebhookDb, after: string) {
  return db.selectFrom('events').selectAll().where(unreadableEvent).where('id', '>', after).orderBy('id').limit(pageSize);
}

type Reread = 'queued' | 'already_stored' | 'taken_meanwhile' | 'unreadable';

async function rereadOne(deps: RereadDeps, row: EventRow): Promise<Reread> {
  let reading: BankEventReading;
  try {
    reading = readBankEvent(parseJsonExact(row.payload));
  } catch {
    return 'unreadable';
  }
  if (!reading.ok) {
    // Why it does not read may have changed with the contract: the merchant sees today's reason.
    const reason = unreadableReason(readingIssues(reading.error));
    if (reason !== row.last_error) await deps.db.updateTable('events').set({ last_error: reason }).where('id', '=', row.id).where('state', '=', 'unreadable').execute();
    return 'unreadable';
  }
  const { event } = reading;
  // Kept by a hash while its event_id did not read: the same event may since have come in under its id.
  if (row.external_id !== event.event.event_id) {
    const twin = await deps.db.selectFrom('events').select('id').where('source', '=', 'bank').where('external_id', '=', event.event.event_id).executeTakeFirst();
    if (twin) {
      await deps.db.deleteFrom('events').where('id', '=', row.id).where('state', '=', 'unreadable').execute();
      deps.logger.info({ eventId: event.event.event_id }, 'unreadable bank event reads now and was already stored under its event_id');
      return 'already_stored';
    }
  }
  // Conditional on the state: of two instances reading it at once, one moves it, so it is processed once.
  const moved = await deps.db
    .updateTable('events')
    .set({ state: 'received', external_id: event.event.event_id, type: event.event.event_type, payload: JSON.stringify(event), last_error: null, attempts: 0, next_attempt_at: null })
    .where('id', '=', row.id)
    .where('state', '=', 'unreadable')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return 'taken_meanwhile';
  deps.logger.info({ eventId: event.event.event_id, type: event.event.event_type }, 'unreadable bank event reads now; queued');
  return 'queued';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short identifier as the bank wrote it (a number read as its text); undefined when there is none. */
function shortText(value: unknown, maxLength: number): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  return typeof text === 'string' && text.trim() !== '' && text.length <= maxLength ? text : undefined;
}
