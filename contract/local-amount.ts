// A dollar price in colones (ARCHITECTURE.md "Dollar prices in colones"): the amount at the BCCR
// reference sell rate the merchant set, on a USD order's session and status answers. Pure and
// browser-safe (zod/mini, bigint arithmetic only): the widget shows it, the BFF computes it.
import * as z from 'zod/mini';

/** A decimal on the wire (the shape of bff-api.ts decimalAmountString; not imported: that file imports this one). */
const decimal = z.string().check(z.regex(/^(0|[1-9]\d{0,14})(\.\d{1,4})?$/, 'invalid_amount'));

export const localAmount = z.object({
  /** Whole colones, written with 2 decimals ("12663.00"): what a SINPE Móvil transfer of this order starts from. */
  amount: decimal,
  currency: z.literal('CRC'),
  /** Colones per dollar, as the merchant set it. */
  rate: decimal,
  /** The day the rate is BCCR's for (YYYY-MM-DD). */
  rateDate: z.string(),
  /** Whose rate: `BCCR` (the Banco Central's reference sell rate). */
  source: z.string(),
});
export type LocalAmount = z.infer<typeof localAmount>;

/** Most decimals a rate may have: BCCR publishes 2; 4 leaves room without inviting float noise. */
export const rateDecimals = 4;

/**
 * Dollars to whole colones at `rate`, exact: cents × rate in integers, then rounded half up to
 * the colón (Costa Rican cash and SINPE Móvil amounts are whole colones in practice, and the
 * unique-amount discount steps by whole colones). "19.99" USD at "506.52" → "10125.00".
 */
export function colonesAt(usdAmount: string, rate: string): string {
  const cents = scaled(usdAmount, 2);
  const rateScaled = scaled(rate, rateDecimals);
  const unit = 10n ** BigInt(2 + rateDecimals); // cents × scaled rate is colones × 10^(2+4)
  const product = cents * rateScaled;
  const colones = product / unit + (product % unit >= unit / 2n ? 1n : 0n);
  return `${colones}.00`;
}

/** Two rates are the same number ("506.5" and "506.50"). */
export function sameRate(a: string, b: string): boolean {
  return scaled(a, rateDecimals) === scaled(b, rateDecimals);
}

/** A rate as an integer of ten-thousandths ("506.52" → 5065200n), for exact comparisons. */
export function rateUnits(rate: string): bigint {
  return scaled(rate, rateDecimals);
}

/** A non-negative decimal string as an integer of `decimals` places; more places than that is refused. */
function scaled(value: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) throw new RangeError(`not a decimal: ${JSON.stringify(value)}`);
  const fraction = match[2] ?? '';
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) throw new RangeError(`${value} has more than ${decimals} decimals`);
  return BigInt(match[1]! + fraction.slice(0, decimals).padEnd(decimals, '0'));
}
