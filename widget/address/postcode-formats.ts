import type { PostcodeFormat } from '../../contract/address.ts';
import { CountryData } from './country-data.ts';
import { loadPostcodeFormat } from '../parts/country-data.ts';
import { postcodeHint, type PostcodeHint } from './postcode-hint.ts';

/**
 * The postal code format of each country the shopper chose (postcodes/XX.json), loaded on demand.
 * Until a country's is here, or when it fails to load, its codes are judged by their shape only and
 * the field is not marked optional: the BFF checks them again with the whole table.
 */
export class PostcodeFormats {
  readonly #formats = new CountryData(loadPostcodeFormat);

  readonly #onLoaded: () => void;

  constructor(onLoaded: () => void) {
    this.#onLoaded = onLoaded;
  }

  /** Starts loading what `countries` need; undefined when everything is here. */
  load(countries: readonly string[]): Promise<unknown> | undefined {
    const pending = this.#formats.load(countries);
    return pending.length > 0 ? Promise.all(pending).then(this.#onLoaded) : undefined;
  }

  formatOf(country: string): PostcodeFormat | undefined {
    return this.#formats.get(country)?.pattern;
  }

  /** The example and digit count the form shows for the country, once its format is here. */
  hintOf(country: string): PostcodeHint | undefined {
    const format = this.#formats.get(country);
    return format ? postcodeHint(format.pattern, format.example) : undefined;
  }

  /** The country is known to have no postal codes: the field may stay empty. */
  isOptional(country: string): boolean {
    return this.#formats.get(country) === null;
  }
}
