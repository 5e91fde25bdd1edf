// The report's sums, exact: every amount is read into integer minor units (contract/money.ts) and
// only written back as text. A movement's net is its gross less every deduction present; a total
// adds `in` movements and takes `out` ones away, so for each method and currency
// gross − deductions = net holds to the céntimo by construction. Pure.
import { deductionNames, outgoingKinds, uncountedKinds, type DeductionName, type MovementKind, type SettlementTotal } from '../../../contract/settlement-report.ts';
import { signedFromMinorUnits, toMinorUnits } from '../../../contract/money.ts';

export type Deductions = { [name in DeductionName]?: string | undefined };

/** gross less every deduction present, as text (negative only when the deductions exceed it). */
export function netOf(gross: string, deductions: Deductions, currency: string): string {
  let net = toMinorUnits(gross, currency);
  for (const name of deductionNames) {
    const value = deductions[name];
    if (value !== undefined) net -= toMinorUnits(value, currency);
  }
  return signedFromMinorUnits(net, currency);
}

/** Reads a movement's net whether or not it is negative. */
function signedMinor(text: string, currency: string): bigint {
  return text.startsWith('-') ? -toMinorUnits(text.slice(1), currency) : toMinorUnits(text, currency);
}

interface Sums {
  method: string;
  currency: string;
  gross: bigint;
  deductions: Map<DeductionName, bigint>;
  net: bigint;
}

/** A movement's money: its deductions are its own fields, as the report writes them. */
export type CountedMovement = {
  method: string;
  kind: MovementKind;
  currency: string;
  gross: string;
  net: string;
} & Deductions;

/** Totals per method and currency, in the order each first appeared. */
export class SettlementTotals {
  private readonly sums = new Map<string, Sums>();

  add(movement: CountedMovement): void {
    if (uncountedKinds.has(movement.kind)) return;
    const key = `${movement.method}\u0000${movement.currency}`;
    let sums = this.sums.get(key);
    if (!sums) this.sums.set(key, (sums = { method: movement.method, currency: movement.currency, gross: 0n, deductions: new Map(), net: 0n }));
    const sign = outgoingKinds.has(movement.kind) ? -1n : 1n;
    sums.gross += sign * toMinorUnits(movement.gross, movement.currency);
    for (const name of deductionNames) {
      const value = movement[name];
      if (value !== undefined) sums.deductions.set(name, (sums.deductions.get(name) ?? 0n) + sign * toMinorUnits(value, movement.currency));
    }
    sums.net += sign * signedMinor(movement.net, movement.currency);
  }

  list(): SettlementTotal[] {
    return [...this.sums.values()].map((sums) => {
      const money = (minor: bigint) => signedFromMinorUnits(minor, sums.currency);
      const deductions = Object.fromEntries(deductionNames.filter((name) => sums.deductions.has(name)).map((name) => [name, money(sums.deductions.get(name)!)]));
      return { method: sums.method, currency: sums.currency, gross: money(sums.gross), ...deductions, net: money(sums.net) };
    });
  }
}
