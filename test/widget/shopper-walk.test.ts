// The smaller things a Costa Rican or Latin-American shopper tripped on, walked in es-CR, en and
// pt-BR: the focus after taking "did you mean …?", an empty field that says which, the card / SINPE
// Móvil choice after a decline's "Try again", a lapsed transfer found after a reload (one instruction,
// not "reload" above "Try again"), and SINPE Móvil offered only to a buyer it can work for. Axe in
// every new state.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import type { SvcMethodChangeEvent } from '../../widget/events.ts';
import { bankFailureMessage } from '../../contract/bank-failure-messages.ts';
import { isForeignPhone } from '../../widget/sinpe/sinpe-fit.ts';
import { expectAccessible } from './support/axe.ts';
import { describedError, eventually, nextEvent, root, statusText, submitButton, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { costaRicanBilling } from './support/buyer.ts';
import { returnFromHostedPage, submitToHostedPage } from './support/hosted-trip.ts';

const control = (element: SvcCheckout, id: string) => root(element).getElementById(id) as HTMLInputElement | HTMLSelectElement | null;
const methodChoice = (element: SvcCheckout) => root(element).querySelector('fieldset[part="method-choice"]');
const radio = (element: SvcCheckout, value: 'card' | 'sinpe_movil') => root(element).querySelector<HTMLInputElement>(`input[name="svc-method"][value="${value}"]`);
const retryButton = (element: SvcCheckout) => root(element).querySelector<HTMLButtonElement>('[part="retry-button"]');

async function mountSession(bff: FakeBff, sessionToken: string, locale: string) {
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale=${locale}></svc-checkout>`);
  element.addEventListener('svc-redirect', (event) => event.preventDefault());
  await waitForState(element, 'idle');
  return element;
}

async function typeInto(element: SvcCheckout, id: string, text: string) {
  const input = control(element, id) as HTMLInputElement;
  input.focus();
  input.select();
  await sendKeys({ type: text });
  await element.updateComplete;
}

const emptyFieldWords = {
  'es-CR': { firstName: 'Escriba su nombre.', lastName: 'Escriba sus apellidos.', email: 'Escriba su correo electrónico.', telephone: 'Escriba su teléfono.', address: 'Escriba su dirección.' },
  en: { firstName: 'Enter your first name.', lastName: 'Enter your last name.', email: 'Enter your e-mail address.', telephone: 'Enter your phone number.', address: 'Enter your address.' },
  'pt-BR': { firstName: 'Digite seu nome.', lastName: 'Digite seu sobrenome.', email: 'Digite seu e-mail.', telephone: 'Digite seu telefone.', address: 'Digite seu endereço.' },
} as const;

describe('the shopper\'s second walk', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  describe('an empty required field', () => {
    for (const [locale, words] of Object.entries(emptyFieldWords)) {
      it(`says which field is missing in ${locale}, not the same words under every field`, async () => {
        const bff = new FakeBff();
        const { sessionToken } = bff.session();
        const element = await mountSession(bff, sessionToken, locale);
        submitButton(element).click();
        await eventually(() => control(element, 'billing-firstName')?.getAttribute('aria-invalid') === 'true', 'the empty fields were not marked');
        await element.updateComplete;
        for (const [name, message] of Object.entries(words)) expect(describedError(control(element, `billing-${name}`)!), name).to.equal(message);
        await expectAccessible(element);
      });
    }

    it('a Costa Rican cantón list says it by its own label', async () => {
      const bff = new FakeBff();
      const { sessionToken } = bff.session({ prefill: { billing: { country: 'CR', state: 'CR-SJ' } } });
      const element = await mountSession(bff, sessionToken, 'es-CR');
      submitButton(element).click();
      await eventually(() => describedError(control(element, 'billing-city')!) !== undefined, 'the cantón was not marked');
      expect(describedError(control(element, 'billing-city')!)).to.equal('Elija una opción en «Cantón».');
    });
  });

  describe('"did you mean …?" under the e-mail', () => {
    for (const [locale, label] of [
      ['es-CR', '¿Quiso decir ana@gmail.com?'],
      ['en', 'Did you mean ana@gmail.com?'],
      ['pt-BR', 'Você quis dizer ana@gmail.com?'],
    ] as const) {
      it(`taken from the keyboard in ${locale}, leaves the focus on the e-mail field with the new address`, async () => {
        const bff = new FakeBff();
        const { sessionToken } = bff.session({ prefill: { billing: costaRicanBilling } });
        const element = await mountSession(bff, sessionToken, locale);
        await typeInto(element, 'billing-email', 'ana@gmial.con');
        const hint = root(element).querySelector('fieldset[part="billing"] [part="email-suggestion"]')!;
        expect(hint.textContent!.replace(/\s+/g, ' ').trim()).to.equal(label);
        hint.querySelector('button')!.focus();
        await sendKeys({ press: 'Enter' });
        await element.updateComplete;
        const email = control(element, 'billing-email')!;
        expect(email.value).to.equal('ana@gmail.com');
        expect(root(element).activeElement, 'the focus dropped to the page').to.equal(email);
        await expectAccessible(element);
      });
    }
  });

  describe('after a card decline', () => {
    it('"Intentar de nuevo" brings the form back with the card / SINPE Móvil choice, the card chosen', async () => {
      const bff = new FakeBff();
      const { sessionToken, orderNumber } = bff.session({ prefill: { billing: costaRicanBilling }, sinpeMovil: {} });
      const first = await mountSession(bff, sessionToken, 'es-CR');
      expect(methodChoice(first)).to.not.equal(null);
      await submitToHostedPage(first);
      first.remove();
      bff.orderStatuses(orderNumber, FakeBff.declined('card_details', 'es'));
      returnFromHostedPage(orderNumber);
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="es-CR"></svc-checkout>`);
      await waitForState(element, 'declined');
      retryButton(element)!.click();
      await waitForState(element, 'idle');
      await eventually(() => methodChoice(element), 'the method choice did not come back');
      expect(radio(element, 'card')!.checked).to.equal(true);
      await expectAccessible(element);
    });
  });

  describe('a transfer whose time ran out, found after a reload', () => {
    it('says what happened and offers "Intentar de nuevo", never "Recargue la página" above it', async () => {
      const bff = new FakeBff();
      bff.offersSinpe = true;
      const { orderNumber } = bff.session({ sinpeMovil: {} });
      bff.orderStatuses(orderNumber, { status: 'expired', canRetry: true, message: bankFailureMessage('expired', 'es'), bankFailure: 'expired' });
      returnFromHostedPage(orderNumber);
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items='[{"sku":"CR-COFFEE-500","quantity":1}]' locale="es-CR"></svc-checkout>`);
      await waitForState(element, 'lapsed');
      await eventually(() => root(element).querySelector('[part="result"] h2')?.textContent?.includes('No recibimos'), 'the lapsed transfer\'s heading');
      expect(statusText(element)).to.equal(bankFailureMessage('expired', 'es'));
      expect(root(element).textContent).to.not.contain('Recargue');
      expect(retryButton(element)!.textContent).to.equal('Intentar de nuevo');
      await expectAccessible(element);
    });
  });

  describe('SINPE Móvil', () => {
    const brazilianBilling = {
      firstName: 'João',
      lastName: 'Silva',
      email: 'joao.silva@example.com',
      country: 'BR',
      state: 'BR-SP',
      city: 'São Paulo',
      zip: '01310-100',
      address: 'Avenida Paulista 1000',
      telephone: '+55 11 91234-5678',
    };

    it('is not offered to a buyer with a Brazilian address and phone: the card alone', async () => {
      const bff = new FakeBff();
      const { sessionToken } = bff.session({ prefill: { billing: brazilianBilling }, sinpeMovil: {} });
      const element = await mountSession(bff, sessionToken, 'pt-BR');
      expect(methodChoice(element)).to.equal(null);
      expect(control(element, 'billing-address')).to.not.equal(null);
      await expectAccessible(element);
    });

    it('comes once the billing country is Costa Rica and the phone Costa Rican', async () => {
      const bff = new FakeBff();
      const { sessionToken } = bff.session({ prefill: { billing: { ...brazilianBilling, state: '', country: 'BR' } }, sinpeMovil: {} });
      const element = await mountSession(bff, sessionToken, 'pt-BR');
      const country = control(element, 'billing-country') as HTMLSelectElement;
      country.value = 'CR';
      country.dispatchEvent(new Event('change'));
      await element.updateComplete;
      expect(methodChoice(element), 'a Brazilian phone still').to.equal(null);
      await typeInto(element, 'billing-telephone', '8312 3456');
      await eventually(() => methodChoice(element), 'the choice did not come');
      await expectAccessible(element);
    });

    it('chosen, then a foreign phone typed: back on the card, and the analytics hear it', async () => {
      const bff = new FakeBff();
      const { sessionToken } = bff.session({ prefill: { billing: costaRicanBilling }, sinpeMovil: {} });
      const element = await mountSession(bff, sessionToken, 'es-CR');
      radio(element, 'sinpe_movil')!.click();
      await element.updateComplete;
      expect(control(element, 'billing-address')).to.equal(null);
      const backToCard = nextEvent(element, 'svc-method-change');
      await typeInto(element, 'billing-telephone', '+55 11 91234 5678');
      expect(((await backToCard) as SvcMethodChangeEvent).method).to.equal('card');
      expect(methodChoice(element)).to.equal(null);
      expect(control(element, 'billing-address')).to.not.equal(null);
      await expectAccessible(element);
    });

    it('judges a phone Costa Rican unless it plainly is not', () => {
      const judged = ['8312 3456', '+506 8312 3456', '00506 83123456', '50683123456', '+5', '+50', '', '8312', '+55 11 91234 5678', '0055 11 912345678', '11 91234 5678', '+1 305 555 0100'].map((phone) => [phone, isForeignPhone(phone)]);
      expect(judged).to.deep.equal([
        ['8312 3456', false],
        ['+506 8312 3456', false],
        ['00506 83123456', false],
        ['50683123456', false],
        ['+5', false],
        ['+50', false],
        ['', false],
        ['8312', false],
        ['+55 11 91234 5678', true],
        ['0055 11 912345678', true],
        ['11 91234 5678', true],
        ['+1 305 555 0100', true],
      ]);
    });
  });
});
