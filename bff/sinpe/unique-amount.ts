// The amount a SINPE Móvil transfer asks for. A transfer paid without a reference (an SMS "PASE",
// a description left empty) can only be placed by its amount, so:
// - it is whole colones (an SMS cannot send céntimos) and always below the shop's price, by at
//   least one colón and at most SINPE_MAX_DISCOUNT_COLONES with the céntimos, and it is no price:
//   not a multiple of ₡5 (the smallest coin in circulation, so what cash prices are made of) nor
//   the amount of any order. Money of a plain price (a stranger's transfer, an in-store sale to the
//   same number, another product's buyer) never names an order;
// - no open transfer asks for it, nor one whose time ended within SINPE_AMOUNT_RESERVE_HOURS, paid or
//   not: its buyer's money may still arrive (late, or after a stranger's money of that amount paid
//   the order), and must never pay the next buyer's order;
// - one client address holds at most SINPE_AMOUNTS_PER_CLIENT of them at once, and an order at most
//   one: a retry after its transfer lapsed asks for the amount it already holds.
// When none is free, or the client holds its share, the transfer asks for the price in whole
// colones and names itself by its reference only: the buyer still pays by SINPE Móvil.
import { sql, type Kysely } from 'kysely';
import { canonicalAmount, fromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import type { Database } from '../store/schema.ts';

/** One whole colón in CRC minor units (CRC has 2 decimals, ISO 4217). */
const oneColon = 100n;
/** The smallest Costa Rican coin in circulation (₡5): cash prices are its multiples. */
const smallestCoin = 5n * oneColon;

/** Why a transfer asks for its reference only (sinpe_reference_only_transfers_total's reason). */
export type ReferenceOnlyReason = 'client_share' | 'amounts_taken' | 'no_discount';

export interface TransferAmount {
  /** The exact amount to send, canonical ("14999.00"): what the unique index compares. */
  amount: string;
  currency: 'CRC';
  discount: string;
  /** Absent: the amount alone names the transfer. Present: the transfer names itself by its reference only, and why. */
  referenceOnly?: ReferenceOnlyReason;
}

/** What the next transfer's amount depends on besides the price. */
export interface AmountRules {
  /** SINPE_MAX_DISCOUNT_COLONES. */
  maxDiscount: number;
  /** SINPE_AMOUNT_RESERVE_HOURS, in milliseconds. */
  reserveMs: number;
  /** SINPE_AMOUNTS_PER_CLIENT. */
  amountsPerClient: number;
}

/** The canonical text of a colón amount, so one amount has one spelling in the unique index. */
export function canonicalColones(amount: string): string {
  return canonicalAmount(amount, 'CRC');
}

/**
 * Pure: the amounts a transfer of `amountMinor` may ask for, the highest first: whole colones,
 * below the whole price by one colón at least, no further below the price than `maxDiscount`
 * colones (céntimos included), above nothing, and never a multiple of ₡5 (a cash price).
 */
export function askableAmounts(amountMinor: bigint, maxDiscount: number): bigint[] {
  const lowest = amountMinor - BigInt(maxDiscount) * oneColon;
  const amounts: bigint[] = [];
  for (let candidate = (amountMinor / oneColon) * oneColon - oneColon; candidate >= lowest && candidate > 0n; candidate -= oneColon) {
    if (candidate % smallestCoin !== 0n) amounts.push(candidate);
  }
  return amounts;
}

/** Pure: the first askable amount nobody holds; undefined when every one is held (or none is askable). */
export function firstFreeAmount(askable: readonly bigint[], held: ReadonlySet<bigint>): bigint | undefined {
  return askable.find((amount) => !held.has(amount));
}

/** Pure: a transfer that names itself by its reference only asks for the price in whole colones (the céntimos are its discount). */
export function wholeColonesOf(amountMinor: bigint): bigint {
  return (amountMinor / oneColon) * oneColon;
}

/** The cutoff of the reservation: a transfer that lapsed after it still holds its amount. */
function reservedSince(now: Date, reserveMs: number): string {
  return new Date(now.getTime() - reserveMs).toISOString();
}

/** The transfers that hold their amount now: open ones, and those whose time ended within the reservation, whatever they became. */
function holdingTransfers(db: Kysely<Database>, now: Date, reserveMs: number) {
  const since = reservedSince(now, reserveMs);
  return db
    .selectFrom('payment_attempts')
    .where('amount_names_attempt', '=', 1)
    .where((eb) => eb.or([eb('status', '=', 'open'), eb('expires_at', '>', since)]));
}

/** A transfer nobody paid yet whose buyer's money may still come: awaited, lapsed, or refused by the bank (a retry may follow). */
export const unpaidTransferStatuses = ['open', 'expired', 'declined'] as const;

/** Of those, the ones nobody paid: what counts against a client's share and what an order's retry may ask again. */
function unpaidHolds(db: Kysely<Database>, now: Date, reserveMs: number) {
  return holdingTransfers(db, now, reserveMs).where('status', 'in', unpaidTransferStatuses);
}

/** The held amounts among `amounts` (exported so its plan can be checked: hot-query-plans.spec.ts). */
export function heldAmountsAmong(db: Kysely<Database>, amounts: readonly string[], now: Date, reserveMs: number) {
  return holdingTransfers(db, now, reserveMs).select('transfer_amount').where('transfer_currency', '=', 'CRC').where('transfer_amount', 'in', amounts.length > 0 ? amounts : ['']);
}

/** How many amounts the client holds now, one per order (exported so its plan can be checked). */
export function amountsHeldByClient(db: Kysely<Database>, clientKey: string, now: Date, reserveMs: number) {
  return unpaidHolds(db, now, reserveMs).select(sql<number>`count(distinct order_number)`.as('held')).where('client_key', '=', clientKey);
}

/** The amounts among `amounts` that are some order's own (colón) amount: prices, never asked (exported so its plan can be checked). */
export function ordersPricedAt(db: Kysely<Database>, amounts: readonly string[]) {
  return db.selectFrom('orders').select('amount').distinct().where('currency', '=', 'CRC').where('amount', 'in', amounts.length > 0 ? amounts : ['']);
}

/** The amount the order's own lapsed transfer still holds, newest first: its retry asks for it again. */
function heldByOrder(db: Kysely<Database>, orderNumber: string, now: Date, reserveMs: number) {
  return unpaidHolds(db, now, reserveMs).select('transfer_amount').where('order_number', '=', orderNumber).where('transfer_currency', '=', 'CRC').orderBy('created_at', 'desc').limit(1);
}

/** The amount the next transfer of order `orderNumber`, of `amount` colones, asks for, as the store reads now. */
export async function nextTransferAmount(db: Kysely<Database>, { orderNumber, amount }: { orderNumber: string; amount: string }, rules: AmountRules, client: { key: string | undefined; now: Date }): Promise<TransferAmount> {
  const amountMinor = toMinorUnits(amount, 'CRC');
  const asking = (minor: bigint): TransferAmount => ({ amount: fromMinorUnits(minor, 'CRC'), currency: 'CRC', discount: fromMinorUnits(amountMinor - minor, 'CRC') });
  const referenceOnly = (reason: ReferenceOnlyReason): TransferAmount => ({ ...asking(wholeColonesOf(amountMinor)), referenceOnly: reason });
  const askable = askableAmounts(amountMinor, rules.maxDiscount);
  if (askable.length === 0) return referenceOnly('no_discount');
  const own = await heldByOrder(db, orderNumber, client.now, rules.reserveMs).executeTakeFirst();
  const ownMinor = own?.transfer_amount ? toMinorUnits(own.transfer_amount, 'CRC') : undefined;
  if (ownMinor !== undefined && askable.includes(ownMinor)) return asking(ownMinor);
  if (client.key !== undefined) {
    const held = await amountsHeldByClient(db, client.key, client.now, rules.reserveMs).executeTakeFirst();
    if (Number(held?.held ?? 0) >= rules.amountsPerClient) return referenceOnly('client_share');
  }
  const texts = askable.map((minor) => fromMinorUnits(minor, 'CRC'));
  const [heldRows, pricedRows] = await Promise.all([heldAmountsAmong(db, texts, client.now, rules.reserveMs).execute(), ordersPricedAt(db, texts).execute()]);
  const taken = new Set([...heldRows.flatMap((row) => (row.transfer_amount === null ? [] : [row.transfer_amount])), ...pricedRows.map((row) => row.amount)].map((text) => toMinorUnits(text, 'CRC')));
  const free = firstFreeAmount(askable, taken);
  return free === undefined ? referenceOnly('amounts_taken') : asking(free);
}
