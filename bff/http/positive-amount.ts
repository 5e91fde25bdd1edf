// A positive amount in a currency's minor units, or a 400 naming the field (lib/domain-error.ts's
// invalidField: shaped like the validator wrapper's answers, so callers branch on `errors[].path` alike).
import { isCurrencyCode } from '../../contract/currencies.ts';
import { toMinorUnits } from '../../contract/money.ts';
import { invalidField } from '../lib/domain-error.ts';

/** A positive `amount` that `currency` (ISO 4217) can hold, in integer minor units; else a 400 naming the field. */
export function positiveAmountInMinorUnits(amount: string, currency: string): bigint {
  if (!isCurrencyCode(currency)) throw invalidField('currency', 'Not an ISO 4217 currency.', 'invalid_currency');
  let minor: bigint;
  try {
    minor = toMinorUnits(amount, currency);
  } catch {
    throw invalidField('amount', `More decimals than ${currency} allows.`, 'invalid_amount');
  }
  if (minor <= 0n) throw invalidField('amount', 'The amount must be positive.', 'invalid_amount');
  return minor;
}
