// One field-level 400 for checks a schema cannot express (they need the currency, the config…),
// shaped like the validator wrapper's answers so callers branch on `errors[].path` alike.
import { problemTypes } from '../../contract/bff-api.ts';
import { isCurrencyCode } from '../../contract/currencies.ts';
import { toMinorUnits } from '../../contract/money.ts';
import { ProblemException } from './problem.ts';

export function fieldProblem(path: string, message: string, code: string): ProblemException {
  return new ProblemException(400, {
    type: problemTypes.validation,
    title: 'Invalid request',
    detail: 'The request has invalid fields.',
    errors: [{ path, message, code }],
  });
}

/** A positive `amount` that `currency` (ISO 4217) can hold, in integer minor units; else a 400 naming the field. */
export function positiveAmountInMinorUnits(amount: string, currency: string): bigint {
  if (!isCurrencyCode(currency)) throw fieldProblem('currency', 'Not an ISO 4217 currency.', 'invalid_currency');
  let minor: bigint;
  try {
    minor = toMinorUnits(amount, currency);
  } catch {
    throw fieldProblem('amount', `More decimals than ${currency} allows.`, 'invalid_amount');
  }
  if (minor <= 0n) throw fieldProblem('amount', 'The amount must be positive.', 'invalid_amount');
  return minor;
}
