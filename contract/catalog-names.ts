// A catalog item's name in the buyer's language (the catalog's `names`), apart from catalog.ts so a
// storefront names its products without the zod schemas: the BFF's session lines and the demo's list
// say the same name.
import { reachedLanguage } from './language-chain.ts';

/** The item's name in `locale`'s language when the catalog has it (by the widget's language chain), else its own `name`. */
export function catalogItemName(item: { name: string; names?: Readonly<Record<string, string>> | undefined }, locale: string | null | undefined): string {
  const language = item.names && reachedLanguage(locale, Object.keys(item.names));
  return language ? item.names![language]! : item.name;
}
