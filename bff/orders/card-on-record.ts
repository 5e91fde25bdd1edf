// The paying card as a consult record shows it: a brand and the last four digits, for the buyer's
// result. Nothing else of the card is kept.
import type { TransactionRecord } from '../../contract/gateway/transactions.ts';

export interface CardOnRecord {
  brand: string;
  last4: string;
}

/**
 * UNCERTAIN (gateway-api.md §2.3 gives `card` and `last` only as "short digit string";
 * gateway-facts.md says nothing more): `card` is read as the card's first digits (its BIN) and `last`
 * as its last four, as card gateways commonly report them and the sandbox does. Anything else (empty,
 * not four digits) yields no card rather than a wrong one.
 */
export function cardOfConsultRecord(record: Pick<TransactionRecord, 'card' | 'last'>): CardOnRecord | undefined {
  const last4 = record.last.trim();
  if (!/^\d{4}$/.test(last4)) return undefined;
  const brand = brandOfBin(record.card.trim());
  return brand ? { brand, last4 } : undefined;
}

/** The card network of a BIN by its leading digits (the networks' published ranges). */
function brandOfBin(bin: string): string | undefined {
  if (/^4/.test(bin)) return 'Visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(bin)) return 'Mastercard';
  if (/^3[47]/.test(bin)) return 'American Express';
  return undefined;
}
