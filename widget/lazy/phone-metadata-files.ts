// Build-time helper (widget/lazy/country-modules.ts): libphonenumber's "min" metadata split per
// country, so a shopper downloads the rules of the country they pick (~0.3 kB) rather than every
// country's (~25 kB gzip). A file holds every country sharing the calling code,
// because libphonenumber reads a number through its calling code's main country.
import metadata from 'libphonenumber-js/metadata.min.json';

const callingCodes: Record<string, readonly string[]> = metadata.country_calling_codes;
const countryData: Record<string, unknown> = metadata.countries;

export function phoneMetadataFile(country: string): string | undefined {
  const found = Object.entries(callingCodes).find(([, countries]) => countries.includes(country));
  if (!found) return undefined;
  const [callingCode, sharing] = found;
  const countries = Object.fromEntries(sharing.map((code) => [code, countryData[code]]));
  return JSON.stringify({ version: metadata.version, country_calling_codes: { [callingCode]: sharing }, countries });
}
