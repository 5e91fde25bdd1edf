// Build-time and test-server helper: a country's territorial division below its ISO 3166-2
// subdivisions (territory/XX.json), fetched only when the shopper picks that country. Costa Rica's
// provincia → cantón → distrito tree is the only one so far (contract/cr-territorial-division.json).
import { readFileSync } from 'node:fs';

const divisions: Record<string, URL> = {
  CR: new URL('../../contract/cr-territorial-division.json', import.meta.url),
};

/** The file's text as written (compact JSON); undefined for a country without one. */
export function territoryFile(country: string): string | undefined {
  const file = divisions[country];
  return file && JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
}

export function territoryFiles(): Array<{ fileName: string; source: string }> {
  return Object.keys(divisions).map((country) => ({ fileName: `territory/${country}.json`, source: territoryFile(country)! }));
}
