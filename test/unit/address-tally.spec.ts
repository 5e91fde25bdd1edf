// The per-address tally of link reports stays bounded and never under-counts a heavy sender:
// Space-Saving keeps every address that sent more than 1/capacity of all reports.
import { expect, test } from '../support/node-test.ts';
import { AddressTally } from '../../bff/intake/webhooks/address-tally.ts';

test('a heavy sender (1 in 11 reports) stays on top, counted in full, among 10,000 one-off addresses in 20 slots', () => {
  const tally = new AddressTally(20);
  for (let index = 0; index < 10_000; index++) {
    tally.note(`10.0.${index >> 8}.${index & 255}`);
    if (index % 10 === 0) tally.note('203.0.113.7');
  }
  const [heaviest, ...rest] = tally.top(10);
  expect(heaviest?.[0]).toBe('203.0.113.7');
  expect(heaviest?.[1]).toBeGreaterThanOrEqual(1_000);
  expect(rest).toHaveLength(9);
});

test('below capacity every address is counted exactly', () => {
  const tally = new AddressTally(3);
  for (const address of ['a', 'b', 'a', 'c', 'a', 'b']) tally.note(address);
  expect(tally.top(2)).toEqual([['a', 3], ['b', 2]]);
});
