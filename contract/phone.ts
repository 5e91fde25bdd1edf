import { isSupportedCountry, isValidPhoneNumber } from 'libphonenumber-js/min';

/**
 * libphonenumber-js with "min" metadata (~29 kB gzip): the widget loads this module lazily.
 * A national number ("8888 8888") is read as a number of `country`; a number written with
 * its own "+<calling code>" is judged as that number, because a buyer may use a phone
 * from another country than the address (a +1 mobile on a Costa Rican address).
 */
export function isValidPhone(telephone: string, country: string): boolean {
  if (!isSupportedCountry(country)) return false;
  try {
    return isValidPhoneNumber(telephone, country);
  } catch {
    return false;
  }
}
