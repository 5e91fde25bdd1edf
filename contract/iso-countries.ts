import { iso31661Alpha2ToAlpha3 } from 'iso-3166/1-a2-to-1-a3.js';

/**
 * ISO 3166-1 alpha-2 codes of assigned countries (wooorm/iso-3166). Taken from the
 * alpha-2 → alpha-3 map because it is the smallest table in the package (~1.4 kB gzip),
 * so the widget can carry it in its first bundle.
 */
export const countryCodes: readonly string[] = Object.freeze(Object.keys(iso31661Alpha2ToAlpha3).sort());

const known = new Set(countryCodes);

export function isCountryCode(code: string): boolean {
  return known.has(code);
}
