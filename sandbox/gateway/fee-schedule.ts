import { z } from 'zod';
import { decimalPattern, fromMinorUnits, toMinorUnits } from '../../contract/money.ts';

/**
 * What the sandbox's processor deducts from an approved card payment, written into the gateway's
 * transaction records (gateway-api.md §2.3: commission, iva_commission, retention_iva,
 * retention_rent, cost, cost_iva, net_to_liquidate). Rates are parts per 100,000 so Hacienda's
 * withholding factors are exact:
 * - commission 3.5 % of the sale, in the range Costa Rican online merchants pay;
 * - IVA on the commission 13 % (Costa Rica's general IVA rate);
 * - IVA withheld by the card processor (Ley 9635, art. 29): factor 0.05310 of the sale, i.e. 6 %
 *   of the sale net of IVA, the factor for a merchant whose sales are all taxed;
 * - income tax withheld: factor 0.01770 of the sale (2 % of the sale net of IVA);
 * - a fixed cost per approved payment (0 unless set) and IVA on it at 13 %.
 * Each is rounded half up to the currency's minor unit, on its own, so a test can compute it.
 */
export const feeSchedule = z.strictObject({
  commissionPer100k: z.number().int().min(0).max(100_000).default(3_500),
  ivaOnCommissionPer100k: z.number().int().min(0).max(100_000).default(13_000),
  retentionIvaPer100k: z.number().int().min(0).max(100_000).default(5_310),
  retentionRentPer100k: z.number().int().min(0).max(100_000).default(1_770),
  /** A fixed cost per approved payment, by currency (decimal strings): `{CRC: "50.00"}`. */
  costPerPayment: z.record(z.string().regex(/^[A-Z]{3}$/), z.string().regex(decimalPattern)).default({}),
  costIvaPer100k: z.number().int().min(0).max(100_000).default(13_000),
});
export type FeeSchedule = z.output<typeof feeSchedule>;
export type FeeScheduleInput = z.input<typeof feeSchedule>;

export const defaultFeeSchedule: FeeSchedule = feeSchedule.parse({});

/** The deductions of one approved payment, in minor units. */
export interface PaymentDeductions {
  commission: bigint;
  ivaCommission: bigint;
  retentionIva: bigint;
  retentionRent: bigint;
  cost: bigint;
  costIva: bigint;
}

function per100k(minor: bigint, rate: number): bigint {
  const numerator = minor * BigInt(rate);
  return (numerator * 2n + 100_000n) / 200_000n;
}

export function deductionsOf(grossMinor: bigint, currency: string, fees: FeeSchedule): PaymentDeductions {
  const commission = per100k(grossMinor, fees.commissionPer100k);
  const costText = fees.costPerPayment[currency];
  const cost = grossMinor > 0n && costText ? toMinorUnits(costText, currency) : 0n;
  return {
    commission,
    ivaCommission: per100k(commission, fees.ivaOnCommissionPer100k),
    retentionIva: per100k(grossMinor, fees.retentionIvaPer100k),
    retentionRent: per100k(grossMinor, fees.retentionRentPer100k),
    cost,
    costIva: per100k(cost, fees.costIvaPer100k),
  };
}

export function deductionsTotal(deductions: PaymentDeductions): bigint {
  return deductions.commission + deductions.ivaCommission + deductions.retentionIva + deductions.retentionRent + deductions.cost + deductions.costIva;
}

/** The record's numbers as the gateway writes them (numbers, gateway-api.md §2.3). */
export function writtenDeductions(deductions: PaymentDeductions, currency: string) {
  const number = (minor: bigint) => Number(fromMinorUnits(minor, currency));
  return {
    commission: number(deductions.commission),
    iva_commission: number(deductions.ivaCommission),
    retention_iva: number(deductions.retentionIva),
    retention_rent: number(deductions.retentionRent),
    cost: number(deductions.cost),
    cost_iva: number(deductions.costIva),
  };
}
