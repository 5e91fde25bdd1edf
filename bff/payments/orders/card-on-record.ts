// The paying card as a consult record shows it: a brand and the last four digits, for the buyer's
// result. Nothing else of the card is kept.
import type { Kysely } from 'kysely';
import type { TransactionRecord } from '../../../contract/gateway/transactions.ts';
import type { Database } from '../../store/schema.ts';

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

/** The networks a redirect's `brand` may name, as the buyer's result shows them. */
const brandNames: Readonly<Record<string, string>> = { visa: 'Visa', mastercard: 'Mastercard', 'master card': 'Mastercard', amex: 'American Express', 'american express': 'American Express' };

/**
 * The paying card as the redirect shows it: `brand` and `last-digits` (gateway-facts.md "Observed in
 * public integrations of the real service", "Card on the receipt", ONE source: the real consult often
 * leaves `card`/`last` empty while the redirect carries these). Display only: a redirect is a claim,
 * so this never decides anything, and it is taken only when consult showed no card.
 */
export function cardOfRedirect(query: Readonly<Record<string, string | undefined>>): CardOnRecord | undefined {
  const last4 = (query['last-digits'] ?? '').trim().slice(-4);
  const brand = brandNames[(query.brand ?? '').trim().toLowerCase()];
  return brand && /^\d{4}$/.test(last4) ? { brand, last4 } : undefined;
}

/** Shows `card` on an approved order whose consult record showed none; a card consult showed stays. */
export async function showRedirectCard(db: Kysely<Database>, orderNumber: string, card: CardOnRecord): Promise<void> {
  await db
    .updateTable('orders')
    .set({ card_brand: card.brand, card_last4: card.last4 })
    .where('order_number', '=', orderNumber)
    .where('status', 'in', ['approved', 'captured'])
    .where('card_brand', 'is', null)
    .execute();
}
