// The merchant's exchange rates: one per currency and day. Setting a day again with the same rate
// is a repeat (the stored one is answered); another rate for a day already set is refused unless it
// is a correction (replace), which is recorded with the key that made it. Orders keep the colón
// amount they were shown (current-rate.ts), so a correction never changes one under a buyer.
import type { Kysely } from 'kysely';
import type { ExchangeRate, ExchangeRateRequest } from '../../../contract/exchange-rates.ts';
import { sameRate } from '../../../contract/local-amount.ts';
import type { Database, ExchangeRateChangesTable, ExchangeRatesTable } from '../../store/schema.ts';
import type { Selectable } from 'kysely';

export type StoredRate = ExchangeRatesTable;
type StoredChange = Selectable<ExchangeRateChangesTable>;
export type MerchantKey = ExchangeRateChangesTable['merchant_key'];

export function exchangeRateView(row: StoredRate, changes: readonly StoredChange[]): ExchangeRate {
  return {
    currency: 'USD',
    rate: row.rate,
    date: row.rate_date,
    source: row.source,
    createdAt: row.created_at,
    changes: changes.map((change) => ({ rate: change.rate, previousRate: change.previous_rate, by: change.merchant_key, at: change.changed_at })),
  };
}

export type PutOutcome = { kind: 'created' | 'replaced' | 'repeated'; stored: StoredRate } | { kind: 'conflict'; stored: StoredRate };

/**
 * Stores the rate when its day is not set; with `replace`, also replaces another rate of that day.
 * One transaction: the row and its change record move together, and two corrections racing each
 * record the rate they replaced.
 */
export function putExchangeRate(db: Kysely<Database>, request: ExchangeRateRequest, by: MerchantKey, now: Date): Promise<PutOutcome> {
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const row: StoredRate = { currency: request.currency, rate_date: request.date, rate: request.rate, source: request.source, created_at: at };
    const inserted = await trx.insertInto('exchange_rates').values(row).onConflict((conflict) => conflict.columns(['currency', 'rate_date']).doNothing()).executeTakeFirst();
    const record = (previousRate: string | null) =>
      trx.insertInto('exchange_rate_changes').values({ currency: request.currency, rate_date: request.date, rate: request.rate, previous_rate: previousRate, merchant_key: by, changed_at: at }).execute();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) {
      await record(null);
      return { kind: 'created', stored: row };
    }
    const stored = await storedDay(trx, request.currency, request.date);
    if (sameRate(stored.rate, request.rate) && stored.source === request.source) return { kind: 'repeated', stored };
    if (!request.replace) return { kind: 'conflict', stored };
    // Compare-and-set on the rate read: a concurrent correction in between makes this one read again.
    const updated = await trx
      .updateTable('exchange_rates')
      .set({ rate: request.rate, source: request.source })
      .where('currency', '=', request.currency)
      .where('rate_date', '=', request.date)
      .where('rate', '=', stored.rate)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new Error('the day’s rate changed during its correction');
    await record(stored.rate);
    return { kind: 'replaced', stored: await storedDay(trx, request.currency, request.date) };
  });
}

function storedDay(db: Kysely<Database>, currency: string, date: string): Promise<StoredRate> {
  return db.selectFrom('exchange_rates').selectAll().where('currency', '=', currency).where('rate_date', '=', date).executeTakeFirstOrThrow();
}

/** The rate of the newest day before `date`: what a rate for `date` is held against. */
export function previousDayRate(db: Kysely<Database>, currency: string, date: string): Promise<StoredRate | undefined> {
  return db.selectFrom('exchange_rates').selectAll().where('currency', '=', currency).where('rate_date', '<', date).orderBy('rate_date', 'desc').limit(1).executeTakeFirst();
}

/** The changes of these days, oldest first, by day. */
export async function changesOf(db: Kysely<Database>, currency: string, dates: readonly string[]): Promise<Map<string, StoredChange[]>> {
  const byDay = new Map<string, StoredChange[]>(dates.map((date) => [date, []]));
  if (dates.length === 0) return byDay;
  const rows = await db.selectFrom('exchange_rate_changes').selectAll().where('currency', '=', currency).where('rate_date', 'in', dates).orderBy('id').execute();
  for (const change of rows) byDay.get(change.rate_date)?.push(change);
  return byDay;
}

/** Newest day first. */
export function listExchangeRates(db: Kysely<Database>, currency: string, limit = 366): Promise<StoredRate[]> {
  return db.selectFrom('exchange_rates').selectAll().where('currency', '=', currency).orderBy('rate_date', 'desc').limit(limit).execute();
}

/** The newest rate of a day up to `today` (a later day's waits for its day). */
export function newestExchangeRate(db: Kysely<Database>, currency: string, today: string): Promise<StoredRate | undefined> {
  return db.selectFrom('exchange_rates').selectAll().where('currency', '=', currency).where('rate_date', '<=', today).orderBy('rate_date', 'desc').limit(1).executeTakeFirst();
}
