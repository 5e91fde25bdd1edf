import { withoutThousandsSeparators } from './gateway-facts.ts';
import { fromMinorUnits, toMinorUnits } from './money.ts';

/**
 * The one reading of an amount the gateway or the bank reports (a consult record, a link's
 * payment, a bank transfer), for every path that compares it with what was asked: the amount in
 * the currency's canonical form ("15000.00"), or undefined when it is no exact amount of that
 * currency. Never rounded: a report of 15000.004 CRC is not 15000.00.
 */
export function readUpstreamAmount(amount: string | number | null | undefined, currency: string): string | undefined {
  if (amount === null || amount === undefined) return undefined;
  try {
    return fromMinorUnits(toMinorUnits(withoutThousandsSeparators(String(amount).trim()), currency), currency);
  } catch {
    return undefined;
  }
}

/** A reported amount and currency equal the expected ones, compared in integer minor units. */
export function sameUpstreamMoney(
  reported: { amount: string | number | null | undefined; currency: string | null | undefined },
  expected: { amount: string; currency: string },
): boolean {
  const currency = (reported.currency ?? '').trim().toUpperCase();
  if (currency !== expected.currency) return false;
  const amount = readUpstreamAmount(reported.amount, currency);
  return amount !== undefined && amount === readUpstreamAmount(expected.amount, expected.currency);
}

/**
 * An upstream amount and currency as our answers show them: the currency's code in capitals and the
 * amount in its canonical form, or the amount as sent when it reads as no amount of that currency.
 */
export function upstreamMoneyShown(amount: string, currency: string): { amount: string; currency: string } {
  const code = currency.trim().toUpperCase();
  return { amount: readUpstreamAmount(amount, code) ?? amount, currency: code };
}
