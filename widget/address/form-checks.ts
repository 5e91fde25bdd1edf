// Part of the lazy checkout-rules part: what the form's checks need, loaded as the shopper reaches for
// it (a country's subdivisions, postal code format and phone plan, Costa Rica's provincias) and the
// count of wrong fields the pay button waits for. The element (checkout.component.ts) holds one.
import type { Subdivision } from '../../contract/iso-subdivisions.ts';
import type { AddressSection } from './address-fields.ts';
import { TerritoryHook } from '../costa-rica/territory-hook.ts';
import { emailSuggestionHint } from './email-suggestion-hint.ts';
import type { CheckoutView } from '../flow/flow-api.ts';
import { countryOptions } from '../i18n/countries.ts';
import { asksAddress, sinpeContactFields } from './method-fields.ts';
import { loadSubdivisions } from '../parts/country-data.ts';
import { PhoneCheck } from './phone-check.ts';
import { PostcodeFormats } from './postcode-formats.ts';
import { AddressValidator } from '../validation/address-validator.ts';
import { SubdivisionCheck } from '../validation/subdivision-check.ts';

/**
 * The address checks of one element: its validator over each country's data as it arrives, the
 * billing e-mail's "did you mean …?" and Costa Rica's provincia → cantón → distrito. `update` asks
 * the element to render again when something arrived.
 */
export class FormChecks {
  readonly #phoneCheck: PhoneCheck;
  readonly postcodeFormats: PostcodeFormats;
  readonly validator: AddressValidator;
  readonly territories: TerritoryHook;
  readonly emailHint = emailSuggestionHint;
  /** Each country's subdivisions once asked (an empty list when they did not load). */
  subdivisions: ReadonlyMap<string, Subdivision[]> = new Map();
  readonly #update: () => void;
  /** The country list in the last locale asked: sorted once per language. */
  #countries: { locale: string; options: ReturnType<typeof countryOptions> } | undefined;

  constructor(update: () => void) {
    this.#update = update;
    const phoneCheck = (this.#phoneCheck = new PhoneCheck(update));
    this.postcodeFormats = new PostcodeFormats(update);
    this.validator = new AddressValidator({
      isSubdivisionOf: (state, country) => new SubdivisionCheck(country, this.subdivisions.get(country) ?? []).isValid(state),
      // Until the metadata arrives the BFF is the judge; submit() waits for it before deciding.
      isValidPhone: (telephone, country) => phoneCheck.isValid(telephone, country),
      postcodeFormat: (country) => this.postcodeFormats.formatOf(country),
    });
    this.territories = new TerritoryHook(update);
  }

  /** The country select's options in `locale`'s words. */
  countries(locale: string): ReturnType<typeof countryOptions> {
    if (this.#countries?.locale !== locale) this.#countries = { locale, options: countryOptions(locale) };
    return this.#countries.options;
  }

  /** How many fields of the form `view` describes are wrong (a transfer that asks no address: its contact's). */
  errorCount(view: CheckoutView, noShipping: boolean): number {
    if (!asksAddress(view)) {
      const errors = this.validator.validate('billing', view.billing).errors;
      return sinpeContactFields.filter((field) => errors[field] !== undefined).length;
    }
    const sections: AddressSection[] = noShipping || view.sameAsBilling ? ['billing'] : ['billing', 'shipping'];
    return sections.reduce((count, section) => count + Object.keys(this.validator.validate(section, view[section]).errors).length, 0);
  }

  /** Starts loading what the checks of `view`'s addresses need: what is still on its way. */
  load(view: CheckoutView): Array<Promise<unknown>> {
    const sections = [view.billing, view.shipping];
    const countries = sections.map(({ country }) => country);
    const pending = [this.#phoneCheck.load(sections), this.postcodeFormats.load(countries), this.territories.load(countries)].filter((loading) => loading !== undefined);
    for (const country of countries) {
      if (country && !this.subdivisions.has(country)) pending.push(this.#ensureSubdivisions(country));
    }
    return pending;
  }

  /** What a chosen country brings: its subdivisions and its postal code format. */
  ensureCountryData(country: string): Promise<unknown> {
    return Promise.all([this.#ensureSubdivisions(country), this.postcodeFormats.load([country]), this.territories.load([country])]);
  }

  async #ensureSubdivisions(country: string): Promise<void> {
    if (!country || this.subdivisions.has(country)) return;
    const list = await loadSubdivisions(country).catch((): Subdivision[] => []);
    this.subdivisions = new Map(this.subdivisions).set(country, list);
    this.#update();
  }
}
