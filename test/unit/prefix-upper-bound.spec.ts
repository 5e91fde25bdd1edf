// The upper end of an order-number prefix range: every string that starts with the prefix lies
// below it, and nothing between the prefix and it starts otherwise.
import { expect, test } from '../support/node-test.ts';
import { prefixUpperBound } from '../../bff/merchant/order-list-filters.ts';

const cases: Array<[string, string | undefined]> = [
  ['SVC-0012', 'SVC-0013'],
  ['SVC-', 'SVC.'],
  ['Z', '['],
  ['a\u{10FFFF}', 'b'],
  ['\u{D7FF}', '\u{E000}'],
  ['ñ', 'ò'],
  ['', undefined],
  ['\u{10FFFF}', undefined],
];

for (const [prefix, bound] of cases) {
  test(`the bound above ${JSON.stringify(prefix)} is ${JSON.stringify(bound)}`, () => {
    expect(prefixUpperBound(prefix)).toBe(bound);
  });
}

test('strings with the prefix sort between it and its bound, byte-wise; neighbours outside', () => {
  const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  const prefix = 'SVC-0012';
  const bound = prefixUpperBound(prefix)!;
  for (const inside of ['SVC-0012', 'SVC-001200', 'SVC-0012\u{10FFFF}', 'SVC-0012zzz']) {
    expect(byteOrder(inside, prefix)).toBeGreaterThanOrEqual(0);
    expect(byteOrder(inside, bound)).toBeLessThan(0);
  }
  for (const outside of ['SVC-0011\u{10FFFF}', 'SVC-0013', 'SVC-001', 'svc-0012']) {
    expect(byteOrder(outside, prefix) < 0 || byteOrder(outside, bound) >= 0).toBe(true);
  }
});
