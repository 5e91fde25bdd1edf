// The catalog: what CATALOG_FILE holds (the server's own prices for POST /v1/sessions), and what a
// storefront shows (the demo's /catalog.json), and the pricing of a cart from it: the browser names
// items, the server sets the amount. Prices are decimal strings valid in their currency.
import { z } from 'zod';
import { isCurrencyCode } from './currencies.ts';
import type { OrderLine } from './bff-api.ts';
import { canonicalAmount, fromMinorUnits, toMinorUnits } from './money.ts';
import { catalogItemName } from './catalog-names.ts';

function isPriceIn(unitAmount: string, currency: string): boolean {
  try {
    toMinorUnits(unitAmount, currency);
    return true;
  } catch {
    return false;
  }
}

export const catalogItem = z
  .object({
    sku: z.string().min(1).max(64),
    name: z.string().min(1).max(200),
    /**
     * The name in other languages, by BCP 47 tag (`{"es": "Café de Tarrazú, 500 g", "pt-BR": …}`):
     * a session in one of them names its lines so, by the widget's language chain (es-CR → es-419 → es).
     */
    names: z.optional(z.record(z.string().min(2).max(35), z.string().min(1).max(200))),
    unitAmount: z.string(),
    currency: z.string().refine(isCurrencyCode, 'not an ISO 4217 currency'),
  })
  .refine((item) => !isCurrencyCode(item.currency) || isPriceIn(item.unitAmount, item.currency), {
    path: ['unitAmount'],
    message: 'not a decimal amount in its currency',
  });
export type CatalogItem = z.infer<typeof catalogItem>;

export const catalogDocument = z.object({
  /**
   * true: the shop issues Costa Rican electronic invoices, so a catalog session may offer one.
   * Absent: it does not; anyone on an allowed page opens catalog sessions, so it is never theirs to ask.
   */
  invoice: z.optional(z.boolean()),
  items: z.array(catalogItem).min(1),
});
export type CatalogDocument = z.infer<typeof catalogDocument>;

export type PricingResult =
  | { ok: true; amount: string; currency: string; lines: OrderLine[] }
  | { ok: false; errors: { path: string; message: string; code: string }[] };

export class Catalog {
  private readonly bySku: Map<string, CatalogItem>;
  /** Whether a catalog session may offer the buyer an electronic invoice (the document's `invoice`). */
  readonly offersInvoice: boolean;

  constructor(items: CatalogItem[], options: { offersInvoice?: boolean } = {}) {
    this.offersInvoice = options.offersInvoice ?? false;
    for (const item of items) toMinorUnits(item.unitAmount, item.currency); // throws on a bad price
    this.bySku = new Map(items.map((item) => [item.sku, item]));
  }

  get items(): CatalogItem[] {
    return [...this.bySku.values()];
  }

  /** Prices a cart. Unknown SKUs and carts mixing currencies are refused with field paths. */
  /** `locale`: the buyer's language, which the lines are named in where the catalog has it. */
  price(requested: { sku: string; quantity: number }[], locale?: string): PricingResult {
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
        name: catalogItemName(item, locale),
        quantity: entry.quantity,
        unitAmount: canonicalAmount(item.unitAmount, item.currency),
        amount: fromMinorUnits(lineMinor, item.currency),
      });
    });
    if (errors.length > 0 || currency === undefined) return { ok: false, errors };
    return { ok: true, amount: fromMinorUnits(total, currency), currency, lines };
  }
}
