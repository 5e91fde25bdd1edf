// Pure: locale resolution, fallback chains, money and country names. No DOM.
import { expect } from '@open-wc/testing';
import { countryOfLocale, countryOptions, regionCountries } from '../../widget/i18n/countries.ts';
import { fallbackChain, formatMoney, resolveLocale, translationFor } from '../../widget/i18n/localize.ts';
import { ensureLocale } from '../../widget/i18n/locale-loader.ts';

// The translations other than English load on demand (locale-XX.js), as a page in that language does.
before(() => Promise.all([ensureLocale('es-CR'), ensureLocale('pt-BR')]));

describe('locale resolution', () => {
  describe('when the attribute, <html lang> and the browser disagree', () => {
    it('takes the first usable one in that order', () => {
      expect(resolveLocale('pt-br', 'es', 'en-US')).to.equal('pt-BR');
      expect(resolveLocale('', 'es-cr', 'en-US')).to.equal('es-CR');
      expect(resolveLocale(undefined, null, 'en-US')).to.equal('en-US');
      expect(resolveLocale('not a tag!', 'es-MX', 'en')).to.equal('es-MX');
    });
  });

  describe('when the locale is a Latin-American Spanish', () => {
    it('falls back through es-419 and es to en', () => {
      expect(fallbackChain('es-CR')).to.deep.equal(['es-CR', 'es-419', 'es', 'en']);
      expect(fallbackChain('es-ES')).to.deep.equal(['es-ES', 'es', 'en']);
      expect(fallbackChain('pt')).to.deep.equal(['pt', 'pt-BR', 'en']);
    });

    it('uses the es-419 words over neutral Spanish, and neutral Spanish for the rest', () => {
      const costaRica = translationFor('es-CR');
      const spain = translationFor('es-ES');
      expect(costaRica.fields.telephone).to.equal('Teléfono o celular');
      expect(spain.fields.telephone).to.equal('Teléfono');
      expect(costaRica.billing).to.equal(spain.billing);
      expect(costaRica.errors.required).to.equal('Complete este campo.');
    });
  });

  describe('when no translation matches', () => {
    it('shows English', () => {
      expect(translationFor('fr-FR').pay('€1')).to.equal('Pay €1');
    });
  });
});

describe('money', () => {
  it('formats a decimal string in the order currency and the shopper locale, without float rounding', () => {
    expect(formatMoney('en-US', '12500.50', 'USD')).to.equal('$12,500.50');
    expect(formatMoney('es-CR', '12500.50', 'CRC').replace(/\s/g, ' ')).to.equal('₡12 500,50');
    expect(formatMoney('pt-BR', '0.10', 'BRL').replace(/\s/g, ' ')).to.equal('R$ 0,10');
    expect(formatMoney('en-US', '90071992547409.93', 'USD')).to.equal('$90,071,992,547,409.93');
  });
});

describe('country list', () => {
  it('puts the region first in its fixed order, then the rest alphabetically in the locale', () => {
    const { region, others } = countryOptions('es');
    expect(region.map((country) => country.code)).to.deep.equal([...regionCountries]);
    expect(region[0]?.name).to.equal('Costa Rica');
    expect(region.find((country) => country.code === 'BR')?.name).to.equal('Brasil');
    const names = others.map((country) => country.name);
    expect(names).to.deep.equal([...names].sort(new Intl.Collator('es').compare));
    expect(others.some((country) => country.code === 'CR')).to.equal(false);
    expect(region.length + others.length).to.be.greaterThan(240);
  });

  it('names countries in the shopper locale', () => {
    expect(countryOptions('en').others.find((country) => country.code === 'DE')?.name).to.equal('Germany');
    expect(countryOptions('pt-BR').others.find((country) => country.code === 'DE')?.name).to.equal('Alemanha');
  });

  it('reads a default country from the locale region', () => {
    expect(countryOfLocale('es-CR')).to.equal('CR');
    expect(countryOfLocale('es')).to.equal(undefined);
  });
});
