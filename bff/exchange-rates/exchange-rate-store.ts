// The merchant's exchange rates: one per currency and day. Setting a day again with the same rate
// is a repeat (the stored one is answered); another rate for a day already set is refused, so an
// order's rate, once shown, never changes under it.
import type { Kysely } from 'kysely';
import type { ExchangeRate, ExchangeRateRequest } from '../../contract/exchange-rates.ts';
import type { Database, ExchangeRatesTable } from '../store/schema.ts';

export type StoredRate = ExchangeRatesTable;

export function exchangeRateView(row: StoredRate): ExchangeRate {
  return { currency: 'USD', rate: row.rate, date: row.rate_date, source: row.source, createdAt: row.created_at };
}

/** Stores the rate unless its day is set; then what is stored for that day, and whether it was new. */
export async function putExchangeRate(db: Kysely<Database>, request: ExchangeRateRequest, now: Date): Promise<{ stored: StoredRate; created: boolean }> {
  const row: StoredRate = { currency: request.currency, rate_date: request.date, rate: request.rate, source: request.source, created_at: now.toISOString() };
  const inserted = await db.insertInto('exchange_rates').values(row).onConflict((conflict) => conflict.columns(['currency', 'rate_date']).doNothing()).executeTakeFirst();
  const created = Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
  const stored = await db.selectFrom('exchange_rates').selectAll().where('currency', '=', request.currency).where('rate_date', '=', request.date).executeTakeFirstOrThrow();
  return { stored, created };
}

/** Newest day first. */
export function listExchangeRates(db: Kysely<Database>, currency: string, limit = 366): Promise<StoredRate[]> {
  return db.selectFrom('exchange_rates').selectAll().where('currency', '=', currency).orderBy('rate_date', 'desc').limit(limit).execute();
}

/** The newest rate of a day up to `today` (a later day's waits for its day). */
export function newestExchangeRate(db: Kysely<Database>, currency: string, today: string): Promise<StoredRate | undefined> {
  return db.selectFrom('exchange_rates').selectAll().where('currency', '=', currency).where('rate_date', '<=', today).orderBy('rate_date', 'desc').limit(1).executeTakeFirst();
}
