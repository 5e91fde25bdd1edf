// The widget's packed country list is the iso-3166 package's, code for code.
import { expect, test } from '../support/node-test.ts';
import { iso31661Alpha2ToAlpha3 } from 'iso-3166/1-a2-to-1-a3.js';
import { countryCodes, isCountryCode } from '../../contract/iso-countries.ts';

test('the packed ISO 3166-1 list equals the iso-3166 package, sorted', () => {
  expect([...countryCodes]).toEqual(Object.keys(iso31661Alpha2ToAlpha3).sort());
  expect(isCountryCode('CR')).toBe(true);
  expect(isCountryCode('XX')).toBe(false);
});
