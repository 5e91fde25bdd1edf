import * as z from 'zod/mini';
import { iso4217Digits } from './currencies.ts';

/**
 * Money crosses every wire as a decimal string ("15000.00") and is computed on as
 * integer minor units (bigint). No Number ever holds an amount.
 */

/** Plain non-negative decimal: no sign, no exponent, no thousands separator, no bare dot. */
export const decimalPattern = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/** A positive decimal string, the shape of every amount field on the wire. */
export const decimalAmount = z.string().check(
  z.maxLength(32),
  z.regex(decimalPattern, 'invalid_amount'),
  z.refine((value) => /[1-9]/.test(value), 'invalid_amount'),
);

/** ISO 4217 minor-unit exponent (CRC 2, JPY 0, KWD 3). Throws RangeError for an unknown code. */
export function currencyExponent(currency: string): number {
  const digits = iso4217Digits(currency);
  if (digits === undefined) throw new RangeError(`not an ISO 4217 currency: ${currency}`);
  return digits;
}

/**
 * "15000.00" CRC → 1500000n. Extra trailing zeros are fine ("100.00" JPY); a digit
 * that the currency cannot hold ("1.005" USD) is rejected rather than rounded.
 */
export function toMinorUnits(amount: string, currency: string): bigint {
  const exponent = currencyExponent(currency);
  if (!decimalPattern.test(amount)) throw new RangeError(`not a decimal amount: ${JSON.stringify(amount)}`);
  const [whole = '0', fraction = ''] = amount.split('.');
  const kept = fraction.slice(0, exponent);
  if (/[1-9]/.test(fraction.slice(exponent))) {
    throw new RangeError(`${amount} has more decimals than ${currency} allows (${exponent})`);
  }
  return BigInt(whole + kept.padEnd(exponent, '0'));
}

/** 1500000n CRC → "15000.00". Negative amounts never travel, so they are refused. */
export function fromMinorUnits(minor: bigint, currency: string): string {
  if (minor < 0n) throw new RangeError('negative amounts are not represented');
  const exponent = currencyExponent(currency);
  if (exponent === 0) return minor.toString();
  const digits = minor.toString().padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
