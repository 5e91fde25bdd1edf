import type { DollarOrderWords, WordsFile } from '../i18n/feature-words.ts';
import { featureWords } from '../i18n/part-words.ts';

/**
 * Part of the dollar order's lazy part (lazy/dollar-order.ts, loaded for a session answer with
 * `localAmount`): the wording travels with it, so neither the first script nor a colones order's
 * checkout carries it; the first script only shows the line it is given.
 * A dollar order's price in colones (ARCHITECTURE.md "Dollar prices in colones"): the BFF converts it
 * at the day's BCCR reference sell rate, which MEIC requires the shop to show visibly and in time.
 */
export interface LocalAmount {
  amount: string;
  currency: 'CRC';
  rate: string;
  rateDate: string;
  source: string;
}

const decimal = /^\d+(\.\d+)?$/;

/** The session answer's `localAmount` (at the top or in its order), when it is well formed. */
export function localAmountOf(answer: unknown): LocalAmount | undefined {
  const record = answer as { localAmount?: unknown; order?: { localAmount?: unknown } } | null;
  const candidate = (record?.localAmount ?? record?.order?.localAmount) as Partial<LocalAmount> | undefined;
  if (!candidate || candidate.currency !== 'CRC') return undefined;
  const { amount, rate, rateDate, source } = candidate;
  if (typeof amount !== 'string' || !decimal.test(amount) || typeof rate !== 'string' || !decimal.test(rate)) return undefined;
  if (typeof rateDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(rateDate)) return undefined;
  return { amount, currency: 'CRC', rate, rateDate, source: typeof source === 'string' ? source : 'BCCR' };
}

/** English's words of a dollar order (the colones line, the card's currency choice); every other language's are in its folder, i18n/<tag>/dollar-order.ts. */
const english: DollarOrderWords = {
  localAmount: (amount, rate, date) => `≈ ${amount} at the BCCR reference sell exchange rate (${rate}, ${date})`,
  legend: 'Card charge currency',
  dollars: (amount) => `Pay in dollars (${amount})`,
  colones: (amount) => `Pay in colones (${amount})`,
};

export function dollarOrderWords(tag: string): DollarOrderWords {
  return featureWords('dollar-order', tag, english, (language) => import(`../i18n/${language}/dollar-order.ts`) as Promise<WordsFile<DollarOrderWords>>);
}

function colones(locale: string, amount: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CRC' }).format(amount as `${number}`);
}

/** The colones line under the total, in the page's language at the time it shows; undefined without one. */
export function localAmountLineOf(answer: unknown): ((locale: string) => string) | undefined {
  const local = localAmountOf(answer);
  if (!local) return undefined;
  return (locale) => {
    const say = dollarOrderWords(locale).localAmount;
    // The rate's day as the BCCR publishes it: a calendar date, not an instant (UTC keeps it that day).
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${local.rateDate}T00:00:00Z`));
    return say(colones(locale, local.amount), colones(locale, local.rate), date);
  };
}
