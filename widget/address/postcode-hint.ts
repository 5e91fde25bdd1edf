import type { PostcodeFormat } from '../../contract/address.ts';

/** What the form tells about a country's postal codes: an example, and its digits when it is a number. */
export interface PostcodeHint {
  example: string;
  /** The digits a code has, when the country's codes are numbers (a hyphen may be left out); else undefined. */
  digits: number | undefined;
}

/**
 * The hint for a country whose pattern is `format` and whose example code is `example`; undefined
 * without an example, or with one its own pattern refuses (a table gone stale must not mislead).
 * Codes are numbers when the example without its hyphens is digits the pattern takes as typed so:
 * Brazil's 01310-100 (01310100 passes) is, Portugal's 1000-001 (1000001 fails) is not.
 */
export function postcodeHint(format: PostcodeFormat, example: string | undefined): PostcodeHint | undefined {
  if (example === undefined || !format.test(example)) return undefined;
  const digits = example.replace(/-/g, '');
  return { example, digits: /^\d+$/.test(digits) && format.test(digits) ? digits.length : undefined };
}
