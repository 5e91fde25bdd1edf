// A lazy part (dist/widget/chunks/phone-validator-<hash>.js, reached by widget/address/phone-check.ts): libphonenumber's code without metadata; the
// metadata of the shopper's country arrives apart (countries/XX.js, widget/address/phone-check.ts).
// The BFF judges every number again with the whole table (contract/phone.ts).
import { isValidPhoneNumber, type MetadataJson } from 'libphonenumber-js/core';

export type PhoneMetadata = MetadataJson;

/**
 * A number judged with one country's metadata: national numbers and numbers written with the
 * country's own "+<calling code>". A number with another calling code (a +1 mobile on a Costa
 * Rican address) is undefined here: that country's rules are not loaded, the BFF decides.
 */
export function isValidPhoneWith(metadata: PhoneMetadata, telephone: string, country: string): boolean | undefined {
  const callingCode = Object.keys(metadata.country_calling_codes)[0];
  const international = telephone.trim().replace(/^00/, '+');
  if (international.startsWith('+') && callingCode && !international.replace(/[^\d+]/g, '').startsWith(`+${callingCode}`)) return undefined;
  try {
    return isValidPhoneNumber(telephone, country as Parameters<typeof isValidPhoneNumber>[1] & string, metadata);
  } catch {
    return false;
  }
}

export interface PhoneValidatorModule {
  isValidPhoneWith: typeof isValidPhoneWith;
}
