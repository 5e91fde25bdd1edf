// Build-time helper (country-modules.ts): one country's subdivisions, produced from the
// contract's table so the widget and the BFF agree on every code.
import { subdivisionsOf } from '../../contract/iso-subdivisions.ts';

export function subdivisionFile(country: string): string {
  return JSON.stringify(subdivisionsOf(country));
}
