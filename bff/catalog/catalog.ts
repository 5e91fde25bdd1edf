// The server's own price list for POST /v1/sessions: the browser names items, we set the amount.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isCurrencyCode } from '../../contract/currencies.ts';
import { fromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import type { OrderLine } from '../../contract/bff-api.ts';

const catalogFile = z.object({
  items: z
    .array(
      z.object({
        sku: z.string().min(1).max(64),
        name: z.string().min(1).max(200),
        unitAmount: z.string(),
        currency: z.string().refine(isCurrencyCode, 'not an ISO 4217 currency'),
      }),
    )
    .min(1),
});

export interface CatalogItem {
  sku: string;
  name: string;
  unitAmount: string;
  currency: string;
}

export type PricingResult =
  | { ok: true; amount: string; currency: string; lines: OrderLine[] }
  | { ok: false; errors: { path: string; message: string; code: string }[] };

export class Catalog {
  private readonly bySku: Map<string, CatalogItem>;

  constructor(items: CatalogItem[]) {
    for (const item of items) toMinorUnits(item.unitAmount, item.currency); // throws on a bad price
    this.bySku = new Map(items.map((item) => [item.sku, item]));
  }

  get items(): CatalogItem[] {
    return [...this.bySku.values()];
  }

  /** Prices a cart. Unknown SKUs and carts mixing currencies are refused with field paths. */
  price(requested: { sku: string; quantity: number }[]): PricingResult {
    const errors: { path: string; message: string; code: string }[] = [];
    const lines: OrderLine[] = [];
    let currency: string | undefined;
    let total = 0n;
    requested.forEach((entry, index) => {
      const item = this.bySku.get(entry.sku);
      if (!item) {
        errors.push({ path: `items.${index}.sku`, message: 'No such item in the catalog.', code: 'unknown_sku' });
        return;
      }
      currency ??= item.currency;
      if (item.currency !== currency) {
        errors.push({ path: `items.${index}.sku`, message: 'All items must be in one currency.', code: 'mixed_currency' });
        return;
      }
      const lineMinor = toMinorUnits(item.unitAmount, item.currency) * BigInt(entry.quantity);
      total += lineMinor;
      lines.push({
        sku: item.sku,
        name: item.name,
        quantity: entry.quantity,
        unitAmount: fromMinorUnits(toMinorUnits(item.unitAmount, item.currency), item.currency),
        amount: fromMinorUnits(lineMinor, item.currency),
      });
    });
    if (errors.length > 0 || currency === undefined) return { ok: false, errors };
    return { ok: true, amount: fromMinorUnits(total, currency), currency, lines };
  }
}

export const demoCatalogPath = fileURLToPath(new URL('./demo-catalog.json', import.meta.url));

/** Reads CATALOG_FILE (or the demo catalog); a malformed file throws naming the variable. */
export function loadCatalog(file: string | undefined): Catalog {
  const path = file ?? demoCatalogPath;
  try {
    return new Catalog(catalogFile.parse(JSON.parse(readFileSync(path, 'utf8'))).items);
  } catch (error) {
    throw new Error(`CATALOG_FILE: cannot use ${path}: ${(error as Error).message}`);
  }
}
