import type { TerritorialDivision } from '../../contract/cr-territory.ts';
import { CountryData } from '../country-data.ts';
import type { AddressFieldName } from '../i18n/translation.ts';
import { loadTerritory } from '../lazy-assets.ts';
import { fieldsClearedBy } from './territory-choice.ts';
import { territoryTextFor, type TerritoryText } from './territory-text.ts';

/**
 * The element's hook for countries whose address goes below the ISO subdivision (Costa Rica's
 * provincia → cantón → distrito): loads territory/XX.json when the country is chosen and says what
 * a change clears. Until the file is here (or where it fails to load) the generic fields show.
 */
export class TerritoryHook {
  private readonly divisions = new CountryData(loadTerritory);

  constructor(private readonly onLoaded: () => void) {}

  /** Starts loading what `countries` need; undefined when everything is here. */
  load(countries: readonly string[]): Promise<unknown> | undefined {
    const pending = this.divisions.load(countries.filter((country) => country === 'CR'));
    return pending.length > 0 ? Promise.all(pending).then(this.onLoaded) : undefined;
  }

  forCountry(country: string, locale: string): { division: TerritorialDivision; text: TerritoryText } | undefined {
    const division = this.divisions.get(country);
    return division ? { division, text: territoryTextFor(locale) } : undefined;
  }

  /** The fields a change of `field` empties: a level below a changed one no longer holds. */
  clearedBy(field: AddressFieldName, countryBefore: string, countryAfter: string): AddressFieldName[] {
    if (countryBefore !== 'CR' && countryAfter !== 'CR') return [];
    if (field === 'country' && countryBefore === countryAfter) return [];
    return fieldsClearedBy(field);
  }
}
