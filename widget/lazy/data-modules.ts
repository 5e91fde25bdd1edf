// Lazy part (loaded with the first country's data or decline): the tables from a country code to its
// data module (widget/generated/countries/XX.js), from a language to its decline messages
// (widget/generated/decline-messages/<language>.js) and from a country to its territorial division
// (widget/generated/territory/XX.js), all written by widget/lazy/country-modules.ts.
// The bundler turns each template import into a table of every file (vite.config.ts compactDataImports
// writes it keyed by the file name alone), which is why they live here
// and not in the first script.
import type { DeclineCategory, DeclineLocale } from '../../contract/decline-messages.ts';
import type { CountryDataModule } from '../lazy-assets.ts';
import type { TerritorialDivision } from '../../contract/cr-territory.ts';

export function importCountryModule(country: string): Promise<{ default: CountryDataModule }> {
  return import(`../generated/countries/${country}.js`);
}

export function importDeclineMessages(language: DeclineLocale): Promise<{ default: Record<DeclineCategory, string> }> {
  return import(`../generated/decline-messages/${language}.js`);
}

/** A country's division below its subdivisions (generated/territory/XX.js: Costa Rica's). */
export function importTerritory(country: string): Promise<{ default: TerritorialDivision }> {
  return import(`../generated/territory/${country}.js`);
}
