import { test, expect } from '../support/node-test.ts';
import { createAddressSchemas, addressFieldLimits, type BillingAddress } from '../../contract/address.ts';
import { postcodeFormatOf, serverAddressChecks } from '../../contract/address-checks.server.ts';
import { postcodeFile } from '../../scripts/widget-data/postcode-files.ts';
import { addressMessagesEn } from '../../contract/messages.en.ts';
import { countryCodes, isCountryCode } from '../../contract/iso-countries.ts';
import { subdivisionsOf, isSubdivisionOf } from '../../contract/iso-subdivisions.ts';
import { isValidPhone } from '../../contract/phone.ts';

const { address, billingAddress } = createAddressSchemas(serverAddressChecks);

const costaRica: BillingAddress = {
  firstName: 'Ana María',
  lastName: 'Solís',
  address: 'Avenida Central, calle 5',
  address2: '',
  city: 'San José',
  state: 'CR-SJ',
  zip: '10101',
  country: 'CR',
  telephone: '+506 8888 8888',
  email: 'ana.solis@example.cr',
};

function issuesOf(input: unknown): Array<{ path: string; message: string }> {
  const result = billingAddress.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

test.describe('billing address', () => {
  test('accepts a Costa Rican address with CR-SJ and a +506 eight-digit phone', () => {
    expect(issuesOf(costaRica)).toEqual([]);
    expect(issuesOf({ ...costaRica, telephone: '8888 8888' })).toEqual([]);
  });

  test('trims values and keeps an empty address2', () => {
    const parsed = billingAddress.parse({ ...costaRica, firstName: '  Ana  ' });
    expect(parsed.firstName).toBe('Ana');
    expect(parsed.address2).toBe('');
  });

  test('reports missing and blank fields as required, by field name', () => {
    const { city: _city, ...noCity } = costaRica;
    expect(issuesOf(noCity)).toEqual([{ path: 'city', message: 'required' }]);
    expect(issuesOf({ ...costaRica, lastName: '   ' })).toEqual([{ path: 'lastName', message: 'required' }]);
  });

  test('reports too_long past the published limit', () => {
    const long = 'x'.repeat(addressFieldLimits.city.max + 1);
    expect(issuesOf({ ...costaRica, city: long })).toEqual([{ path: 'city', message: 'too_long' }]);
    expect(issuesOf({ ...costaRica, city: long.slice(1) })).toEqual([]);
  });

  test('rejects a country that is not ISO 3166-1 alpha-2', () => {
    expect(issuesOf({ ...costaRica, country: 'XX' })).toEqual([{ path: 'country', message: 'invalid_country' }]);
    expect(issuesOf({ ...costaRica, country: 'cr' })).toEqual([{ path: 'country', message: 'invalid_country' }]);
  });

  test('rejects a state of another country and an unknown state', () => {
    expect(issuesOf({ ...costaRica, state: 'US-CA' })).toEqual([{ path: 'state', message: 'state_not_in_country' }]);
    expect(issuesOf({ ...costaRica, state: 'CR-ZZ' })).toEqual([{ path: 'state', message: 'state_not_in_country' }]);
    expect(issuesOf({ ...costaRica, state: 'US-CA', country: 'US', telephone: '+1 415 555 2671' })).toEqual([]);
  });

  test('rejects a phone that is not valid for the country', () => {
    expect(issuesOf({ ...costaRica, telephone: '+506 1234' })).toEqual([{ path: 'telephone', message: 'invalid_phone' }]);
    expect(issuesOf({ ...costaRica, telephone: '12345' })).toEqual([{ path: 'telephone', message: 'invalid_phone' }]);
  });

  test('rejects malformed e-mail and zip', () => {
    for (const email of ['ana', 'ana@', 'ana@host', 'a na@x.cr', 'ana@@x.cr']) {
      expect(issuesOf({ ...costaRica, email })).toEqual([{ path: 'email', message: 'invalid_email' }]);
    }
    expect(issuesOf({ ...costaRica, zip: '10101;' })).toEqual([{ path: 'zip', message: 'invalid_zip' }]);
    expect(issuesOf({ ...costaRica, zip: 'K1A 0B1', country: 'CA', state: 'CA-ON', telephone: '+1 613 555 0100' })).toEqual([]);
  });

  test('reports every independent problem at once, with no cross-check noise on a bad country', () => {
    const paths = issuesOf({ ...costaRica, country: 'ZZ', firstName: '', email: 'nope' });
    expect(paths).toEqual(
      expect.arrayContaining([
        { path: 'country', message: 'invalid_country' },
        { path: 'firstName', message: 'required' },
        { path: 'email', message: 'invalid_email' },
      ]),
    );
    expect(paths.map((p) => p.path)).not.toContain('state');
  });

  test('shipping address has no email field requirement', () => {
    const { email: _email, ...shipping } = costaRica;
    expect(address.safeParse(shipping).success).toBe(true);
  });

  test('uses the injected checks, so the widget can supply lazily loaded ones', () => {
    const strict = createAddressSchemas({ ...serverAddressChecks, isSubdivisionOf: () => false, isValidPhone: () => true });
    const result = strict.billingAddress.safeParse(costaRica);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['state_not_in_country']);
  });

  test("the widget's per-country postal code files carry the BFF's table", () => {
    for (const country of countryCodes) {
      const file = JSON.parse(postcodeFile(country)) as { source: string; flags: string } | null;
      const format = postcodeFormatOf(country);
      expect([country, file === null]).toEqual([country, format === undefined]);
    }
    const costaRican = JSON.parse(postcodeFile('CR')) as { source: string; flags: string };
    const widgetFormat = new RegExp(costaRican.source, costaRican.flags);
    for (const zip of ['10101', '1010', '101-0101', 'abc', '1010101']) expect(widgetFormat.test(zip)).toBe(postcodeFormatOf('CR')!.test(zip));
  });

  test('every issue code has English text', () => {
    for (const codeName of ['required', 'too_long', 'invalid_country', 'state_not_in_country', 'invalid_email', 'invalid_phone', 'invalid_zip'] as const) {
      expect(addressMessagesEn[codeName].length).toBeGreaterThan(5);
    }
  });
});

test.describe('ISO tables', () => {
  test('countries are the assigned alpha-2 codes', () => {
    expect(countryCodes.length).toBeGreaterThanOrEqual(249);
    expect(isCountryCode('CR')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
  });

  test('subdivisions belong to their country, including nested parents', () => {
    expect(subdivisionsOf('CR').map((s) => s.code)).toEqual(
      expect.arrayContaining(['CR-A', 'CR-C', 'CR-G', 'CR-H', 'CR-L', 'CR-P', 'CR-SJ']),
    );
    expect(subdivisionsOf('CR').find((s) => s.code === 'CR-SJ')?.name).toBe('San José');
    expect(isSubdivisionOf('GB-BFS', 'GB')).toBe(true);
    expect(isSubdivisionOf('CR-SJ', 'US')).toBe(false);
    expect(subdivisionsOf('XX')).toEqual([]);
  });

  test('phone validity follows the country', () => {
    expect(isValidPhone('8888 8888', 'CR')).toBe(true);
    expect(isValidPhone('888 8888', 'CR')).toBe(false);
    expect(isValidPhone('8888 8888', 'XX')).toBe(false);
  });

  test('a number written with its own calling code is judged as that number', () => {
    expect(isValidPhone('+1 415 555 2671', 'CR')).toBe(true);
    expect(isValidPhone('+506 8888 888', 'US')).toBe(false);
  });
});
