// The facade of the `data-modules` part and the data modules it reaches: one country's data
// (generated/countries/XX.js: subdivisions, postal code pattern, phone metadata and plan) and one
// language's decline messages (generated/decline-messages/<language>.js), written at build by
// scripts/widget-data/country-modules.ts.
import type { DeclineCategory, DeclineLocale } from '../../contract/decline-messages.ts';
import type { CountryDataModule } from '../lazy/data-modules.ts';
import type { Subdivision } from '../../contract/iso-subdivisions.ts';
import { once } from './loader.ts';

/** A country's postal code pattern, with its example code when there is one. */
export interface PostcodePattern {
  pattern: RegExp;
  example: string | undefined;
}

/** One language's decline and cancel messages, by category (generated/decline-messages/<language>.js). */
export function loadDeclineMessages(language: DeclineLocale): Promise<Record<DeclineCategory, string>> {
  return once(`decline-messages/${language}`, () =>
    import('../lazy/data-modules.ts').then((data) => data.importDeclineMessages(language)).then((module) => module.default),
  );
}

/** One country's data; an empty record for a code that is no country. */
export function loadCountryData(country: string): Promise<CountryDataModule> {
  if (!/^[A-Z]{2}$/.test(country)) return Promise.resolve({ subdivisions: [], postcode: null, phone: null, phonePlan: null });
  return once(`countries/${country}`, () =>
    import('../lazy/data-modules.ts').then((data) => data.importCountryModule(country)).then((module) => module.default),
  );
}

/** One country's subdivisions. */
export function loadSubdivisions(country: string): Promise<Subdivision[]> {
  return loadCountryData(country).then((data) => data.subdivisions);
}

/** One country's postal code format; null for a country that has none. */
export function loadPostcodeFormat(country: string): Promise<PostcodePattern | null> {
  return loadCountryData(country).then(
    (data) => data.postcode && { pattern: new RegExp(data.postcode.source, data.postcode.flags), example: data.postcode.example },
  );
}
