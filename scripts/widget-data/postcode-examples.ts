// Build-time table (postcode-files.ts): one real postal code per country of the region and
// of the shoppers it sees most, written into that country's data module so that a wrong code's
// message can show the format ("5 digits, e.g. 10101") and a numeric format gets a numeric keyboard.
// A table of real codes, not one made from the pattern: a code built from a regex can name no place.
// Every example matches its country's pattern (test/contract/postcode-examples.spec.ts).
export const postcodeExamples: Readonly<Record<string, string>> = {
  CR: '10101',
  GT: '01001',
  SV: 'CP 1101',
  HN: '11101',
  MX: '06600',
  DO: '10101',
  CO: '110111',
  VE: '1010',
  EC: '170150',
  PE: '15001',
  BR: '01310-100',
  AR: 'C1002AAA',
  CL: '8320000',
  UY: '11000',
  US: '10001',
  CA: 'K1A 0B1',
  ES: '28001',
  PT: '1000-001',
  DE: '10115',
  FR: '75001',
  IT: '00184',
  NL: '1012 AB',
  GB: 'SW1A 1AA',
};
