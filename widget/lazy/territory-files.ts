// Build-time helper: a country's territorial division below its ISO 3166-2 subdivisions, written as
// the module generated/territory/XX.js (country-modules.ts) and imported only when the shopper picks
// that country. Costa Rica's provincia → cantón → distrito tree is the only one so far
// (contract/cr-territorial-division.json).
import { readFileSync } from 'node:fs';

const divisions: Record<string, URL> = {
  CR: new URL('../../contract/cr-territorial-division.json', import.meta.url),
};

/** The file's text as written (compact JSON); undefined for a country without one. */
export function territoryFile(country: string): string | undefined {
  const file = divisions[country];
  return file && JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
}

/** The countries that have one. */
export const territoryCountries = Object.keys(divisions);

export function territoryFiles(): Array<{ country: string; source: string }> {
  return territoryCountries.map((country) => ({ country, source: territoryFile(country)! }));
}
