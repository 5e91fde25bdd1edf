// The amount a SINPE Móvil transfer asks for: the order's amount, lowered by the fewest whole
// colones that make it unlike every other open transfer's, so the amount alone names the attempt
// when the bank's event carries no reference (an SMS payment, a description left empty).
import type { Kysely } from 'kysely';
import { canonicalAmount, fromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import type { Database } from '../store/schema.ts';

/** One whole colón in CRC minor units (CRC has 2 decimals, ISO 4217). */
const oneColon = 100n;

/**
 * Pure: the smallest discount (whole colones, at most `maxDiscount`) whose amount no open transfer
 * holds and that leaves something to pay; undefined when every one is taken.
 */
export function smallestFreeDiscount(amountMinor: bigint, taken: ReadonlySet<bigint>, maxDiscount: number): bigint | undefined {
  for (let colones = 0n; colones <= BigInt(maxDiscount); colones++) {
    const candidate = amountMinor - colones * oneColon;
    if (candidate <= 0n) return undefined;
    if (!taken.has(candidate)) return colones * oneColon;
  }
  return undefined;
}

export interface TransferAmount {
  /** The exact amount to send, canonical ("14999.00"): what the unique index compares. */
  amount: string;
  currency: 'CRC';
  discount: string;
}

/** The canonical text of a colón amount, so one amount has one spelling in the unique index. */
export function canonicalColones(amount: string): string {
  return canonicalAmount(amount, 'CRC');
}

/** The open transfers' amounts within `maxDiscount` colones below `amount` (what the next transfer must avoid). */
export function openTransferAmountsNear(db: Kysely<Database>, amountMinor: bigint, maxDiscount: number) {
  const lowest = amountMinor - BigInt(maxDiscount) * oneColon;
  return db
    .selectFrom('payment_attempts')
    .select('transfer_amount')
    .where('status', '=', 'open')
    .where('transfer_currency', '=', 'CRC')
    .where('transfer_amount', 'in', candidatesBetween(lowest > 0n ? lowest : 1n, amountMinor));
}

function candidatesBetween(lowest: bigint, highest: bigint): string[] {
  const amounts: string[] = [];
  for (let minor = highest; minor >= lowest; minor -= oneColon) amounts.push(fromMinorUnits(minor, 'CRC'));
  return amounts;
}

/** The amount the next transfer of `amount` colones asks for as the store reads now; undefined when none is free. */
export async function nextTransferAmount(db: Kysely<Database>, amount: string, maxDiscount: number): Promise<TransferAmount | undefined> {
  const amountMinor = toMinorUnits(amount, 'CRC');
  const rows = await openTransferAmountsNear(db, amountMinor, maxDiscount).execute();
  const taken = new Set(rows.flatMap((row) => (row.transfer_amount === null ? [] : [toMinorUnits(row.transfer_amount, 'CRC')])));
  const discount = smallestFreeDiscount(amountMinor, taken, maxDiscount);
  if (discount === undefined) return undefined;
  return { amount: fromMinorUnits(amountMinor - discount, 'CRC'), currency: 'CRC', discount: fromMinorUnits(discount, 'CRC') };
}
