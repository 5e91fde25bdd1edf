// Lazy part (loaded with the first country's data or decline): the tables from a country code to its
// data module (widget/generated/countries/XX.js), from a language to its decline messages
// (widget/generated/decline-messages/<language>.js) and from a name to a piece of a territorial division
// (widget/generated/territory/XX.js, XX-<provincia>.js), all written at build by scripts/widget-data/country-modules.ts.
// The bundler turns each template import into a table of every file (vite.config.ts compactDataImports
// writes it keyed by the file name alone), which is why they live here
// and not in the first script.
import type { DeclineCategory, DeclineLocale } from '../../contract/decline-messages.ts';
import type { Subdivision } from '../../contract/iso-subdivisions.ts';
import type { TerritorialDivision, TerritoryPlace } from '../../contract/cr-territory.ts';
import type { PhonePlan } from '../address/phone-plan.ts';
import type { PhoneMetadata } from './phone-validator.ts';

/** A postal code pattern as data, read back with `new RegExp(source, flags)`. */
export interface PostcodeFile {
  source: string;
  flags: string;
  /** A real code of the country (scripts/widget-data/postcode-examples.ts), for the message of a wrong one. */
  example?: string;
}

/** generated/countries/XX.js: what the widget knows of one country. */
export interface CountryDataModule {
  subdivisions: Subdivision[];
  postcode: PostcodeFile | null;
  phone: PhoneMetadata | null;
  phonePlan: PhonePlan | null;
}

export function importCountryModule(country: string): Promise<{ default: CountryDataModule }> {
  return import(`../generated/countries/${country}.js`);
}

export function importDeclineMessages(language: DeclineLocale): Promise<{ default: Record<DeclineCategory, string> }> {
  return import(`../generated/decline-messages/${language}.js`);
}

/** generated/territory/XX.js: a country's division without its places below the provincias. */
export type TerritoryTop = Omit<TerritorialDivision, 'cantones' | 'distritos'>;

/** generated/territory/XX-<provincia code>.js: one provincia's cantones and distritos. */
export type ProvinciaTree = Pick<TerritorialDivision, 'cantones' | 'distritos'>;

/** A country's provincias, with the division's source and date (generated/territory/CR.js). */
export function importTerritory(country: string): Promise<{ default: TerritoryTop }> {
  return importTerritoryModule(country) as Promise<{ default: TerritoryTop }>;
}

/** One provincia's cantones and distritos (generated/territory/CR-1.js … CR-7.js): a purchase needs one. */
export function importProvinciaTree(country: string, provinciaCode: string): Promise<{ default: ProvinciaTree }> {
  return importTerritoryModule(`${country}-${provinciaCode}`) as Promise<{ default: ProvinciaTree }>;
}

function importTerritoryModule(name: string): Promise<{ default: unknown }> {
  return import(`../generated/territory/${name}.js`);
}
