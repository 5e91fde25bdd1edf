/**
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
