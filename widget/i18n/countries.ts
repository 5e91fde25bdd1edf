import { countryCodes, isCountryCode } from '../../contract/iso-countries.ts';

/** The gateway's home region, shown first in this order. */
export const regionCountries = ['CR', 'PA', 'GT', 'SV', 'HN', 'NI', 'DO', 'MX', 'CO', 'PE', 'EC', 'CL', 'AR', 'BR', 'UY', 'PY', 'BO'] as const;

export interface CountryOption {
  code: string;
  name: string;
}

/** Every ISO 3166-1 country named in `locale`: the region's first, then the rest alphabetically. */
export function countryOptions(locale: string): { region: CountryOption[]; others: CountryOption[] } {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const name = (code: string) => names.of(code) ?? code;
  const regional = new Set<string>(regionCountries);
  const all: readonly string[] = countryCodes;
  const collator = new Intl.Collator(locale);
  return {
    region: regionCountries.map((code) => ({ code, name: name(code) })),
    others: all
      .filter((code) => !regional.has(code))
      .map((code) => ({ code, name: name(code) }))
      .sort((a, b) => collator.compare(a.name, b.name)),
  };
}

/** The country a locale like es-CR points at, when it is one we list. */
export function countryOfLocale(locale: string): string | undefined {
  const region = new Intl.Locale(locale).region;
  return region && isCountryCode(region) ? region : undefined;
}

/**
 * The country a shop's currency points at: an ISO 4217 code starts with its issuing country's
 * ISO 3166 alpha-2 (CRC → CR, GTQ → GT, USD → US); EUR and the X.. units name no country.
 */
export function countryOfCurrency(currency: string | undefined): string | undefined {
  const country = currency?.slice(0, 2).toUpperCase();
  return country && currency !== 'EUR' && isCountryCode(country) ? country : undefined;
}
