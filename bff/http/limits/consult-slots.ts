// When a status consult of an order may start: at most one per order per interval. One SQLite
// process remembers the last consult in memory; instances on one PostgreSQL claim the next slot
// with a conditional UPDATE of the order's `consult_not_before`, so the interval holds whatever
// the number of instances (the row that wins the update consults; the others answer from the store).
import { BoundedMap } from '../../lib/bounded-map.ts';
import type { Clock } from '../../lib/observability/clock.ts';
import type { Store } from '../../store/database.ts';
import type { Kysely } from 'kysely';
import { limitDb, type LimitTables } from './limit-tables.ts';

export interface ConsultSlots {
  /** True when no consult of this order started within the interval; the slot is then taken. */
  claim(orderNumber: string): Promise<boolean>;
  /** A consult starts anyway (the reconciler, a verified redirect): the interval restarts now. */
  take(orderNumber: string): Promise<void>;
}

/** Orders whose last consult time is remembered; older ones fall out (their next poll may consult). */
const rememberedOrders = 10_000;

export class MemoryConsultSlots implements ConsultSlots {
  private readonly lastConsultAt: BoundedMap<string, number>;

  constructor(private readonly clock: Clock, intervalMs: number) {
    this.lastConsultAt = new BoundedMap({ maxSize: rememberedOrders, ttlMs: intervalMs, now: () => clock.now().getTime() });
  }

  async claim(orderNumber: string): Promise<boolean> {
    if (this.lastConsultAt.has(orderNumber)) return false;
    this.lastConsultAt.set(orderNumber, this.clock.now().getTime());
    return true;
  }

  async take(orderNumber: string): Promise<void> {
    this.lastConsultAt.set(orderNumber, this.clock.now().getTime());
  }
}

export class DatabaseConsultSlots implements ConsultSlots {
  constructor(private readonly store: Store, private readonly clock: Clock, private readonly intervalMs: number) {}

  async claim(orderNumber: string): Promise<boolean> {
    const { now, notBefore } = this.window();
    const claimed = await consultSlotClaim(limitDb(this.store), orderNumber, now, notBefore).executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  async take(orderNumber: string): Promise<void> {
    await limitDb(this.store).updateTable('orders').set({ consult_not_before: this.window().notBefore }).where('order_number', '=', orderNumber).execute();
  }

  private window() {
    const nowMs = this.clock.now().getTime();
    return { now: new Date(nowMs).toISOString(), notBefore: new Date(nowMs + this.intervalMs).toISOString() };
  }
}

export function consultSlotsFor(store: Store, clock: Clock, intervalMs: number): ConsultSlots {
  return store.engine === 'postgres' ? new DatabaseConsultSlots(store, clock, intervalMs) : new MemoryConsultSlots(clock, intervalMs);
}

/** The claim's UPDATE, through the order's primary key; exported so its plan can be checked (hot-query-plans.spec.ts). */
export function consultSlotClaim(db: Kysely<LimitTables>, orderNumber: string, now: string, notBefore: string) {
  return db
    .updateTable('orders')
    .set({ consult_not_before: notBefore })
    .where('order_number', '=', orderNumber)
    .where((where) => where.or([where('consult_not_before', 'is', null), where('consult_not_before', '<=', now)]));
}
