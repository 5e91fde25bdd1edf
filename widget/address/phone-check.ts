import { CountryData } from './country-data.ts';
import type { CountryDataModule } from '../lazy/data-modules.ts';
import { loadCountryData } from '../parts/country-data.ts';
import { once } from '../parts/loader.ts';
import type { PhoneValidatorModule } from '../lazy/phone-validator.ts';
import { judgeByPlan } from './phone-plan.ts';

/** One country's phone metadata and plan; null for a country libphonenumber does not know. */
function loadPhoneMetadata(country: string): Promise<Pick<CountryDataModule, 'phone' | 'phonePlan'> | null> {
  return loadCountryData(country).then((data) => data.phone && data);
}

/** libphonenumber's code: a part of its own, imported from here (inside checkout-rules) since only this check uses it. */
function loadPhoneValidator(): Promise<PhoneValidatorModule> {
  return once('phone-validator', () => import('../lazy/phone-validator.ts'));
}

/** The country's plan's verdict on `telephone`; undefined when it has no plan or leaves the number to libphonenumber. */
function byPlan(data: Pick<CountryDataModule, 'phonePlan'>, telephone: string): boolean | undefined {
  return data.phonePlan ? judgeByPlan(data.phonePlan, telephone) : undefined;
}

/** A number and the country of the address it belongs to. */
export interface PhoneOf {
  telephone: string;
  country: string;
}

/**
 * The widget's phone check: each country's data (its libphonenumber metadata and its plan) loaded
 * when the shopper chooses it, and libphonenumber's code (phone-validator.js) only for a number the
 * plan cannot judge (widget/address/phone-plan.ts), so a Costa Rican typing "8312 3456" never downloads it.
 * Until what a number needs is here, or when a part fails to load, the number counts as valid:
 * the BFF validates it again with the whole table.
 */
export class PhoneCheck {
  #module: PhoneValidatorModule | undefined;
  #library: Promise<unknown> | undefined;
  readonly #data = new CountryData(loadPhoneMetadata);

  readonly #onLoaded: () => void;

  constructor(onLoaded: () => void) {
    this.#onLoaded = onLoaded;
  }

  /** Starts loading what `numbers` need; undefined when everything is here. */
  load(numbers: readonly PhoneOf[]): Promise<unknown> | undefined {
    const pending = this.#data.load(numbers.map(({ country }) => country));
    if (numbers.some(({ telephone, country }) => this.#needsLibrary(telephone, country))) pending.push(this.#loadLibrary());
    return pending.length > 0 ? Promise.all(pending).then(this.#onLoaded) : undefined;
  }

  isValid(telephone: string, country: string): boolean {
    const data = this.#data.get(country);
    if (!data) return true;
    const planned = byPlan(data, telephone);
    if (planned !== undefined) return planned;
    if (!this.#module) {
      if (!this.#library) void this.#loadLibrary().then(this.#onLoaded);
      return true;
    }
    return this.#module.isValidPhoneWith(data.phone!, telephone, country) ?? true;
  }

  /** Whether judging `telephone` takes libphonenumber's code: a number the rules check (not empty) that the country's plan leaves to it. */
  #needsLibrary(telephone: string, country: string): boolean {
    const data = this.#data.get(country);
    const number = telephone.trim();
    return !this.#module && !!data && number !== '' && byPlan(data, number) === undefined;
  }

  /** libphonenumber's code, asked once: a failed load leaves the numbers it would judge to the BFF. */
  #loadLibrary(): Promise<unknown> {
    return (this.#library ??= loadPhoneValidator().then((module) => (this.#module = module), () => undefined));
  }
}
