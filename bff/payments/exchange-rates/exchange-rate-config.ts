// Dollar prices in colones: settings spread into bff/config.ts's schema like the SINPE ones.
import { z } from 'zod';
import { exchangeRateRequest } from '../../../contract/exchange-rates.ts';
import { envFlag } from '../../lib/env-flag.ts';
import type { RateBand } from './rate-band.ts';

export const exchangeRateConfigShape = {
  /** A default USD→CRC rate (colones per dollar, BCCR reference sell), for a demo or a shop that sets it at deploy time. */
  EXCHANGE_RATE_USD_CRC: exchangeRateRequest.shape.rate.optional(),
  /** The day EXCHANGE_RATE_USD_CRC is BCCR's for (YYYY-MM-DD); unset: the day the BFF started, in Costa Rica. */
  EXCHANGE_RATE_USD_CRC_DATE: exchangeRateRequest.shape.date.optional(),
  /** A rate older than this many days (by Costa Rica's calendar) is refused: no colón amount, no SINPE Móvil for dollars. */
  EXCHANGE_RATE_MAX_AGE_DAYS: z.coerce.number().int().min(0).max(30).default(3),
  /** A posted rate must lie within this many percent of the previous known day's (else 400 rate_out_of_band). */
  EXCHANGE_RATE_DAY_BAND_PERCENT: z.coerce.number().int().min(1).max(100).default(15),
  /** The colones per dollar a first rate (no earlier day stored) must lie within. */
  EXCHANGE_RATE_FIRST_MIN_CRC: z.coerce.number().int().min(1).default(300),
  EXCHANGE_RATE_FIRST_MAX_CRC: z.coerce.number().int().min(1).default(1000),
  /**
   * 1: a dollar order may be paid by card in colones, at the same rate and amount as its colón line
   * (the merchant's acquirer settles colones). Default: cards are charged in the order's currency.
   */
  CARD_COLONES_FOR_USD: envFlag(),
};

export interface ExchangeRateSettings {
  envRate: { rate: string; date: string } | undefined;
  maxAgeDays: number;
  /** CARD_COLONES_FOR_USD: a dollar order's card charge may be in colones. */
  cardColonesForUsd: boolean;
  /** Where a posted rate must lie. */
  band: RateBand;
}

export function exchangeRateSettingsOf(
  config: {
    EXCHANGE_RATE_USD_CRC?: string | undefined;
    EXCHANGE_RATE_USD_CRC_DATE?: string | undefined;
    EXCHANGE_RATE_MAX_AGE_DAYS: number;
    CARD_COLONES_FOR_USD?: boolean;
    EXCHANGE_RATE_DAY_BAND_PERCENT: number;
    EXCHANGE_RATE_FIRST_MIN_CRC: number;
    EXCHANGE_RATE_FIRST_MAX_CRC: number;
  },
  startedAt: Date,
): ExchangeRateSettings {
  const rate = config.EXCHANGE_RATE_USD_CRC;
  return {
    envRate: rate === undefined ? undefined : { rate, date: config.EXCHANGE_RATE_USD_CRC_DATE ?? costaRicaDay(startedAt) },
    maxAgeDays: config.EXCHANGE_RATE_MAX_AGE_DAYS,
    cardColonesForUsd: config.CARD_COLONES_FOR_USD ?? false,
    band: { dayPercent: config.EXCHANGE_RATE_DAY_BAND_PERCENT, firstMin: config.EXCHANGE_RATE_FIRST_MIN_CRC, firstMax: config.EXCHANGE_RATE_FIRST_MAX_CRC },
  };
}

/** Costa Rica keeps UTC−6 all year (no daylight saving time): its calendar day of an instant. */
export function costaRicaDay(instant: Date): string {
  return new Date(instant.getTime() - 6 * 3_600_000).toISOString().slice(0, 10);
}

/** What the schema cannot say field by field; null when the settings hold together. */
export function exchangeRateConfigProblem(config: { EXCHANGE_RATE_FIRST_MIN_CRC: number; EXCHANGE_RATE_FIRST_MAX_CRC: number }): string | null {
  return config.EXCHANGE_RATE_FIRST_MIN_CRC < config.EXCHANGE_RATE_FIRST_MAX_CRC ? null : 'EXCHANGE_RATE_FIRST_MIN_CRC: must be below EXCHANGE_RATE_FIRST_MAX_CRC';
}
