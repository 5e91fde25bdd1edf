// The colones line of a dollar order: read from the session answer's `localAmount` (malformed ones
// are ignored rather than shown), and worded per language right under the total.
import { expect, fixture, html } from '@open-wc/testing';
import { dollarOrderWords, localAmountLineOf, localAmountOf } from '../../widget/costa-rica/local-amount.ts';
import { renderOrderSummary } from '../../widget/address/order-summary.ts';
import { translationFor, wordsSettled } from '../../widget/i18n/localize.ts';
import { expectAccessible } from './support/axe.ts';

const local = { amount: '45120.50', currency: 'CRC', rate: '507.00', rateDate: '2026-11-25', source: 'BCCR' };

describe('the colones line of a dollar order', () => {
  // The line is drawn here without its part (lazy/dollar-order.ts), whose words arrive with it: asked for first.
  before(() => {
    for (const locale of ['es-CR', 'pt-BR']) dollarOrderWords(locale);
    return wordsSettled();
  });

  it('reads localAmount at the top of the answer or in its order, and ignores a malformed one', () => {
    const table: Array<[unknown, unknown]> = [
      [{ localAmount: local }, local],
      [{ order: { localAmount: local } }, local],
      [{}, undefined],
      [{ localAmount: { ...local, currency: 'USD' } }, undefined],
      [{ localAmount: { ...local, amount: 45120.5 } }, undefined],
      [{ localAmount: { ...local, rate: '5,07' } }, undefined],
      [{ localAmount: { ...local, rateDate: 'yesterday' } }, undefined],
      [null, undefined],
    ];
    for (const [answer, expected] of table) expect(localAmountOf(answer), JSON.stringify(answer)).to.deep.equal(expected);
  });

  for (const [locale, words] of [
    ['es-CR', 'al tipo de cambio de referencia de venta del BCCR'],
    ['en', 'at the BCCR reference sell exchange rate'],
    ['pt-BR', 'à taxa de câmbio de referência de venda do BCCR'],
  ] as const) {
    it(`shows "≈ ₡…" with the rate and its date under the total (${locale})`, async () => {
      const order = { orderNumber: 'A1', amount: '89.00', currency: 'USD', localAmountLine: localAmountLineOf({ localAmount: local }) };
      const element = await fixture<HTMLDivElement>(html`<div>${renderOrderSummary(translationFor(locale), locale, order)}</div>`);
      const line = element.querySelector('[part="local-amount"]')!;
      const text = line.textContent!.replace(/\s+/g, ' ');
      expect(text.startsWith('≈ ')).to.equal(true);
      expect(text).to.contain(words);
      expect(text).to.contain(new Intl.NumberFormat(locale, { style: 'currency', currency: 'CRC' }).format(45120.5).replace(/\s+/g, ' '));
      expect(text).to.contain(new Intl.NumberFormat(locale, { style: 'currency', currency: 'CRC' }).format(507).replace(/\s+/g, ' '));
      expect(text).to.contain('2026');
      expect(line.previousElementSibling?.className, 'right under the total').to.equal('total');
      expect(line.textContent).to.equal(order.localAmountLine!(locale));
      await expectAccessible(element);
    });
  }

  it('shows no line for an order without localAmount', async () => {
    const order = { orderNumber: 'A1', amount: '6500.00', currency: 'CRC' };
    const element = await fixture<HTMLDivElement>(html`<div>${renderOrderSummary(translationFor('es'), 'es', order)}</div>`);
    expect(element.querySelector('[part="local-amount"]')).to.equal(null);
  });
});
