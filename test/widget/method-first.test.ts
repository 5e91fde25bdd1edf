// The payment method comes first: a compact radio group at the top of the form, and SINPE Móvil asks
// only name, e-mail and phone (the address stays typed, hidden and unsent, until the card is chosen
// again), unless the merchant asks the address too. On the fake BFF; axe in every state.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import type { CheckoutRequest } from '../../contract/bff-api.ts';
import type { SessionSinpeMovil } from '../../contract/sinpe-movil.ts';
import { expectAccessible } from './support/axe.ts';
import { nextEvent, root, statusText, submitButton, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { costaRicanBilling } from './support/buyer.ts';

const words = {
  es: { legend: 'Forma de pago', card: 'Tarjeta', contact: 'Sus datos' },
  en: { legend: 'Payment method', card: 'Card', contact: 'Your details' },
  'pt-BR': { legend: 'Forma de pagamento', card: 'Cartão', contact: 'Seus dados' },
} as const;
type Language = keyof typeof words;

async function mount(options: { locale?: Language; sinpeMovil?: SessionSinpeMovil; prefill?: boolean } = {}) {
  const bff = new FakeBff();
  const { sessionToken } = bff.session({ ...(options.prefill !== false && { prefill: { billing: costaRicanBilling } }), sinpeMovil: options.sinpeMovil ?? {} });
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale=${options.locale ?? 'es-CR'}></svc-checkout>`);
  element.addEventListener('svc-redirect', (event) => event.preventDefault());
  await waitForState(element, 'idle');
  return { element, bff };
}

const radio = (element: SvcCheckout, value: 'card' | 'sinpe_movil') => root(element).querySelector<HTMLInputElement>(`input[name="svc-method"][value="${value}"]`)!;
const control = (element: SvcCheckout, id: string) => root(element).getElementById(id) as HTMLInputElement | null;
/** The names of the form's controls in DOM order, as a keyboard or screen reader meets them. */
const formControls = (element: SvcCheckout) => [...root(element).querySelectorAll<HTMLInputElement>('form input, form select')].map((input) => input.name || input.type);
const lastCheckout = (bff: FakeBff) => bff.requests.findLast((request) => request.route === 'checkout')?.body as CheckoutRequest | undefined;

async function choose(element: SvcCheckout, method: 'card' | 'sinpe_movil') {
  radio(element, method).click();
  await element.updateComplete;
}

async function typeInto(element: SvcCheckout, id: string, text: string) {
  const input = control(element, id)!;
  input.focus();
  input.select();
  await sendKeys({ type: text });
}

describe('the payment method first', () => {
  for (const locale of Object.keys(words) as Language[]) {
    describe(`when the page is in ${locale}`, () => {
      it('asks the method before the billing details, as a labelled radio group', async () => {
        const { element } = await mount({ locale });
        const form = root(element).querySelector('form')!;
        const group = form.querySelector('fieldset[part="method-choice"]')!;
        expect(group.querySelector('legend')!.textContent!.trim()).to.equal(words[locale].legend);
        expect(radio(element, 'card').closest('label')!.textContent!.trim()).to.equal(words[locale].card);
        expect(formControls(element).slice(0, 3)).to.deep.equal(['svc-method', 'svc-method', 'billing.firstName']);
        expect(group.compareDocumentPosition(form.querySelector('fieldset[part="billing"]')!) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
        await expectAccessible(element);
      });

      it('with SINPE Móvil chosen, asks only name, e-mail and phone, under a legend that says so', async () => {
        const { element } = await mount({ locale });
        await choose(element, 'sinpe_movil');
        expect(formControls(element)).to.deep.equal(['svc-method', 'svc-method', 'billing.firstName', 'billing.lastName', 'billing.email', 'billing.telephone']);
        expect(root(element).querySelector('fieldset[part="billing"] > legend')!.textContent!.trim()).to.equal(words[locale].contact);
        expect(root(element).querySelector('[part="same-as-billing"]')).to.equal(null);
        await expectAccessible(element);
      });
    });
  }

  describe('when the buyer chooses SINPE Móvil', () => {
    it('sends only name, e-mail and phone, though an address was prefilled', async () => {
      const { element, bff } = await mount();
      await choose(element, 'sinpe_movil');
      const pending = nextEvent(element, 'svc-sinpe-pending');
      submitButton(element).click();
      await pending;
      const { firstName, lastName, email, telephone } = costaRicanBilling;
      expect(lastCheckout(bff)).to.deep.equal({ billing: { firstName, lastName, email, telephone }, method: 'sinpe_movil', locale: 'es-CR' });
      await expectAccessible(element);
    });

    it('checks only those four: an empty address does not stop the transfer, an empty phone does', async () => {
      const { element, bff } = await mount({ prefill: false });
      await choose(element, 'sinpe_movil');
      await typeInto(element, 'billing-firstName', 'Ana');
      await typeInto(element, 'billing-lastName', 'Mora');
      await typeInto(element, 'billing-email', 'ana.mora@example.com');
      submitButton(element).click();
      await waitForState(element, 'idle');
      await element.updateComplete;
      expect(control(element, 'billing-telephone')!.getAttribute('aria-invalid')).to.equal('true');
      expect(root(element).querySelectorAll('[aria-invalid="true"]').length).to.equal(1);
      expect(lastCheckout(bff)).to.equal(undefined);
      await expectAccessible(element);

      await typeInto(element, 'billing-telephone', '8312 3456');
      const pending = nextEvent(element, 'svc-sinpe-pending');
      submitButton(element).click();
      await pending;
      expect(lastCheckout(bff)!.billing).to.deep.equal({ firstName: 'Ana', lastName: 'Mora', email: 'ana.mora@example.com', telephone: '8312 3456' });
    });

    it('switching back to the card shows the address again with what was typed', async () => {
      const { element } = await mount();
      await typeInto(element, 'billing-address', 'Calle 4, casa 12');
      await choose(element, 'sinpe_movil');
      expect(control(element, 'billing-address')).to.equal(null);
      await choose(element, 'card');
      expect(control(element, 'billing-address')!.value).to.equal('Calle 4, casa 12');
      expect(root(element).querySelector('[part="same-as-billing"]')).to.not.equal(null);
      await expectAccessible(element);
    });
  });

  describe('when the merchant asks the address for SINPE Móvil too', () => {
    it('keeps the address with SINPE Móvil and sends it', async () => {
      const { element, bff } = await mount({ sinpeMovil: { askAddress: true } });
      await choose(element, 'sinpe_movil');
      expect(control(element, 'billing-city')!.value).to.equal(costaRicanBilling.city);
      const pending = nextEvent(element, 'svc-sinpe-pending');
      submitButton(element).click();
      await pending;
      expect(lastCheckout(bff)).to.deep.include({ method: 'sinpe_movil', sameAsBilling: true });
      expect(lastCheckout(bff)!.billing).to.deep.include({ city: costaRicanBilling.city, country: 'CR' });
      expect(statusText(element)).to.not.equal('');
      await expectAccessible(element);
    });
  });
});
