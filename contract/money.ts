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

/** One spelling per amount in its currency ("0" → "0.00", "12.5" → "12.50" USD): what answers and documents show. */
export function canonicalAmount(amount: string, currency: string): string {
  return fromMinorUnits(toMinorUnits(amount, currency), currency);
}

/**
 * The one exact reading of an amount that arrived as a JSON number (a PHP or Java upstream may
 * send `12.5` where the contract says "12.50"). JavaScript's String(number) is the shortest
 * decimal text that reads back as the same double, which is the text the sender most likely
 * wrote; only its exponent form ("1e-7", "1.5e+21") is expanded, by moving the decimal point in
 * the digits, never by arithmetic. Negative, NaN and infinite values are refused.
 */
export function decimalTextOfNumber(value: number): string {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a non-negative amount: ${value}`);
  const text = String(value);
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, whole = '', fraction = '', exponentText = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * An upstream decimal (string, or number read through decimalTextOfNumber) held to the currency's
 * minor unit. Rounding rule: half up on the first dropped digit (33.335 → 33.34, 33.333 → 33.33,
 * 0.30000000000000004 → 0.30), the rule PHP's round() and number_format() apply, so the figure
 * matches what the gateway's own pages show. Only for amounts the upstream already decided
 * (reports of what it did); our own requests are refused instead of rounded (toMinorUnits).
 */
export function upstreamAmount(value: string | number, currency: string): string {
  const text = typeof value === 'number' ? decimalTextOfNumber(value) : value.trim();
  if (!decimalPattern.test(text)) throw new RangeError(`not a decimal amount: ${JSON.stringify(value)}`);
  const exponent = currencyExponent(currency);
  const [whole = '0', fraction = ''] = text.split('.');
  let minor = BigInt(whole + fraction.slice(0, exponent).padEnd(exponent, '0'));
  if ((fraction[exponent] ?? '0') >= '5') minor += 1n;
  return fromMinorUnits(minor, currency);
}

/** -150000n CRC → "-1500.00": a signed sum (a day's net may be negative), for totals only. */
export function signedFromMinorUnits(minor: bigint, currency: string): string {
  return minor < 0n ? `-${fromMinorUnits(-minor, currency)}` : fromMinorUnits(minor, currency);
}
