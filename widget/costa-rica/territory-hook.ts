import { html, nothing } from 'lit';
import type { TerritorialDivision } from '../../contract/cr-territory.ts';
import type { AddressFieldName } from '../i18n/translation.ts';
import { once } from '../lazy-assets.ts';
import type * as TerritoryFields from '../lazy/territory-fields.ts';
import type { TerritoryLevel } from './territory-selects.ts';

/** `territory-fields`: Costa Rica's address selects, loaded with its territory module. */
function loadTerritoryFields(): Promise<typeof TerritoryFields> {
  return once('territory-fields', () => import('../lazy/territory-fields.ts'));
}

/** The countries with a division below their subdivisions (widget/lazy/territory-files.ts). */
const territoryCountries: readonly string[] = ['CR'];

/** A country's division below its subdivisions (Costa Rica's cantones and distritos); null where there is none. */
function loadTerritory(country: string): Promise<TerritorialDivision | null> {
  if (!territoryCountries.includes(country)) return Promise.resolve(null);
  return once(`territory/${country}`, () =>
    import('../lazy/data-modules.ts').then((data) => data.importTerritory(country)).then((module) => module.default),
  );
}

/**
 * What the address fieldset asks of a country whose address goes below its ISO subdivision: the
 * label and select that stand for a field (state, city, zip; the street line's label), or undefined
 * to keep the generic one.
 */
export type TerritoryFieldset = (field: AddressFieldName, address: Readonly<Partial<Record<AddressFieldName, string>>>) => TerritoryLevel | undefined;

/**
 * The element's hook for Costa Rica's provincia → cantón → distrito (created by the flow's chunk,
 * checkout-rules): loads generated/territory/CR.js and the territory-fields part when the country is chosen and says what a change clears. Until both are here
 * (or where they fail to load) the generic fields show.
 */
export class TerritoryHook {
  #loaded: { division: TerritorialDivision; fields: typeof TerritoryFields } | undefined;

  readonly #onLoaded: () => void;

  constructor(onLoaded: () => void) {
    this.#onLoaded = onLoaded;
  }

  /** Starts loading what `countries` need (each file is asked once: lazy-assets.ts); undefined when nothing is needed. */
  load(countries: readonly string[]): Promise<unknown> | undefined {
    if (!countries.includes('CR') || this.#loaded) return undefined;
    return Promise.all([loadTerritory('CR'), loadTerritoryFields()]).then(
      ([division, fields]) => {
        this.#loaded = division ? { division, fields } : undefined;
        this.#onLoaded();
      },
      () => undefined, // the generic fields stay; asked again with the next load
    );
  }

  forCountry(country: string, locale: string): TerritoryFieldset | undefined {
    const loaded = this.#loaded;
    return country === 'CR' && loaded ? (field, address) => loaded.fields.territoryLevel({ html, nothing }, loaded.division, locale, field, address) : undefined;
  }

  /** The fields a change of `field` empties (Costa Rica's levels below it); none until the selects are here. */
  clearedBy(field: AddressFieldName, countryBefore: string, countryAfter: string): AddressFieldName[] {
    return this.#loaded?.fields.fieldsClearedBy(field, countryBefore, countryAfter) ?? [];
  }
}
