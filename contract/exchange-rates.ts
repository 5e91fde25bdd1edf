// The merchant's exchange rates (ARCHITECTURE.md "Dollar prices in colones"):
// POST /v1/merchant/exchange-rates sets the day's BCCR reference sell rate, GET lists them.
import { z } from 'zod';
import { rateDecimals } from './local-amount.ts';

const ratePattern = new RegExp(`^(0|[1-9]\\d{0,6})(\\.\\d{1,${rateDecimals}})?$`);

/** A calendar day that exists (2026-02-30 does not). */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.')
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, 'No such day.');

export const exchangeRateRequest = z.strictObject({
  /** Only dollars are priced in colones. */
  currency: z.literal('USD'),
  /** Colones per dollar, a decimal string (BCCR publishes 2 decimals; at most 4). */
  rate: z
    .string()
    .regex(ratePattern, `A positive decimal string with at most ${rateDecimals} decimals, e.g. "506.52".`)
    .refine((value) => /[1-9]/.test(value), 'The rate must be positive.'),
  /** The day the rate is BCCR's for, YYYY-MM-DD. */
  date: calendarDate,
  /** The Banco Central de Costa Rica's reference sell rate (tipo de cambio de referencia de venta). */
  source: z.literal('BCCR'),
  /**
   * true: a correction. Replaces the day's rate when one is set (recorded with the key and the time);
   * sessions already shown keep their colón amount. Omitted or false: another rate for a day already
   * set is refused (409).
   */
  replace: z.boolean().optional(),
});
export type ExchangeRateRequest = z.infer<typeof exchangeRateRequest>;

/** One setting of a day's rate: the first, or a correction (`previousRate` is what it replaced). */
export const exchangeRateChange = z.object({
  rate: z.string(),
  previousRate: z.string().nullable(),
  /** Which MERCHANT_SECRET set it: `current` (the first) or `previous` (during a rotation). */
  by: z.enum(['current', 'previous']),
  at: z.string(),
});
export type ExchangeRateChange = z.infer<typeof exchangeRateChange>;

export const exchangeRate = z.object({
  currency: z.literal('USD'),
  rate: z.string(),
  date: z.string(),
  source: z.string(),
  createdAt: z.string(),
  /** Every setting of this day's rate, oldest first: the first one and each correction. */
  changes: z.array(exchangeRateChange),
});
export type ExchangeRate = z.infer<typeof exchangeRate>;

export const exchangeRateList = z.object({
  /** Newest day first. */
  items: z.array(exchangeRate),
});
export type ExchangeRateList = z.infer<typeof exchangeRateList>;
