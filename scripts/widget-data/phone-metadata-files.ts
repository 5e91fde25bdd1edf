// Build-time helper (country-modules.ts): libphonenumber's "min" metadata split per
// country, so a shopper downloads the rules of the country they pick (~0.3 kB) rather than every
// country's (~25 kB gzip). A file holds every country sharing the calling code,
// because libphonenumber reads a number through its calling code's main country.
import { Metadata } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/metadata.min.json';
import type { PhonePlan } from '../../widget/address/phone-plan.ts';

const callingCodes: Record<string, readonly string[]> = metadata.country_calling_codes;
const countryData: Record<string, unknown> = metadata.countries;

export function phoneMetadataFile(country: string): string | undefined {
  const found = Object.entries(callingCodes).find(([, countries]) => countries.includes(country));
  if (!found) return undefined;
  const [callingCode, sharing] = found;
  const countries = Object.fromEntries(sharing.map((code) => [code, countryData[code]]));
  return JSON.stringify({ version: metadata.version, country_calling_codes: { [callingCode]: sharing }, countries });
}

/** Methods libphonenumber's numbering plan has at run time beyond its typed ones (leadingDigits, IDDPrefix…). */
interface NumberingPlanReader {
  callingCode(): string;
  nationalNumberPattern(): string;
  nationalPrefix(): string | undefined;
  nationalPrefixForParsing(): string | undefined;
  nationalPrefixTransformRule(): string | undefined;
  IDDPrefix(): string;
}

/**
 * The plan that judges a country's plain numbers without libphonenumber's code (widget/address/phone-plan.ts),
 * read through libphonenumber's own API; undefined for a country that shares its calling code or
 * has a national prefix (its numbers need libphonenumber's parsing).
 */
export function phonePlanOf(country: string): PhonePlan | undefined {
  const sharing = Object.values(callingCodes).find((countries) => countries.includes(country));
  if (!sharing || sharing.length !== 1) return undefined;
  const numbering = new Metadata(metadata);
  numbering.selectNumberingPlan(country as Parameters<Metadata['selectNumberingPlan']>[0]);
  const plan = numbering.numberingPlan as unknown as NumberingPlanReader;
  if (plan.nationalPrefix() || plan.nationalPrefixTransformRule()) return undefined;
  const carrier = plan.nationalPrefixForParsing();
  return { code: plan.callingCode(), national: plan.nationalNumberPattern(), idd: plan.IDDPrefix(), ...(carrier ? { carrier } : {}) };
}
