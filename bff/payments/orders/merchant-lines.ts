// A merchant session's lines, priced exactly: each line's amount is quantity × unitAmount in integer
// minor units, and the lines must add up to the session's amount, so the summary the buyer reads
// never disagrees with what they are charged.
import type { MerchantOrderLine, OrderLine } from '../../../contract/bff-api.ts';
import { fromMinorUnits, toMinorUnits } from '../../../contract/money.ts';
import { invalidField } from '../../lib/domain-error.ts';

export function pricedMerchantLines(lines: readonly MerchantOrderLine[] | undefined, totalMinor: bigint, currency: string): OrderLine[] {
  if (!lines) return [];
  let sum = 0n;
  const priced = lines.map((line, index) => {
    let unitMinor: bigint;
    try {
      unitMinor = toMinorUnits(line.unitAmount, currency);
    } catch {
      throw invalidField(`lines.${index}.unitAmount`, `More decimals than ${currency} allows.`, 'invalid_amount');
    }
    const amountMinor = unitMinor * BigInt(line.quantity);
    sum += amountMinor;
    return {
      sku: line.sku ?? '',
      name: line.name,
      quantity: line.quantity,
      unitAmount: fromMinorUnits(unitMinor, currency),
      amount: fromMinorUnits(amountMinor, currency),
    };
  });
  if (sum !== totalMinor) throw invalidField('lines', 'The lines do not add up to the amount.', 'lines_total_mismatch');
  return priced;
}
