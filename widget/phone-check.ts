import { CountryData } from './country-data.ts';
import { loadPhoneMetadata, loadPhoneValidator } from './lazy-assets.ts';
import type { PhoneValidatorModule } from './lazy/phone-validator.ts';

/**
 * The widget's phone check: libphonenumber's code (phone-validator.js) and the metadata of each
 * country the shopper chose, loaded on demand. Until they are here, or when a part fails to load,
 * a number counts as valid: the BFF validates it again with the whole table.
 */
export class PhoneCheck {
  #module: PhoneValidatorModule | undefined;
  readonly #metadata = new CountryData(loadPhoneMetadata);

  readonly #onLoaded: () => void;

  constructor(onLoaded: () => void) {
    this.#onLoaded = onLoaded;
  }

  /** Starts loading what `countries` need; undefined when everything is here. */
  load(countries: readonly string[]): Promise<unknown> | undefined {
    const pending = this.#metadata.load(countries);
    if (!this.#module) {
      pending.push(loadPhoneValidator().then((module) => (this.#module = module), () => undefined));
    }
    return pending.length > 0 ? Promise.all(pending).then(this.#onLoaded) : undefined;
  }

  isValid(telephone: string, country: string): boolean {
    const metadata = this.#metadata.get(country);
    if (!this.#module || !metadata) return true;
    return this.#module.isValidPhoneWith(metadata, telephone, country) ?? true;
  }
}
