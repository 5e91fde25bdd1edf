import { html, nothing } from 'lit';
import type { TerritorialDivision } from '../../contract/cr-territory.ts';
import type { ProvinciaTree, TerritoryTop } from '../lazy/data-modules.ts';
import type { AddressFieldName } from '../i18n/translation.ts';
import { once } from '../parts/loader.ts';
import type * as TerritoryFields from '../lazy/territory-fields.ts';
import type { TerritoryLevel } from './territory-selects.ts';

/** `territory-fields`: Costa Rica's address selects, loaded with its territory module. */
function loadTerritoryFields(): Promise<typeof TerritoryFields> {
  return once('territory-fields', () => import('../lazy/territory-fields.ts'));
}

/** The countries with a division below their subdivisions (scripts/widget-data/territory-files.ts). */
const territoryCountries: readonly string[] = ['CR'];

/** A country's provincias (Costa Rica's, with the division's source and date); null where there is none. */
function loadTerritory(country: string): Promise<TerritoryTop | null> {
  if (!territoryCountries.includes(country)) return Promise.resolve(null);
  return once(`territory/${country}`, () =>
    import('../lazy/data-modules.ts').then((data) => data.importTerritory(country)).then((module) => module.default),
  );
}

/** One provincia's cantones and distritos, asked when that provincia is chosen or kept. */
function loadProvinciaTree(country: string, provinciaCode: string): Promise<ProvinciaTree> {
  return once(`territory/${country}-${provinciaCode}`, () =>
    import('../lazy/data-modules.ts').then((data) => data.importProvinciaTree(country, provinciaCode)).then((module) => module.default),
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
 * checkout-rules): loads generated/territory/CR.js (the provincias) and the territory-fields part
 * when the country is chosen, then one provincia's cantones and distritos (CR-<code>.js) when an
 * address names that provincia, and says what a change clears. Until the first two are here (or
 * where they fail to load) the generic fields show; while a provincia's places load, its cantón
 * select waits disabled in its place, and if they cannot load that address keeps the generic fields.
 */
export class TerritoryHook {
  #loaded: { top: TerritoryTop; fields: typeof TerritoryFields } | undefined;
  /** Each provincia's places once asked, by code: here, on their way (undefined) or failed (null). */
  readonly #trees = new Map<string, ProvinciaTree | null | undefined>();

  readonly #onLoaded: () => void;

  constructor(onLoaded: () => void) {
    this.#onLoaded = onLoaded;
  }

  /** Starts loading what `countries` need (each file is asked once: parts/loader.ts); undefined when nothing is needed. */
  load(countries: readonly string[]): Promise<unknown> | undefined {
    if (!countries.includes('CR') || this.#loaded) return undefined;
    return Promise.all([loadTerritory('CR'), loadTerritoryFields()]).then(
      ([top, fields]) => {
        this.#loaded = top ? { top, fields } : undefined;
        this.#onLoaded();
      },
      () => undefined, // the generic fields stay; asked again with the next load
    );
  }

  /** The places of the provincia `code`, asked from the render that first shows it: they arrive into the selects already there. */
  #treeOf(code: string): ProvinciaTree | null | undefined {
    if (!this.#trees.has(code)) {
      this.#trees.set(code, undefined);
      const arrived = (tree: ProvinciaTree | null) => {
        this.#trees.set(code, tree);
        this.#onLoaded();
      };
      void loadProvinciaTree('CR', code).then(arrived, () => arrived(null));
    }
    return this.#trees.get(code);
  }

  forCountry(country: string, locale: string): TerritoryFieldset | undefined {
    const loaded = this.#loaded;
    if (country !== 'CR' || !loaded) return undefined;
    return (field, address) => {
      const provincia = loaded.top.provincias.find((candidate) => candidate.iso === address.state);
      const tree = provincia && this.#treeOf(provincia.code);
      // This provincia's places could not load: its address keeps the generic fields, so it can still be typed.
      if (tree === null) return undefined;
      const division: TerritorialDivision = { ...loaded.top, cantones: tree?.cantones ?? [], distritos: tree?.distritos ?? [] };
      return loaded.fields.territoryLevel({ html, nothing }, division, locale, field, address);
    };
  }

  /** The fields a change of `field` empties (Costa Rica's levels below it); none until the selects are here. */
  clearedBy(field: AddressFieldName, countryBefore: string, countryAfter: string): AddressFieldName[] {
    return this.#loaded?.fields.fieldsClearedBy(field, countryBefore, countryAfter) ?? [];
  }
}
