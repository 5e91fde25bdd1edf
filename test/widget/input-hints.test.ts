// What the form says while the shopper types: the amount on the pay button (a card and SINPE Móvil
// alike), and "did you mean …?" under a mistyped billing e-mail, which one tap accepts and which never
// holds the payment back. es-CR, en and pt-BR, axe in each state. Against a fake BFF.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { costaRicanBilling } from './support/buyer.ts';
import { field, nextEvent, root, submitButton, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { description, erase, typeInto } from './support/invoice-parts.ts';

/** Intl puts no-break spaces in money; a reader hears a space. */
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();

async function mount(locale: string, options: { sinpe?: boolean } = {}) {
  const bff = new FakeBff();
  const { sessionToken } = bff.session({ prefill: { billing: costaRicanBilling }, ...(options.sinpe && { sinpeMovil: {} }) });
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale=${locale} no-shipping></svc-checkout>`);
  await waitForState(element, 'idle');
  return { element, bff };
}

const suggestion = (element: SvcCheckout) => root(element).querySelector('fieldset[part="billing"] [part="email-suggestion"]');

describe('the pay button', () => {
  for (const { locale, label } of [
    { locale: 'es-CR', label: 'Pagar ₡12 500,00' },
    { locale: 'en', label: 'Pay CRC 12,500.00' },
    { locale: 'pt-BR', label: 'Pagar CRC 12.500,00' },
  ]) {
    it(`says the order's amount in ${locale}, and passes axe`, async () => {
      const { element } = await mount(locale);
      expect(text(submitButton(element))).to.equal(label);
      await expectAccessible(element);
    });
  }

  it('says the same amount when SINPE Móvil is chosen', async () => {
    const { element } = await mount('es-CR', { sinpe: true });
    root(element).querySelector<HTMLInputElement>('input[name="svc-method"][value="sinpe_movil"]')!.click();
    await element.updateComplete;
    expect(text(submitButton(element))).to.equal('Pagar ₡12 500,00');
    await expectAccessible(element);
  });
});

describe('a mistyped billing e-mail', () => {
  for (const { locale, label, hint } of [
    { locale: 'es-CR', label: 'Correo electrónico', hint: '¿Quiso decir ana@gmail.com?' },
    { locale: 'en', label: 'E-mail', hint: 'Did you mean ana@gmail.com?' },
    { locale: 'pt-BR', label: 'E-mail', hint: 'Você quis dizer ana@gmail.com?' },
  ]) {
    it(`gets "${hint}" beside the field in ${locale}; one tap takes it; axe passes`, async () => {
      const { element } = await mount(locale);
      const email = field(element, 'billing', label);
      await erase(email);
      await typeInto(email, 'ana@gmial.con');
      expect(text(suggestion(element))).to.equal(hint);
      expect(description(email)).to.contain(hint);
      expect(email.getAttribute('aria-invalid')).to.equal('false');
      await expectAccessible(element);

      suggestion(element)!.querySelector('button')!.click();
      await element.updateComplete;
      expect(email.value).to.equal('ana@gmail.com');
      expect(suggestion(element)).to.equal(null);
    });
  }

  it('gets no hint when the address looks as intended', async () => {
    const { element } = await mount('en');
    const email = field(element, 'billing', 'E-mail');
    await erase(email);
    await typeInto(email, 'ana@gmx.com');
    expect(suggestion(element)).to.equal(null);
  });

  it('never holds the payment back: the address is sent as typed', async () => {
    const { element, bff } = await mount('en');
    const email = field(element, 'billing', 'E-mail');
    await erase(email);
    await typeInto(email, 'ana@example.con');
    expect(suggestion(element)).to.not.equal(null);
    element.addEventListener('svc-redirect', (event) => event.preventDefault(), { once: true });
    const redirect = nextEvent(element, 'svc-redirect');
    submitButton(element).click();
    await redirect;
    const checkout = bff.requests.find((request) => request.route === 'checkout')!;
    expect((checkout.body as { billing: { email: string } }).billing.email).to.equal('ana@example.con');
  });
});
