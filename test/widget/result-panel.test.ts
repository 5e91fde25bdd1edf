// Back from the payment page the shopper sees the answer: the element scrolls itself into view and
// moves focus to a result panel (icon, heading, amount, order number); a decline says what to do in
// the page's language, by category, never with the gateway's own words. The BFF (fake here) gives the
// category; which gateway code is which category is contract/decline-messages.ts's, tested on the BFF.
import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { root, statusText, waitForState } from './support/element-parts.ts';
import { declineMessage, type DeclineCategory } from '../../contract/decline-messages.ts';
import type { OrderStatusResponse } from '../../contract/bff-api.ts';
import { FakeBff } from './support/fake-bff.ts';
import { checkoutToHostedPage, returnFromHostedPage } from './support/hosted-trip.ts';

/** The shopper paid (or not); the BFF answers `outcome` for the order, and the shop page opens with #svc-result. */
async function returnWith(outcome: Partial<OrderStatusResponse> & Pick<OrderStatusResponse, 'status'>, locale: string): Promise<SvcCheckout> {
  const bff = new FakeBff();
  const { orderNumber } = await checkoutToHostedPage(bff, 'en');
  bff.orderStatuses(orderNumber, outcome);
  return returnToShopPage(bff, orderNumber, locale);
}

/** A shop page whose header and cart push the checkout far below the first screen. */
async function returnToShopPage(bff: FakeBff, orderNumber: string, locale: string): Promise<SvcCheckout> {
  returnFromHostedPage(orderNumber);
  const page = await fixture<HTMLElement>(html`<div>
    <div style="height: 1321px">cart</div>
    <svc-checkout bff=${bff.url} locale=${locale}></svc-checkout>
  </div>`);
  return page.querySelector<SvcCheckout>('svc-checkout')!;
}

function resultPanel(element: SvcCheckout): HTMLElement {
  const panel = root(element).querySelector<HTMLElement>('[part="result"]');
  if (!panel) throw new Error('no result panel');
  return panel;
}

function isOnScreen(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}

async function declineWith(reason: DeclineCategory, locale: string): Promise<SvcCheckout> {
  const element = await returnWith(FakeBff.declined(reason, 'en'), locale);
  await waitForState(element, 'declined');
  return element;
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  describe(`the result on return (${viewport.name})`, () => {
    before(() => setViewport({ width: viewport.width, height: viewport.height }));
    afterEach(() => {
      history.replaceState(null, '', location.pathname + location.search);
      window.scrollTo(0, 0);
    });

    it('scrolls into view and focuses a panel with the heading, amount and order number', async () => {
      const element = await returnWith({ status: 'approved', card: { brand: 'Visa', last4: '0071' } }, 'en');
      await waitForState(element, 'approved');
      const panel = resultPanel(element);
      expect(root(element).activeElement).to.equal(panel);
      expect(isOnScreen(panel.querySelector('h2')!)).to.equal(true);
      expect(panel.querySelector('h2')!.textContent).to.equal('Payment approved');
      expect(panel.querySelector('svg')!.getAttribute('aria-hidden')).to.equal('true');
      const text = panel.textContent!.replace(/\s+/g, ' ');
      expect(text).to.contain('CRC 12,500.00');
      expect(text).to.match(/Order \S+/);
      expect(text).to.contain('Paid with Visa ending in 0071');
      await expectAccessible(element);
    });

    it('says a decline in the page language by category, never the gateway text', async () => {
      const element = await declineWith('card_blocked', 'es-CR');
      expect(root(element).activeElement).to.equal(resultPanel(element));
      expect(resultPanel(element).querySelector('h2')!.textContent).to.equal('Pago rechazado');
      expect(statusText(element)).to.equal('El banco no autorizó esta tarjeta. Pruebe con otra tarjeta. No se cobró nada.');
      expect(statusText(element)).to.not.match(/denied|\(/);
      await expectAccessible(element);
    });
  });
}

describe('decline categories', () => {  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('insufficient funds asks for another card or method', async () => {
    const element = await declineWith('insufficient_funds', 'en');
    expect(statusText(element)).to.equal('The card does not have enough funds. Try another card or payment method. No money was taken.');
  });

  it('a wrong security code asks to check and retry', async () => {
    const element = await declineWith('card_details', 'en');
    expect(statusText(element)).to.contain('Check the security code and expiry date and try again.');
  });

  it('a lost card reads in Portuguese and asks for another card', async () => {
    const element = await declineWith('card_blocked', 'pt-BR');
    expect(statusText(element)).to.equal('O banco não autorizou este cartão. Tente outro cartão. Nada foi cobrado.');
    // Not the BFF's message, which is in the checkout's language (English) when the attempt was made.
    expect(statusText(element)).to.not.equal(declineMessage('card_blocked', 'en'));
  });

  it('a generic decline (what the BFF answers after a cancel on the hosted page) asks to try again', async () => {
    const element = await declineWith('generic', 'en');
    expect(resultPanel(element).querySelector('h2')!.textContent).to.equal('Payment declined');
    expect(statusText(element)).to.equal('Your payment was declined. Try again or use another card. No money was taken.');
    await expectAccessible(element);
  });
});
