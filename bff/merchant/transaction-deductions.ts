// What the gateway deducted from a transaction, as it wrote it (gateway-api.md §2.3, §2.4): the
// commission, the IVA on it, the IVA and income tax withheld for Hacienda, any cost and its IVA,
// and the net it will pay. Read exactly (contract/money.ts upstreamAmount, half up to the minor
// unit), never through float arithmetic; a field the gateway left empty or wrote unreadably stays
// absent: it is never shown, nor summed, as 0.
import type { TransactionListItem } from '../../contract/gateway/index.ts';
import { upstreamAmount } from '../../contract/money.ts';

/** The gateway's field for each deduction, by the name our answers and reports use. */
export const cardDeductionFields = {
  commission: 'commission',
  ivaCommission: 'iva_commission',
  retentionIva: 'retention_iva',
  retentionRent: 'retention_rent',
  cost: 'cost',
  costIva: 'cost_iva',
} as const satisfies Record<string, keyof TransactionListItem>;

export type CardDeductionName = keyof typeof cardDeductionFields;
export type CardDeductions = Partial<Record<CardDeductionName, string>>;

/** One upstream number as an amount of `currency`, or undefined when absent or unreadable. */
export function upstreamNumberAmount(value: number | null, currency: string): string | undefined {
  if (value === null) return undefined;
  try {
    return upstreamAmount(value, currency);
  } catch {
    return undefined;
  }
}

/** The deductions the record carries, each present only when the gateway wrote it readably. */
export function cardDeductionsOf(item: Pick<TransactionListItem, (typeof cardDeductionFields)[CardDeductionName]>, currency: string): CardDeductions {
  const found: CardDeductions = {};
  for (const [name, field] of Object.entries(cardDeductionFields) as Array<[CardDeductionName, (typeof cardDeductionFields)[CardDeductionName]]>) {
    const amount = upstreamNumberAmount(item[field], currency);
    if (amount !== undefined) found[name] = amount;
  }
  return found;
}
