// Build-time helper (country-modules.ts): postcode-validator's table split per country
// (the pattern's source and flags with a real code as example where postcode-examples.ts has one, or null where the country has no format), so the checkout-rules
// part carries no country's pattern and a shopper downloads only the chosen country's.
// The BFF keeps the whole table (contract/address-checks.server.ts) from the same package.
import { createRequire } from 'node:module';
import type { PostcodeFile } from '../../widget/lazy/data-modules.ts';
import { postcodeExamples } from './postcode-examples.ts';

// The package's main entry only answers yes/no; its table (the same Map main.js reads) is where the patterns are.
const { POSTCODE_REGEXES } = createRequire(import.meta.url)('postcode-validator/lib/cjs/postcode-regexes.js') as {
  POSTCODE_REGEXES: ReadonlyMap<string, RegExp>;
};

export function postcodeFile(country: string): string {
  const format = POSTCODE_REGEXES.get(country);
  const example = postcodeExamples[country];
  const file: PostcodeFile | null = format ? { source: format.source, flags: format.flags, ...(example && { example }) } : null;
  return JSON.stringify(file);
}
