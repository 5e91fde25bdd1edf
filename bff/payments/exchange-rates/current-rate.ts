// Which rate a dollar order is shown in colones with: the newest of the merchant's stored rates and
// the environment's default, unless it is older than EXCHANGE_RATE_MAX_AGE_DAYS (then none: a stale
// rate would misstate the price, which MEIC fines; no colón line and no SINPE Móvil for dollars).
import type { Kysely } from 'kysely';
import { colonesAt, type LocalAmount } from '../../../contract/local-amount.ts';
import type { Database, OrderRow } from '../../store/schema.ts';
import { costaRicaDay, type ExchangeRateSettings } from './exchange-rate-config.ts';
import { newestExchangeRate } from './exchange-rate-store.ts';

export interface CurrentRate {
  rate: string;
  date: string;
  source: string;
}

/**
 * Pure: the newer of the two (the stored one on a tie: the merchant set it), when fresh on `today`.
 * A rate for a later day (the BCCR publishes tomorrow's in the afternoon) waits for its day.
 */
export function freshRate(stored: CurrentRate | undefined, fallback: CurrentRate | undefined, today: string, maxAgeDays: number): CurrentRate | undefined {
  const newest = [stored, fallback].filter((rate): rate is CurrentRate => rate !== undefined && rate.date <= today).sort((a, b) => b.date.localeCompare(a.date))[0];
  if (!newest) return undefined;
  const ageDays = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${newest.date}T00:00:00Z`)) / 86_400_000;
  return ageDays <= maxAgeDays ? newest : undefined;
}

export async function currentUsdRate(db: Kysely<Database>, settings: ExchangeRateSettings, now: Date): Promise<CurrentRate | undefined> {
  const stored = await newestExchangeRate(db, 'USD', costaRicaDay(now));
  const fromStore = stored && { rate: stored.rate, date: stored.rate_date, source: stored.source };
  const fromEnv = settings.envRate && { ...settings.envRate, source: 'BCCR' };
  return freshRate(fromStore, fromEnv, costaRicaDay(now), settings.maxAgeDays);
}

/** A dollar amount in colones at `rate`. */
export function localAmountAt(amount: string, rate: CurrentRate): LocalAmount {
  return { amount: colonesAt(amount, rate.rate), currency: 'CRC', rate: rate.rate, rateDate: rate.date, source: rate.source };
}

/** The colón amount fixed on the order at checkout, if any. */
export function recordedLocalAmount(order: OrderRow): LocalAmount | undefined {
  if (order.local_amount === null || order.local_rate === null || order.local_rate_date === null) return undefined;
  return { amount: order.local_amount, currency: 'CRC', rate: order.local_rate, rateDate: order.local_rate_date, source: order.local_rate_source ?? 'BCCR' };
}

/**
 * What a dollar order's answers show: the amount fixed at checkout, else today's at the fresh rate;
 * nothing for another currency or without a fresh rate.
 */
export async function localAmountOf(db: Kysely<Database>, order: OrderRow, settings: ExchangeRateSettings, now: Date): Promise<LocalAmount | undefined> {
  if (order.currency !== 'USD') return undefined;
  const recorded = recordedLocalAmount(order);
  if (recorded) return recorded;
  const rate = await currentUsdRate(db, settings, now);
  return rate && localAmountAt(order.amount, rate);
}

/**
 * When the buyer is shown the order (its session) and at checkout: a dollar order keeps the colón
 * amount at the fresh rate (what the buyer was shown and may pay by SINPE Móvil). Once kept it stays
 * while its rate is fresh, so a rate posted or corrected after the buyer saw the amount, a repeat, or
 * a retry after a new day's rate asks for the amount shown and the amount an awaited transfer already
 * asks for; a stale one is replaced by today's, or cleared when there is none.
 */
export async function fixLocalAmount(db: Kysely<Database>, order: OrderRow, settings: ExchangeRateSettings, now: Date): Promise<LocalAmount | undefined> {
  if (order.currency !== 'USD') return undefined;
  const recorded = recordedLocalAmount(order);
  const today = costaRicaDay(now);
  if (recorded && freshRate({ rate: recorded.rate, date: recorded.rateDate, source: recorded.source }, undefined, today, settings.maxAgeDays)) return recorded;
  const rate = await currentUsdRate(db, settings, now);
  const local = rate && localAmountAt(order.amount, rate);
  if (!recorded && !local) return undefined; // nothing kept, nothing to keep: no write on every poll
  await db
    .updateTable('orders')
    .set({ local_amount: local?.amount ?? null, local_rate: local?.rate ?? null, local_rate_date: local?.rateDate ?? null, local_rate_source: local?.source ?? null })
    .where('order_number', '=', order.order_number)
    .execute();
  return local;
}
