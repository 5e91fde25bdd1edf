// The postal code examples the widget shows in a wrong code's message ("5 digits, e.g. 10101"), and
// what the widget makes of them: each example is a code its country's pattern accepts (the same
// postcode-validator table the BFF checks with), and the hint says digits only where codes are numbers.
import { expect, test } from '../support/node-test.ts';
import { postcodeValidator } from 'postcode-validator';
import { postcodeExamples } from '../../scripts/widget-data/postcode-examples.ts';
import { postcodeFile } from '../../scripts/widget-data/postcode-files.ts';
import { postcodeHint } from '../../widget/address/postcode-hint.ts';

for (const [country, example] of Object.entries(postcodeExamples)) {
  test(`${country}'s example ${example} is a code the BFF accepts, and its data module carries it`, () => {
    expect(postcodeValidator(example, country)).toBe(true);
    expect(JSON.parse(postcodeFile(country))).toMatchObject({ example });
  });
}

test('a country without an example carries its pattern alone', () => {
  expect(postcodeExamples['JP']).toBeUndefined();
  expect(JSON.parse(postcodeFile('JP'))).toEqual({ source: '^\\d{3}-\\d{4}$', flags: '' });
});

const hintTable: ReadonlyArray<{ pattern: RegExp; example: string | undefined; hint: ReturnType<typeof postcodeHint> }> = [
  { pattern: /^\d{5}$/, example: '10101', hint: { example: '10101', digits: 5 } },
  // Brazil: the hyphen may be left out, so the code is a number of 8 digits.
  { pattern: /^\d{5}[-]?\d{3}$/, example: '01310-100', hint: { example: '01310-100', digits: 8 } },
  // Portugal: the hyphen is part of the code; it is not typed on a number pad.
  { pattern: /^\d{4}([-]\d{3})?$/, example: '1000-001', hint: { example: '1000-001', digits: undefined } },
  { pattern: /^[A-Z]\d{4}([A-Z]{3})?$/, example: 'C1002AAA', hint: { example: 'C1002AAA', digits: undefined } },
  { pattern: /^\d{5}$/, example: undefined, hint: undefined },
  // An example its own pattern refuses says nothing rather than mislead.
  { pattern: /^\d{4}$/, example: '10101', hint: undefined },
];

for (const { pattern, example, hint } of hintTable) {
  test(`the hint for ${String(example)} under ${pattern.source} is ${JSON.stringify(hint)}`, () => {
    expect(postcodeHint(pattern, example)).toEqual(hint);
  });
}
