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
});
export type ExchangeRateRequest = z.infer<typeof exchangeRateRequest>;

export const exchangeRate = z.object({
  currency: z.literal('USD'),
  rate: z.string(),
  date: z.string(),
  source: z.string(),
  createdAt: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRate>;

export const exchangeRateList = z.object({
  /** Newest day first. */
  items: z.array(exchangeRate),
});
export type ExchangeRateList = z.infer<typeof exchangeRateList>;
