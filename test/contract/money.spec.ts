import { test, expect } from '../support/node-test.ts';
import fc from 'fast-check';
import { currencyExponent, decimalAmount, fromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import { currencyCodes, isCurrencyCode } from '../../contract/currencies.ts';

test.describe('money', () => {
  test('exponents are ISO 4217 minor units, not CLDR display digits', () => {
    expect(currencyExponent('CRC')).toBe(2);
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('COP')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(() => currencyExponent('ABC')).toThrow(RangeError);
  });

  test('converts decimal strings to minor units and back', () => {
    expect(toMinorUnits('15000.00', 'CRC')).toBe(1500000n);
    expect(toMinorUnits('15000', 'CRC')).toBe(1500000n);
    expect(toMinorUnits('0.5', 'USD')).toBe(50n);
    expect(toMinorUnits('100.00', 'JPY')).toBe(100n);
    expect(toMinorUnits('1.234', 'KWD')).toBe(1234n);
    expect(fromMinorUnits(1500000n, 'CRC')).toBe('15000.00');
    expect(fromMinorUnits(5n, 'USD')).toBe('0.05');
    expect(fromMinorUnits(0n, 'USD')).toBe('0.00');
    expect(fromMinorUnits(100n, 'JPY')).toBe('100');
    expect(fromMinorUnits(90071992547409930n, 'USD')).toBe('900719925474099.30');
  });

  test('rejects what is not a plain decimal or loses precision', () => {
    for (const bad of ['', ' 1', '1 ', '-1', '+1', '1e3', '1.', '.5', '01', '1,000.00', '0x10', 'NaN', '1.005']) {
      expect(() => toMinorUnits(bad, 'USD'), bad).toThrow(RangeError);
    }
    expect(() => toMinorUnits('0.30000000000000004', 'USD')).toThrow(RangeError);
    expect(() => fromMinorUnits(-1n, 'USD')).toThrow(RangeError);
  });

  test('decimalAmount accepts positive decimals only', () => {
    for (const ok of ['1', '0.01', '15000.00']) expect(decimalAmount.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['0', '0.00', '-1', '1e2', '', '1,5', 15]) expect(decimalAmount.safeParse(bad).success, String(bad)).toBe(false);
  });

  test('round-trips every minor amount in every ISO currency', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.constantFrom(...currencyCodes), (minor, currency) => {
        expect(toMinorUnits(fromMinorUnits(minor, currency), currency)).toBe(minor);
      }),
    );
  });

  test('isCurrencyCode follows ISO 4217', () => {
    expect(isCurrencyCode('CRC')).toBe(true);
    expect(isCurrencyCode('crc')).toBe(false);
    expect(isCurrencyCode('ABC')).toBe(false);
  });
});
