// The widget's phone plan (widget/address/phone-plan.ts) against libphonenumber, the judge it stands in for:
// whatever the plan decides, the widget's libphonenumber check (one country's metadata, as the
// widget loads it) decides the same, and so does the BFF's (every country's metadata), for the
// plain forms a shopper types and for text drawn from the characters that make them.
import assert from 'node:assert/strict';
import { expect, test } from '../support/node-test.ts';
import fc from 'fast-check';
import examples from 'libphonenumber-js/mobile/examples';
import { isValidPhone } from '../../contract/phone.ts';
import { judgeByPlan, type PhonePlan } from '../../widget/address/phone-plan.ts';
import { isValidPhoneWith, type PhoneMetadata } from '../../widget/lazy/phone-validator.ts';
import { phoneMetadataFile, phonePlanOf } from '../../scripts/widget-data/phone-metadata-files.ts';
import { countryCodes } from '../../contract/iso-countries.ts';

const seed = Number(process.env.FC_SEED ?? 20_261_126);

const planned = countryCodes.flatMap((country) => {
  const plan = phonePlanOf(country);
  const metadata = phoneMetadataFile(country);
  return plan && metadata ? [{ country, plan, metadata: JSON.parse(metadata) as PhoneMetadata }] : [];
});
const exampleOf = (country: string) => (examples as Record<string, string>)[country];

/** What the widget said before the plan: libphonenumber with the country's metadata, a foreign number left to the BFF. */
const widgetLibrary = (metadata: PhoneMetadata, telephone: string, country: string) => isValidPhoneWith(metadata, telephone, country) ?? true;

const separator = fc.constantFrom('', ' ', '-', '.', ' - ', '  ');
/** Digits with separators between some of them, as a person writes a number. */
const written = (digits: string) =>
  fc.array(separator, { minLength: digits.length, maxLength: digits.length }).map((gaps) => [...digits].map((digit, index) => `${index > 0 ? gaps[index] : ''}${digit}`).join(''));

/** A country's example number, sometimes with a digit changed, one added or one dropped, written with or without its calling code. */
const plainNumber = fc.constantFrom(...planned.filter(({ country }) => exampleOf(country))).chain(({ country, plan, metadata }) =>
  fc
    .tuple(
      fc.constantFrom('same', 'changed', 'longer', 'shorter'),
      fc.nat(),
      fc.integer({ min: 0, max: 9 }),
      fc.constantFrom('', '+', '+ ', ' +', '00', '(', 'code'),
    )
    .chain(([edit, at, digit, start]) => {
      const example = exampleOf(country)!;
      const place = at % example.length;
      const digits =
        edit === 'changed' ? example.slice(0, place) + digit + example.slice(place + 1)
        : edit === 'longer' ? example.slice(0, place) + digit + example.slice(place)
        : edit === 'shorter' ? example.slice(0, place) + example.slice(place + 1)
        : example;
      return written(digits).map((national) => {
        const telephone =
          start === '' ? national
          : start === '(' ? `(${national.slice(0, 3)}) ${national.slice(3)}`
          : start === 'code' ? `${plan.code} ${national}`
          : `${start}${plan.code} ${national}`;
        return { country, plan, metadata, telephone };
      });
    }),
);

/** Any text of the characters the plan reads, and a few it must leave alone. */
const anyText = fc.constantFrom(...planned).chain(({ country, plan, metadata }) =>
  fc.string({ unit: fc.constantFrom(...'0123456789 +-().x/#', ...plan.code), maxLength: 22 }).map((telephone) => ({ country, plan, metadata, telephone })),
);

/**
 * Checks inside the draws are node:assert's: Playwright's expect records a step for each call, and
 * each new step looks back through the test's earlier ones, so 3,000 draws paid most of the file's
 * CPU for that bookkeeping (measured: about 9 CPU-s of 12).
 */
const agrees = ({ country, plan, metadata, telephone }: { country: string; plan: PhonePlan; metadata: PhoneMetadata; telephone: string }) => {
  const decided = judgeByPlan(plan, telephone);
  if (decided === undefined) return;
  assert.equal(decided, widgetLibrary(metadata, telephone, country), `${country} ${JSON.stringify(telephone)}: the plan against the widget's libphonenumber`);
  if (!telephone.startsWith('+') || telephone.replace(/\D/g, '').startsWith(plan.code)) {
    assert.equal(decided, isValidPhone(telephone, country), `${country} ${JSON.stringify(telephone)}: the plan against the BFF's check`);
  }
};

test.describe('the phone plan', () => {
  test('countries alone on their calling code and without a national prefix have one, the rest do not', () => {
    expect(planned.map(({ country }) => country)).toEqual(expect.arrayContaining(['CR', 'PA', 'GT', 'SV', 'HN', 'NI']));
    expect(phonePlanOf('US')).toBeUndefined();
    expect(phonePlanOf('BR')).toBeUndefined();
    expect(phonePlanOf('DO')).toBeUndefined();
  });

  test('decides the plain forms a Costa Rican types, as libphonenumber does', () => {
    const plan = phonePlanOf('CR')!;
    const cases: Array<[string, boolean]> = [
      ['8312 3456', true],
      ['8312-3456', true],
      ['83123456', true],
      ['2222 2222', true],
      ['+506 8312 3456 ', true],
      ['+50683123456', true],
      ['+506 (8312) 3456', true],
      ['1234 5678', false],
      ['8312 345', false],
      ['8312 34567', false],
      ['+506 1234 5678', false],
    ];
    for (const [telephone, valid] of cases) {
      expect(judgeByPlan(plan, telephone), telephone).toBe(valid);
      expect(isValidPhone(telephone, 'CR'), telephone).toBe(valid);
    }
  });

  test('leaves to libphonenumber what it does not read plainly, and a foreign number to the BFF', () => {
    const plan = phonePlanOf('CR')!;
    for (const telephone of ['', ' +506 8312 3456', '8312 3456 ext. 12', '8312-TAXI', '00506 8312 3456', '506 8312 3456', '1900 8312 3456', '８３１２３４５６']) {
      expect(judgeByPlan(plan, telephone), telephone).toBeUndefined();
    }
    expect(judgeByPlan(plan, '+1 305 555 0100')).toBe(true);
  });

  test('decides every planned country’s example number written with spaces', () => {
    const undecided = planned.filter(({ country, plan }) => exampleOf(country) && judgeByPlan(plan, exampleOf(country)!.replace(/(\d{3})(?=\d)/g, '$1 ')) !== true);
    expect(undecided.map(({ country }) => country)).toEqual([]);
  });

  test('agrees with libphonenumber on numbers written as people write them', () => {
    fc.assert(fc.property(plainNumber, agrees), { seed, numRuns: 3000 });
  });

  test('agrees with libphonenumber on any text of digits, separators and plus signs', () => {
    fc.assert(fc.property(anyText, agrees), { seed, numRuns: 3000 });
  });
});
