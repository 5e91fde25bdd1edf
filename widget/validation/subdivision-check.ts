import type { Subdivision } from '../../contract/iso-subdivisions.ts';

/**
 * Whether a state code belongs to one country, given that country's subdivisions (loaded lazily
 * per country). Pure: no fetch, no DOM.
 */
export class SubdivisionCheck {
  readonly #codes: ReadonlySet<string>;

  constructor(
    readonly country: string,
    subdivisions: readonly Subdivision[],
  ) {
    this.#codes = new Set(subdivisions.map((subdivision) => subdivision.code));
  }

  isValid(state: string): boolean {
    return state.startsWith(`${this.country}-`) && this.#codes.has(state);
  }
}
