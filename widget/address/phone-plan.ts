/**
 * A country's numbering plan, reduced to what judges the plain forms a shopper types ("8312 3456",
 * "8312-3456", "+506 8312 3456") without libphonenumber's code (6.6 kB gzip): its calling code and
 * its national number pattern, both read from libphonenumber's own metadata when the build writes
 * countries/XX.js (scripts/widget-data/phone-metadata-files.ts). Only for a country alone on its calling code
 * and without a national prefix; anything else (letters, an extension, the international prefix, a
 * carrier code, the calling code without "+") is left to libphonenumber, which
 * test/unit/phone-plan.spec.ts holds this to: whatever the plan decides, libphonenumber decides the same.
 */
export interface PhonePlan {
  /** The calling code, digits only: "506". */
  code: string;
  /** libphonenumber's national number pattern, matched whole. */
  national: string;
  /** The international call prefix ("00"): a number starting with it is read as international. */
  idd: string;
  /** The start of a number libphonenumber may read as a carrier code to strip (Costa Rica's 19xx). */
  carrier?: string;
}

/** Valid, invalid, or undefined when the number is not in a plain form (libphonenumber decides). */
export function judgeByPlan(plan: PhonePlan, telephone: string): boolean | undefined {
  // A "+" only first: libphonenumber reads " +506 …" otherwise than "+506 …" (the rules trim first).
  if (!/^\+?[\d\s().-]*\d[\d\s().-]*$/.test(telephone)) return undefined;
  const digits = telephone.replace(/\D/g, '');
  if (telephone.startsWith('+')) {
    // Another country's number (a +1 mobile on a Costa Rican address): the BFF judges it with the whole table.
    if (!digits.startsWith(plan.code)) return true;
    return matchesWhole(plan.national, digits.slice(plan.code.length));
  }
  // "00…" is international to the widget's libphonenumber check (phone-validator.ts), the country's own prefix to libphonenumber.
  if (digits.startsWith('00') || digits.startsWith(plan.code) || beginsWith(plan.idd, digits) || (plan.carrier && beginsWith(plan.carrier, digits))) return undefined;
  return matchesWhole(plan.national, digits);
}

function beginsWith(pattern: string, digits: string): boolean {
  return new RegExp(`^(?:${pattern})`).test(digits);
}

function matchesWhole(pattern: string, digits: string): boolean {
  return new RegExp(`^(?:${pattern})$`).test(digits);
}
