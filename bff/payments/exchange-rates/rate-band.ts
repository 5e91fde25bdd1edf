// The sanity band a posted rate must fall in: a typo (5.10 for 510.00, 5100 for 510.0) would price
// every dollar order in colones, by card and SINPE Móvil, until it is corrected. The colón moves a
// few percent a month at most, so a day's rate far from the previous known day's is a mistake.
import { rateUnits } from '../../../contract/local-amount.ts';

export interface RateBand {
  /** How far from the previous known day's rate a rate may be, in percent (EXCHANGE_RATE_DAY_BAND_PERCENT). */
  dayPercent: number;
  /** Colones per dollar a first rate (no earlier day known) must lie within (EXCHANGE_RATE_FIRST_MIN_CRC, _MAX_CRC). */
  firstMin: number;
  firstMax: number;
}

export interface PreviousRate {
  rate: string;
  date: string;
}

/** Why `rate` is refused, or undefined when it is inside the band. Inclusive bounds, exact decimals. */
export function outOfBand(rate: string, previous: PreviousRate | undefined, band: RateBand): string | undefined {
  const units = rateUnits(rate);
  if (previous === undefined) {
    const inside = units >= rateUnits(String(band.firstMin)) && units <= rateUnits(String(band.firstMax));
    return inside ? undefined : `A first rate must be within ${band.firstMin}–${band.firstMax} colones per dollar.`;
  }
  const reference = rateUnits(previous.rate);
  const distance = units > reference ? units - reference : reference - units;
  // |rate − previous| / previous ≤ percent / 100, in integers.
  if (distance * 100n <= reference * BigInt(band.dayPercent)) return undefined;
  return `Must be within ${band.dayPercent} % of ${previous.date}'s rate ${previous.rate}.`;
}
