// Pure: the words that must agree. One panel says "pedido" throughout (the result's order line and
// its next step), and the copy button's confirmation agrees with its noun in Spanish and Portuguese.
import { expect } from '@open-wc/testing';
import { translationFor, wordsSettled } from '../../widget/i18n/localize.ts';
import { ensureLocale } from '../../widget/i18n/locale-loader.ts';
import { sinpePanelWords } from '../../widget/sinpe/sinpe-texts.ts';

before(() => Promise.all([ensureLocale('es-CR'), ensureLocale('es-MX'), ensureLocale('pt-BR')]));

describe('the result panel words', () => {
  for (const locale of ['es-CR', 'es-MX', 'es', 'pt-BR']) {
    it(`${locale}: the order line says "Pedido", like the next step`, () => {
      const t = translationFor(locale);
      expect(t.orderNumber('CR-1001')).to.equal('Pedido CR-1001');
      expect(t.approvedNext).to.contain('pedido');
    });
  }
});

describe('the SINPE Móvil copy confirmation', () => {
  const cases: ReadonlyArray<[language: 'es' | 'pt-BR' | 'en', label: 'phone' | 'amount' | 'reference', said: string]> = [
    ['es', 'reference', 'Referencia copiada'],
    ['es', 'phone', 'Teléfono copiado'],
    ['es', 'amount', 'Monto exacto copiado'],
    ['pt-BR', 'reference', 'Referência copiada'],
    ['pt-BR', 'phone', 'Telefone copiado'],
    ['pt-BR', 'amount', 'Valor exato copiado'],
    ['en', 'reference', 'Reference copied'],
  ];
  before(() => {
    for (const [language] of cases) sinpePanelWords(language);
    return wordsSettled();
  });
  for (const [language, label, said] of cases) {
    it(`${language}: ${said}`, () => {
      const texts = sinpePanelWords(language);
      expect(texts.copied(texts[label])).to.equal(said);
    });
  }
});
