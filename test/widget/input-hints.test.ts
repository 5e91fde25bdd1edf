// What the form says while the shopper types: the amount on the pay button (a card and SINPE Móvil
// alike), a wrong postal code's format ("5 dígitos, p. ej. 01001") with a numeric keyboard where codes
// are numbers, and "did you mean …?" under a mistyped billing e-mail, which one tap accepts and which
// never holds the payment back. es-CR, en and pt-BR, axe in each state. Against a fake BFF.
import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { costaRicanBilling } from './support/buyer.ts';
import { describedError, eventually, field, leaveBillingField, nextEvent, root, submitButton, waitForState } from './support/element-parts.ts';
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
  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    for (const { locale, label } of [
      { locale: 'es-CR', label: 'Pagar ₡12 500,00' },
      { locale: 'en', label: 'Pay CRC 12,500.00' },
      { locale: 'pt-BR', label: 'Pagar CRC 12.500,00' },
    ]) {
      it(`says the order's amount in ${locale} within the button on the ${viewport.name}, and passes axe`, async () => {
        await setViewport(viewport);
        const { element } = await mount(locale);
        const button = submitButton(element);
        expect(text(button)).to.equal(label);
        expect(button.scrollWidth, 'the amount overflows the button').to.be.at.most(button.clientWidth);
        await expectAccessible(element);
      });
    }
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

async function chooseCountry(element: SvcCheckout, label: string, country: string) {
  const select = field<HTMLSelectElement>(element, 'billing', label);
  select.value = country;
  select.dispatchEvent(new Event('change'));
  await element.updateComplete;
}

describe('a wrong postal code', () => {
  for (const { locale, country, countryLabel, zipLabel, message, inputMode } of [
    { locale: 'es-CR', country: 'GT', countryLabel: 'País', zipLabel: 'Código postal', message: 'Escriba un código postal de 5 dígitos, p. ej. 01001.', inputMode: 'numeric' },
    { locale: 'en', country: 'US', countryLabel: 'Country', zipLabel: 'Postal code', message: 'Enter a 5-digit postal code, e.g. 10001.', inputMode: 'numeric' },
    { locale: 'pt-BR', country: 'BR', countryLabel: 'País', zipLabel: 'CEP', message: 'Digite um CEP de 8 dígitos, p. ex. 01310-100.', inputMode: 'numeric' },
    { locale: 'en', country: 'GB', countryLabel: 'Country', zipLabel: 'Postal code', message: 'Enter a postal code like SW1A 1AA.', inputMode: null },
    // Japan has a format but no example in the table: the plain message, the ordinary keyboard.
    { locale: 'en', country: 'JP', countryLabel: 'Country', zipLabel: 'Postal code', message: 'Enter a valid postal code.', inputMode: null },
  ]) {
    it(`in ${country} (${locale}) says "${message}", with inputmode ${String(inputMode)}; axe passes`, async () => {
      const { element } = await mount(locale);
      await chooseCountry(element, countryLabel, country);
      const zip = () => field(element, 'billing', zipLabel);
      await leaveBillingField(element, zipLabel, 'x1');
      // The country's format (its data module) comes on demand; the message follows it.
      await eventually(() => describedError(zip()) === message, `the postal code's message is not "${message}"`);
      expect(zip().getAttribute('inputmode')).to.equal(inputMode);
      expect(zip().getAttribute('aria-invalid')).to.equal('true');
      await expectAccessible(element);
    });
  }
});
