// The sanity band of a posted exchange rate, by table: the day's band around the previous known
// day's rate, and the absolute band of a first rate. Bounds are inclusive and exact.
import { expect, test } from '../support/node-test.ts';
import { outOfBand } from '../../bff/payments/exchange-rates/rate-band.ts';

const band = { dayPercent: 15, firstMin: 300, firstMax: 1000 };
const previous = { rate: '500.00', date: '2026-11-24' };

const cases: Array<[string, typeof previous | undefined, boolean]> = [
  ['500.00', previous, true],
  ['575.00', previous, true],
  ['575.0001', previous, false],
  ['425.00', previous, true],
  ['424.9999', previous, false],
  ['5.10', previous, false],
  ['5000', previous, false],
  ['300', undefined, true],
  ['1000.0000', undefined, true],
  ['299.9999', undefined, false],
  ['1000.0001', undefined, false],
  ['5.10', undefined, false],
  ['506.52', undefined, true],
];

for (const [rate, before, inside] of cases) {
  test(`${rate} ${before ? `after ${before.rate}` : 'as a first rate'} is ${inside ? 'inside' : 'outside'} the band`, () => {
    const reason = outOfBand(rate, before, band);
    expect(reason === undefined).toBe(inside);
  });
}

test('the refusal names the band it applied', () => {
  expect(outOfBand('5.10', previous, band)).toContain("15 % of 2026-11-24's rate 500.00");
  expect(outOfBand('5.10', undefined, band)).toContain('300–1000');
});
