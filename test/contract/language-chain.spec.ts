// One language chain for every text a buyer reads (contract/language-chain.ts): for each page
// language, the widget's form layers, its decline, SINPE Móvil and invoice words and the BFF's pages
// all land in one language, the page's own where we have it, else the project default (English).
import { expect, test } from '../support/node-test.ts';
import { declineLocaleOf, declineMessage } from '../../contract/decline-messages.ts';
import { defaultLanguage, languageChain } from '../../contract/language-chain.ts';
import { pageLocale } from '../../bff/http/html-page.ts';
import { fallbackChain, wordsSettled } from '../../widget/i18n/localize.ts';
import { ensureLocale } from '../../widget/i18n/locale-loader.ts';
import { invoiceTextFor } from '../../widget/invoice/invoice-text.ts';
import { methodChoiceTexts } from '../../widget/sinpe/method-choice.ts';

const cases = [
  { tag: 'fr-FR', chain: ['fr-FR', 'fr', 'en'], language: 'en' },
  { tag: 'es-CR', chain: ['es-CR', 'es-419', 'es', 'en'], language: 'es' },
  { tag: 'es-419', chain: ['es-419', 'es', 'en'], language: 'es' },
  { tag: 'pt-PT', chain: ['pt-PT', 'pt-BR', 'pt', 'en'], language: 'pt-BR' },
  { tag: 'pt-BR', chain: ['pt-BR', 'pt', 'en'], language: 'pt-BR' },
  { tag: 'en-GB', chain: ['en-GB', 'en'], language: 'en' },
] as const;

test.describe('the one language chain', () => {
  for (const { tag, chain, language } of cases) {
    test(`a ${tag} page reads every part in ${language}`, async () => {
      // The choice's words ride in the translation; the invoice's in a file of their own, asked for on first use.
      await ensureLocale(tag);
      await ensureLocale(language);
      invoiceTextFor(tag);
      invoiceTextFor(language);
      await wordsSettled();
      expect(languageChain(tag)).toEqual(chain);
      // The widget's form takes its layers along the same chain.
      expect(fallbackChain(tag)).toEqual(chain);
      expect(declineLocaleOf(tag)).toBe(language);
      expect(methodChoiceTexts(tag)).toEqual(methodChoiceTexts(language));
      expect(invoiceTextFor(tag)).toEqual(invoiceTextFor(language));
      // The BFF's pages: the page's language first, whatever the browser prefers after it.
      expect(pageLocale(tag, 'de-DE')).toBe(language);
      expect(pageLocale(undefined, `${tag}, de;q=0.5`)).toBe(language);
    });
  }

  test('a French page reads its decline in the same language as its form, not in Spanish', () => {
    expect(declineMessage('generic', 'fr-FR')).toBe(declineMessage('generic', defaultLanguage));
  });

  test('no tag, or one that is no BCP 47 tag, is the project default everywhere', () => {
    for (const tag of [undefined, '', 'not a tag']) {
      expect(languageChain(tag)).toEqual([defaultLanguage]);
      expect(declineLocaleOf(tag)).toBe(defaultLanguage);
      expect(pageLocale(tag, undefined)).toBe(defaultLanguage);
    }
  });
});
