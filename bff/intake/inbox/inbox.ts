// The durable inbox: the `events` table. A webhook is acknowledged only after enqueueEvent has
// committed; the worker then claims, processes and completes it. Every decision is made by the
// database (unique (source, external_id); conditional UPDATEs on the lease), so it holds across
// processes and on both engines.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { compiledOnce, withParameters } from '../../store/compiled-once.ts';
import { isPostgres } from '../../store/migrations/engine.ts';
import type { EventRow, EventSource, WebhookDb, WebhookTrx } from '../../store/webhook-tables.ts';

/**
 * Waiting to be processed (never tried, or failed and to be retried). Literal states, not
 * parameters: that is what lets the planner use the partial index events_due_by_source (migration 0013).
 */
export const pendingEvent = sql<boolean>`state in ('received', 'failed')`;

export interface NewInboxEvent {
  source: EventSource;
  /** The sender's id (bank event_id, link svcLinkId:svcOrderId): one row per id, ever. */
  externalId: string;
  type: string;
  payload: unknown;
  now: Date;
  /**
   * A bank delivery that decrypted but does not read against the event contract: stored as its
   * plaintext in state 'unreadable' (never claimed) with why, until a later reading takes it
   * (unreadable-events.ts). `payload` is then not used.
   */
  unreadable?: { plaintext: string; reason: string };
}

export type EnqueueOutcome = 'stored' | 'duplicate';

/** 'stored' when this call created the row; 'duplicate' when the id was already in the inbox. */
export async function enqueueEvent(db: WebhookDb, event: NewInboxEvent): Promise<EnqueueOutcome> {
  return (await enqueueEvents(db, [event]))[0]!;
}

/**
 * Stores `events` one after another on one connection of `db` (a transaction's: the group commit,
 * inbox-writer.ts), each outcome as enqueueEvent's. Every delivery runs it: the insert is compiled
 * once, and the rows go straight to the engine's connection (`provideConnection`, Kysely's own
 * driver interface on both engines) instead of a whole query execution each (an executor, a
 * connection hand-over and their promises per row: a measurable part of the receiver's work,
 * bench/README.md). Nothing here needs Kysely's result plugins (none is installed).
 */
export function enqueueEvents(db: WebhookDb, events: readonly NewInboxEvent[]): Promise<EnqueueOutcome[]> {
  const rows = events.map(inboxRow);
  const insert = compiledOnce(
    db,
    'enqueueEvent',
    () => db.insertInto('events').values(rows[0]!).onConflict((conflict) => conflict.columns(['source', 'external_id']).doNothing()),
    Object.keys(rows[0]!).length,
  );
  return db.getExecutor().provideConnection(async (connection) => {
    const outcomes: EnqueueOutcome[] = [];
    for (const row of rows) {
      // Values in column order, as the insert was built.
      const result = await connection.executeQuery(withParameters(insert, Object.values(row)));
      outcomes.push(Number(result.numAffectedRows ?? 0n) === 1 ? 'stored' : 'duplicate');
    }
    return outcomes;
  });
}

function inboxRow(event: NewInboxEvent) {
  return {
    id: randomUUID(),
    source: event.source,
    external_id: event.externalId,
    type: event.type,
    payload: event.unreadable ? event.unreadable.plaintext : JSON.stringify(event.payload),
    state: event.unreadable ? 'unreadable' : 'received',
    attempts: 0,
    last_error: event.unreadable ? event.unreadable.reason : null,
    next_attempt_at: null,
    received_at: event.now.toISOString(),
    processed_at: null,
    lease_owner: null,
    lease_expires_at: null,
  };
}

export interface InboxClaim {
  /** One queue per source: a lane claims its own source's events only. */
  source: EventSource;
  owner: string;
  now: Date;
  leaseMs: number;
  limit: number;
}

/**
 * Claims up to `limit` due events for `owner` until now + leaseMs. A lease left by a killed
 * process lapses. Of two workers racing for one row, exactly one gets it, on either engine.
 */
export function claimDueEvents(db: WebhookDb, claim: InboxClaim): Promise<EventRow[]> {
  return isPostgres(db) ? claimDueEventsSkippingLocked(db, claim) : claimDueEventsInOneUpdate(db, claim);
}

/** The oldest `limit` events of `source` that are due (never tried, or their retry time has come) and not leased. */
export function dueEventIds(db: WebhookDb, source: EventSource, now: string, limit: number) {
  return db
    .selectFrom('events')
    .select('id')
    .where(pendingEvent)
    .where('source', '=', source)
    .where((due) => due.or([due('next_attempt_at', 'is', null), due('next_attempt_at', '<=', now)]))
    .where((free) => free.or([free('lease_expires_at', 'is', null), free('lease_expires_at', '<=', now)]))
    .orderBy('received_at')
    .limit(limit);
}

/**
 * PostgreSQL: one statement. It locks the due rows it picks and skips rows another
 * worker's claim has locked at this moment, so N instances take disjoint batches instead of
 * queueing on the same first rows.
 */
async function claimDueEventsSkippingLocked(db: WebhookDb, claim: InboxClaim): Promise<EventRow[]> {
  const now = claim.now.toISOString();
  const until = new Date(claim.now.getTime() + claim.leaseMs).toISOString();
  // A CTE with FOR UPDATE is evaluated exactly once (never inlined or rescanned), so each row the
  // UPDATE touches is one this statement locked.
  const claimed = await db
    .with('picked', () => dueEventIds(db, claim.source, now, claim.limit).forUpdate().skipLocked())
    .updateTable('events')
    .from('picked')
    .whereRef('events.id', '=', 'picked.id')
    .set({ lease_owner: claim.owner, lease_expires_at: until })
    .returningAll('events')
    .execute();
  return claimed.sort((a, b) => a.received_at.localeCompare(b.received_at));
}

/**
 * SQLite: one UPDATE … WHERE id IN (SELECT … LIMIT n) RETURNING *. SQLite runs a write statement
 * under its database write lock, so the pick and the take are atomic: of two racing workers (of
 * one process or several on the file) the second sees the first's leases and picks other rows.
 * One statement, one commit, whatever the batch size.
 */
async function claimDueEventsInOneUpdate(db: WebhookDb, claim: InboxClaim): Promise<EventRow[]> {
  const now = claim.now.toISOString();
  const until = new Date(claim.now.getTime() + claim.leaseMs).toISOString();
  const claimed = await db
    .updateTable('events')
    .set({ lease_owner: claim.owner, lease_expires_at: until })
    .where('id', 'in', dueEventIds(db, claim.source, now, claim.limit))
    .returningAll()
    .execute();
  return claimed.sort((a, b) => a.received_at.localeCompare(b.received_at));
}

/** Raised inside a processing transaction when the lease was lost: the transaction rolls back. */
export class LeaseLost extends Error {
  override name = 'LeaseLost';
}

/**
 * Marks the event processed, in the same transaction as the handler's writes. Only the lease
 * holder can: if the lease lapsed and another worker took the event, this throws LeaseLost and
 * the handler's writes roll back with it, so the effect happens once.
 */
export async function completeEvent(trx: WebhookTrx, id: string, owner: string, now: Date): Promise<void> {
  const result = await trx
    .updateTable('events')
    .set({ state: 'processed', processed_at: now.toISOString(), last_error: null, next_attempt_at: null, lease_owner: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where(pendingEvent)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new LeaseLost(`event ${id} is no longer leased by ${owner}`);
}

/** Deletes a leased event whose content is kept elsewhere (a refused link claim's count). */
export async function deleteEvent(trx: WebhookTrx, id: string, owner: string): Promise<void> {
  const result = await trx.deleteFrom('events').where('id', '=', id).where('lease_owner', '=', owner).where(pendingEvent).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw new LeaseLost(`event ${id} is no longer leased by ${owner}`);
}

export interface RetryPolicy {
  maxAttempts: number;
  /** Delay before the second attempt; doubled after each failure, capped at maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export function retryDelayMs(policy: RetryPolicy, failedAttempts: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1));
}

/** Records a failed attempt: back to the queue after a backoff, or dead after maxAttempts. */
export async function failEvent(
  db: WebhookDb,
  event: Pick<EventRow, 'id' | 'attempts'>,
  owner: string,
  failure: { error: string; now: Date; policy: RetryPolicy; permanent?: boolean; notBefore?: Date },
): Promise<'failed' | 'dead' | 'lease_lost'> {
  const attempts = event.attempts + 1;
  // A permanent failure (e.g. the gateway has no such link) would fail the same way every time.
  const dead = failure.permanent === true || attempts >= failure.policy.maxAttempts;
  const backoffEnds = failure.now.getTime() + retryDelayMs(failure.policy, attempts);
  const nextAttemptAt = dead ? null : new Date(Math.max(backoffEnds, failure.notBefore?.getTime() ?? 0)).toISOString();
  const result = await db
    .updateTable('events')
    .set({
      state: dead ? 'dead' : 'failed',
      attempts,
      // Errors are ours (messages of thrown errors), cut short so a row stays small.
      last_error: failure.error.slice(0, 500),
      next_attempt_at: nextAttemptAt,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', event.id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return 'lease_lost';
  return dead ? 'dead' : 'failed';
}
