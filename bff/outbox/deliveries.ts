// The delivery queue: one row per event and endpoint (unique, so two instances dispatching the same
// event make one delivery), claimed with a lease as the inbox's events are (inbox/inbox.ts): of two
// workers racing for a row exactly one gets it, on SQLite and PostgreSQL, and a killed worker's
// claim lapses. Completion is conditional on the lease too.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DeliveryState } from '../../contract/merchant-webhooks.ts';
import { isPostgres } from '../store/migrations/engine.ts';
import { wantsEvent, type DeliveryTarget } from './endpoints.ts';
import type { DeliveryRow, OutboxDb } from './outbox-tables.ts';
import { nextRetryDelayMs } from './retry-schedule.ts';

/** Waiting to be sent. Literal states, matching the partial index webhook_deliveries_due (0014). */
export const dueDelivery = sql<boolean>`state in ('pending', 'retrying')`;

/**
 * Gives each undispatched event a delivery row per endpoint that wants it, and marks it
 * dispatched, in one transaction. Returns how many events it handled.
 */
export async function dispatchNewEvents(db: OutboxDb, targetsNow: (db: OutboxDb) => Promise<readonly DeliveryTarget[]>, now: Date, limit = 100): Promise<number> {
  const events = await db.selectFrom('outbound_events').select(['id', 'type', 'created_at']).where('dispatched_at', 'is', null).orderBy('created_at').limit(limit).execute();
  if (events.length === 0) return 0;
  // The endpoints after the events: an endpoint committed before an event this read sees is in it,
  // so no event is marked dispatched without a delivery to an endpoint that was there first.
  const targets = await targetsNow(db);
  const stamp = now.toISOString();
  const rows = events.flatMap((event) =>
    targets
      .filter((target) => wantsEvent(target, event))
      .map((target) => ({
        id: `dlv_${randomBytes(12).toString('base64url')}`,
        event_id: event.id,
        endpoint_id: target.id,
        type: event.type,
        state: 'pending' as const,
        attempts: 0,
        next_attempt_at: stamp,
        lease_owner: null,
        lease_expires_at: null,
        created_at: stamp,
        delivered_at: null,
      })),
  );
  await db.transaction().execute(async (trx) => {
    if (rows.length > 0) await trx.insertInto('webhook_deliveries').values(rows).onConflict((c) => c.columns(['event_id', 'endpoint_id']).doNothing()).execute();
    await trx.updateTable('outbound_events').set({ dispatched_at: stamp }).where('id', 'in', events.map((event) => event.id)).where('dispatched_at', 'is', null).execute();
  });
  return events.length;
}

export interface DeliveryClaim {
  owner: string;
  now: Date;
  leaseMs: number;
  limit: number;
  /** Endpoints that already have as many deliveries in flight as they may: none of theirs now. */
  busyEndpoints: readonly string[];
}

/** The due, unleased deliveries a claim takes (exported so its plan can be checked: hot-query-plans.spec.ts). */
export function dueDeliveryIds(db: OutboxDb, claim: DeliveryClaim) {
  const now = claim.now.toISOString();
  let select = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where(dueDelivery)
    .where('next_attempt_at', '<=', now)
    .where((free) => free.or([free('lease_expires_at', 'is', null), free('lease_expires_at', '<=', now)]));
  if (claim.busyEndpoints.length > 0) select = select.where('endpoint_id', 'not in', claim.busyEndpoints);
  return select.orderBy('next_attempt_at').limit(claim.limit);
}

/** Claims up to `limit` due deliveries until now + leaseMs (see inbox.ts claimDueEvents for why each engine's way). */
export async function claimDueDeliveries(db: OutboxDb, claim: DeliveryClaim): Promise<DeliveryRow[]> {
  const until = new Date(claim.now.getTime() + claim.leaseMs).toISOString();
  if (isPostgres(db)) {
    return db
      .with('picked', () => dueDeliveryIds(db, claim).forUpdate().skipLocked())
      .updateTable('webhook_deliveries')
      .from('picked')
      .whereRef('webhook_deliveries.id', '=', 'picked.id')
      .set({ lease_owner: claim.owner, lease_expires_at: until })
      .returningAll('webhook_deliveries')
      .execute();
  }
  return db
    .updateTable('webhook_deliveries')
    .set({ lease_owner: claim.owner, lease_expires_at: until })
    .where('id', 'in', dueDeliveryIds(db, claim))
    .returningAll()
    .execute();
}

export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  at: Date;
  durationMs: number;
  /** No retry can help (the endpoint was deleted). */
  permanent?: boolean;
}

export function isSuccessStatus(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300;
}

/**
 * Records one attempt and moves the delivery on: delivered on a 2xx, otherwise retrying at the
 * schedule's next delay, or dead once it is spent. Only the lease holder moves it.
 */
export async function recordAttempt(
  db: OutboxDb,
  delivery: Pick<DeliveryRow, 'id' | 'attempts'>,
  owner: string,
  result: AttemptResult,
  schedule: readonly number[],
): Promise<DeliveryState | 'lease_lost'> {
  const attempts = delivery.attempts + 1;
  const delivered = isSuccessStatus(result.statusCode);
  const delay = delivered || result.permanent ? null : nextRetryDelayMs(schedule, attempts);
  const state: DeliveryState = delivered ? 'delivered' : delay === null ? 'dead' : 'retrying';
  const at = result.at.toISOString();
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('webhook_deliveries')
      .set({
        state,
        attempts,
        next_attempt_at: delay === null ? null : new Date(result.at.getTime() + result.durationMs + delay).toISOString(),
        delivered_at: delivered ? at : null,
        lease_owner: null,
        lease_expires_at: null,
      })
      .where('id', '=', delivery.id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return 'lease_lost';
    await trx
      .insertInto('webhook_attempts')
      .values({ delivery_id: delivery.id, status_code: result.statusCode, error: result.error?.slice(0, 300) ?? null, attempted_at: at, duration_ms: result.durationMs })
      .execute();
    return state;
  });
}

/** Gives a claimed delivery back untried, for the next pass (or another worker) to take. */
export async function releaseDelivery(db: OutboxDb, id: string, owner: string): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ lease_owner: null, lease_expires_at: null }).where('id', '=', id).where('lease_owner', '=', owner).execute();
}

/** Sends it again from the start of the schedule, with the same webhook-id. False: no such delivery. */
export async function replayDelivery(db: OutboxDb, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ state: 'pending', attempts: 0, next_attempt_at: now.toISOString(), delivered_at: null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Retention: finished deliveries (delivered or dead) created before `before`, with their attempts,
 * then the events left with no delivery. At most `batchSize` rows per statement; returns how many
 * deliveries and events went, so the caller repeats while a batch comes back full.
 */
export async function deleteFinishedDeliveries(db: OutboxDb, before: string, batchSize: number): Promise<{ deliveries: number; events: number }> {
  const deliveries = await db.transaction().execute(async (trx) => {
    const ids = (
      await trx.selectFrom('webhook_deliveries').select('id').where('state', 'in', ['delivered', 'dead']).where('created_at', '<', before).limit(batchSize).execute()
    ).map((row) => row.id);
    if (ids.length === 0) return 0;
    await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', ids).execute();
    await trx.deleteFrom('webhook_deliveries').where('id', 'in', ids).execute();
    return ids.length;
  });
  const orphans = db
    .selectFrom('outbound_events')
    .select('id')
    .where('dispatched_at', 'is not', null)
    .where('created_at', '<', before)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_deliveries').select('webhook_deliveries.id').whereRef('webhook_deliveries.event_id', '=', 'outbound_events.id'))))
    .limit(batchSize);
  const events = Number((await db.deleteFrom('outbound_events').where('id', 'in', orphans).executeTakeFirst()).numDeletedRows);
  return { deliveries, events };
}
