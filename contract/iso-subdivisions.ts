import { iso31662 } from 'iso-3166/2.js';

/**
 * ISO 3166-2 subdivisions (wooorm/iso-3166). This is the big table (~53 kB gzip): server
 * side only; the widget loads one country's list lazily. A subdivision belongs to the
 * country of its code prefix ("CR-SJ" → CR); iso31662's `parent` may be another
 * subdivision (GB-BFS → GB-NIR), so the prefix is the reliable link to the country.
 */
export interface Subdivision {
  code: string;
  name: string;
}

const byCountry = new Map<string, Subdivision[]>();
for (const { code, name } of iso31662) {
  const country = code.slice(0, code.indexOf('-'));
  const list = byCountry.get(country) ?? [];
  list.push({ code, name });
  byCountry.set(country, list);
}

export function subdivisionsOf(country: string): readonly Subdivision[] {
  return byCountry.get(country) ?? [];
}

export function isSubdivisionOf(state: string, country: string): boolean {
  return subdivisionsOf(country).some((subdivision) => subdivision.code === state);
}
