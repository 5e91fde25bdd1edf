// A dollar order whose card may be charged in colones (the session's `cardInColones`, with its
// `localAmount`): the card offers "pay in dollars / in colones" as a radio group, the pay button
// shows the chosen amount, and the checkout asks for `cardCurrency: "CRC"` only when colones were
// chosen. Not offered without the session's word or for SINPE Móvil. On the fake BFF; axe in every state.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import type { CheckoutRequest } from '../../contract/bff-api.ts';
import { formatMoney } from '../../widget/i18n/localize.ts';
import { expectAccessible } from './support/axe.ts';
import { root, submitButton, waitForState, nextEvent } from './support/element-parts.ts';
import { FakeBff, type SessionOptions } from './support/fake-bff.ts';
import { costaRicanBilling } from './support/buyer.ts';

const localAmount = { amount: '12663.00', currency: 'CRC' as const, rate: '506.52', rateDate: '2026-11-25', source: 'BCCR' };

async function mount(options: SessionOptions = {}, locale = 'es-CR') {
  const bff = new FakeBff();
  const { sessionToken } = bff.session({ amount: '25.00', currency: 'USD', prefill: { billing: costaRicanBilling }, localAmount, cardInColones: true, ...options });
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale=${locale}></svc-checkout>`);
  element.addEventListener('svc-redirect', (event) => event.preventDefault());
  await waitForState(element, 'idle');
  return { element, bff };
}

const group = (element: SvcCheckout) => root(element).querySelector<HTMLFieldSetElement>('fieldset[part="card-currency"]');
const radio = (element: SvcCheckout, value: 'USD' | 'CRC') => root(element).querySelector<HTMLInputElement>(`input[name="svc-card-currency"][value="${value}"]`)!;
const labels = (element: SvcCheckout) => [...group(element)!.querySelectorAll('label')].map((label) => label.textContent!.replace(/\s+/g, ' ').trim());
const lastCheckout = (bff: FakeBff) => bff.requests.findLast((request) => request.route === 'checkout')?.body as (CheckoutRequest & { cardCurrency?: string }) | undefined;

async function pay(element: SvcCheckout) {
  const redirect = nextEvent(element, 'svc-redirect');
  submitButton(element).click();
  await redirect;
}

describe('a dollar order the card may pay in colones', () => {
  describe('when the session offers it', () => {
    it('offers dollars (chosen) or colones with their amounts, as a radio group the keyboard moves through', async () => {
      const { element } = await mount();
      const dollars = formatMoney('es-CR', '25.00', 'USD');
      const colones = formatMoney('es-CR', '12663.00', 'CRC');
      expect(group(element)!.querySelector('legend')!.textContent!.trim()).to.equal('Moneda del cobro a la tarjeta');
      expect(labels(element)).to.deep.equal([`Pagar en dólares (${dollars})`.replace(/\s+/g, ' '), `Pagar en colones (${colones})`.replace(/\s+/g, ' ')]);
      expect(radio(element, 'USD').checked).to.equal(true);
      expect(submitButton(element).textContent).to.contain(dollars);
      // The same lazy part brings the colones line under the total.
      expect(root(element).querySelector('[part="local-amount"]')!.textContent).to.contain(colones);
      await expectAccessible(element);
      radio(element, 'USD').focus();
      await sendKeys({ press: 'ArrowRight' });
      await element.updateComplete;
      expect(radio(element, 'CRC').checked).to.equal(true);
      expect(submitButton(element).textContent).to.contain(colones);
      await expectAccessible(element);
    });

    it('sends cardCurrency CRC when colones are chosen', async () => {
      const { element, bff } = await mount();
      radio(element, 'CRC').click();
      await element.updateComplete;
      await pay(element);
      expect(lastCheckout(bff)).to.deep.include({ cardCurrency: 'CRC', sameAsBilling: true });
    });

    it('sends no cardCurrency when dollars stay chosen', async () => {
      const { element, bff } = await mount();
      await pay(element);
      expect(lastCheckout(bff)!.cardCurrency).to.equal(undefined);
    });

    for (const [locale, words] of [
      ['en', ['Card charge currency', 'Pay in dollars', 'Pay in colones']],
      ['pt-BR', ['Moeda da cobrança no cartão', 'Pagar em dólares', 'Pagar em colones']],
    ] as const) {
      it(`speaks ${locale}`, async () => {
        const { element } = await mount({}, locale);
        expect(group(element)!.querySelector('legend')!.textContent!.trim()).to.equal(words[0]);
        expect(labels(element)[0]).to.contain(words[1]);
        expect(labels(element)[1]).to.contain(words[2]);
        await expectAccessible(element);
      });
    }

    it('is not shown while SINPE Móvil is chosen, and nothing in colones is asked of the card then', async () => {
      const { element, bff } = await mount({ sinpeMovil: {} });
      radio(element, 'CRC').click();
      root(element).querySelector<HTMLInputElement>('input[name="svc-method"][value="sinpe_movil"]')!.click();
      await element.updateComplete;
      expect(group(element)).to.equal(null);
      await expectAccessible(element);
      const pending = nextEvent(element, 'svc-sinpe-pending');
      submitButton(element).click();
      await pending;
      expect(lastCheckout(bff)!.cardCurrency).to.equal(undefined);
    });
  });

  describe('when the session does not offer it', () => {
    it('shows no choice and pays in dollars', async () => {
      const { element, bff } = await mount({ cardInColones: false });
      expect(group(element)).to.equal(null);
      expect(submitButton(element).textContent).to.contain(formatMoney('es-CR', '25.00', 'USD'));
      await pay(element);
      expect(lastCheckout(bff)!.cardCurrency).to.equal(undefined);
    });
  });
});
