// Build-time and test-server helper: the per-country subdivision files that widget/lazy-assets.ts
// fetches, produced from the contract's table so the widget and the BFF agree on every code.
import { countryCodes } from '../../contract/iso-countries.ts';
import { subdivisionsOf } from '../../contract/iso-subdivisions.ts';

export function subdivisionFile(country: string): string {
  return JSON.stringify(subdivisionsOf(country));
}

export function subdivisionFiles(): Array<{ fileName: string; source: string }> {
  return countryCodes.map((country) => ({ fileName: `subdivisions/${country}.json`, source: subdivisionFile(country) }));
}
