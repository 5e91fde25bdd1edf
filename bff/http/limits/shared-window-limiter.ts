// The per-address fixed window counted in the database, so every instance on one PostgreSQL adds
// to the same count: one upsert per request through the (scope, client_key) primary key. A window
// ends `windowMs` after its first hit, as in the in-memory FixedWindowLimiter.
import { sql } from 'kysely';
import { FixedWindowLimiter, type RequestLimiter } from '../rate-limit.ts';
import type { Clock } from '../../lib/observability/clock.ts';
import type { Store } from '../../store/database.ts';
import { limitDb } from './limit-tables.ts';

/** Every this many hits an instance deletes up to `expiredPerSweep` ended windows: a bounded, indexed delete. */
const hitsPerSweep = 200;
const expiredPerSweep = 500;

export class SharedWindowLimiter implements RequestLimiter {
  private hitsSinceSweep = 0;

  constructor(
    private readonly store: Store,
    private readonly scope: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  async hit(key: string): Promise<number> {
    const nowMs = this.clock.now().getTime();
    const now = new Date(nowMs).toISOString();
    const endsAt = new Date(nowMs + this.windowMs).toISOString();
    const db = limitDb(this.store);
    // One statement, atomic per row: an ended window restarts at this hit, a live one counts it.
    const counted = await db
      .insertInto('rate_limit_windows')
      .values({ scope: this.scope, client_key: key, hits: 1, ends_at: endsAt })
      .onConflict((conflict) =>
        conflict.columns(['scope', 'client_key']).doUpdateSet({
          hits: sql<number>`case when rate_limit_windows.ends_at <= ${now} then 1 else rate_limit_windows.hits + 1 end`,
          ends_at: sql<string>`case when rate_limit_windows.ends_at <= ${now} then excluded.ends_at else rate_limit_windows.ends_at end`,
        }),
      )
      .returning(['hits', 'ends_at'])
      .executeTakeFirstOrThrow();
    if (++this.hitsSinceSweep >= hitsPerSweep) {
      this.hitsSinceSweep = 0;
      await this.deleteEndedWindows(now);
    }
    if (Number(counted.hits) <= this.limit) return 0;
    return Math.max(1, Math.ceil((Date.parse(counted.ends_at) - nowMs) / 1000));
  }

  /** Addresses that stopped coming leave a row behind; a few of them go at a time. */
  async deleteEndedWindows(now: string): Promise<number> {
    const db = limitDb(this.store);
    const ended = db.selectFrom('rate_limit_windows').select('client_key').where('scope', '=', this.scope).where('ends_at', '<=', now).orderBy('ends_at').limit(expiredPerSweep);
    const deleted = await db.deleteFrom('rate_limit_windows').where('scope', '=', this.scope).where('ends_at', '<=', now).where('client_key', 'in', ended).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }
}

/**
 * The per-address limit for one scope: shared through the database on PostgreSQL, in memory on
 * SQLite. Instances count together when they enforce the same limit; the limit is part of the
 * stored scope, so during a rolling change of it old and new instances keep separate counts.
 */
export function perAddressLimiter(store: Store, scope: string, limit: number, windowMs: number, clock: Clock): RequestLimiter {
  return store.engine === 'postgres' ? new SharedWindowLimiter(store, `${scope}/${limit}`, limit, windowMs, clock) : new FixedWindowLimiter(limit, windowMs, clock);
}
