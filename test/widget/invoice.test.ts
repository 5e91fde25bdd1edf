// The optional Costa Rican electronic invoice details against a fake BFF: hidden unless the
// session offers them, revealed by the checkbox, checked with the contract's schema beside each
// field, localized, and sent in the checkout request the BFF's schema accepts.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { nextEvent, root, statusText, submitButton, eventually, waitForState } from './support/element-parts.ts';
import { chooseIdType, description, details, erase, invoiceField, requestBox, reveal, typeInto } from './support/invoice-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { costaRicanBilling } from './support/buyer.ts';

async function mount(options: { invoice?: boolean; locale?: string } = {}) {
  const bff = new FakeBff();
  const { sessionToken, orderNumber } = bff.session({ prefill: { billing: costaRicanBilling }, invoice: options.invoice === true });
  const element = await fixture<SvcCheckout>(
    html`<svc-checkout bff=${bff.url} session=${sessionToken} locale=${options.locale ?? 'en'} no-shipping></svc-checkout>`,
  );
  await waitForState(element, 'idle');
  // The invoice form is a lazy part: it appears once loaded, right after the form.
  if (options.invoice) await eventually(() => requestBox(element) !== null, 'the invoice checkbox did not appear');
  // Kept beside the element, not on it: `bff` is one of its own properties.
  shopOf.set(element, { fake: bff, orderNumber });
  return element;
}

const shopOf = new WeakMap<SvcCheckout, { fake: FakeBff; orderNumber: string }>();

describe('the electronic invoice details', () => {
  describe('when the session does not offer them', () => {
    it('shows no invoice checkbox and passes axe', async () => {
      const element = await mount();
      expect(root(element).querySelector('[part="invoice"]')).to.equal(null);
      await expectAccessible(element);
    });
  });

  describe('when the session offers them', () => {
    it('shows the unticked checkbox with the fields hidden, and passes axe', async () => {
      const element = await mount({ invoice: true });
      expect(requestBox(element)?.checked).to.equal(false);
      expect(root(element).querySelector('[part="invoice-request"]')?.textContent?.trim()).to.equal('I need an electronic invoice');
      expect(details(element)).to.equal(null);
      await expectAccessible(element);
    });

    it('reveals ID type (the four Hacienda types), ID number, legal name and e-mail, each labelled; axe passes', async () => {
      const element = await mount({ invoice: true });
      await reveal(element);
      const types = [...invoiceField<HTMLSelectElement>(element, 'ID type').options].map((option) => option.value);
      expect(types).to.deep.equal(['', '01', '02', '03', '04']);
      for (const label of ['ID number', 'Legal name', 'Invoice e-mail']) expect(invoiceField(element, label)).to.exist;
      await chooseIdType(element, 'ID type', '03');
      expect(description(invoiceField(element, 'ID number'))).to.equal('11 or 12 digits; dashes and spaces are fine.');
      await expectAccessible(element);
    });

    it('names each wrong field beside it on submit, with aria-invalid, and sends nothing; axe passes', async () => {
      const element = await mount({ invoice: true });
      let redirects = 0;
      element.addEventListener('svc-redirect', (event) => {
        redirects += 1;
        event.preventDefault();
      });
      await reveal(element);
      await chooseIdType(element, 'ID type', '01');
      await typeInto(invoiceField(element, 'ID number'), '10234056');
      // The name and e-mail come prefilled from billing: the shopper erases one and mistypes the other.
      await erase(invoiceField(element, 'Legal name'));
      await erase(invoiceField(element, 'Invoice e-mail'));
      await typeInto(invoiceField(element, 'Invoice e-mail'), 'ana@localhost');
      submitButton(element).click();
      // Submit first loads what validation needs (the phone metadata): seconds on a loaded machine.
      await eventually(() => statusText(element) !== '', 'no notice after submit');
      const number = invoiceField(element, 'ID number');
      expect(number.getAttribute('aria-invalid')).to.equal('true');
      expect(description(number)).to.equal('9 digits; dashes and spaces are fine. Enter the ID number with the digits its type has.');
      expect(invoiceField(element, 'Legal name').getAttribute('aria-invalid')).to.equal('true');
      expect(description(invoiceField(element, 'Legal name'))).to.equal('This field is required.');
      expect(description(invoiceField(element, 'Invoice e-mail'))).to.equal('Enter a valid e-mail address.');
      expect(invoiceField(element, 'ID type').getAttribute('aria-invalid')).to.equal('false');
      expect(statusText(element)).to.contain('3');
      expect(redirects).to.equal(0);
      expect(element.state).to.equal('idle');
      await expectAccessible(element);
    });

    it('speaks Spanish and Portuguese like the rest of the form', async () => {
      const spanish = await mount({ invoice: true, locale: 'es-CR' });
      expect(root(spanish).querySelector('[part="invoice-request"]')?.textContent?.trim()).to.equal('Necesito factura electrónica');
      await reveal(spanish);
      await chooseIdType(spanish, 'Tipo de identificación', '02');
      await typeInto(invoiceField(spanish, 'Número de identificación'), '31011234');
      await erase(invoiceField(spanish, 'Correo para la factura'));
      submitButton(spanish).click();
      await eventually(() => invoiceField(spanish, 'Número de identificación').getAttribute('aria-invalid') === 'true', 'no error shown');
      expect(description(invoiceField(spanish, 'Número de identificación'))).to.contain('10 dígitos');
      expect(description(invoiceField(spanish, 'Correo para la factura'))).to.equal('Este campo es obligatorio.');
      await expectAccessible(spanish);

      const portuguese = await mount({ invoice: true, locale: 'pt-BR' });
      await reveal(portuguese);
      await erase(invoiceField(portuguese, 'Nome ou razão social'));
      submitButton(portuguese).click();
      await eventually(() => invoiceField(portuguese, 'Tipo de documento').getAttribute('aria-invalid') === 'true', 'no error shown');
      expect(description(invoiceField(portuguese, 'Nome ou razão social'))).to.equal('Este campo é obrigatório.');
    });

    it('fixing the details and submitting sends them with the checkout and reaches the payment page', async () => {
      const element = await mount({ invoice: true });
      element.addEventListener('svc-redirect', (event) => event.preventDefault());
      await reveal(element);
      await chooseIdType(element, 'ID type', '02');
      await typeInto(invoiceField(element, 'ID number'), '3101123456');
      await erase(invoiceField(element, 'Legal name'));
      await typeInto(invoiceField(element, 'Legal name'), 'Café del Valle S.A.');
      await erase(invoiceField(element, 'Invoice e-mail'));
      await typeInto(invoiceField(element, 'Invoice e-mail'), 'facturas@cafedelvalle.cr');
      const redirect = nextEvent(element, 'svc-redirect');
      submitButton(element).click();
      expect((await redirect).url).to.equal(shopOf.get(element)!.fake.hostedUrl(shopOf.get(element)!.orderNumber));
      expect(shopOf.get(element)!.fake.requests.find((request) => request.route === 'checkout')!.body).to.deep.include({
        invoice: { idType: '02', idNumber: '3101123456', name: 'Café del Valle S.A.', email: 'facturas@cafedelvalle.cr' },
      });
    });

    it('unticking the box hides the fields again and the checkout goes on without them', async () => {
      const element = await mount({ invoice: true });
      element.addEventListener('svc-redirect', (event) => event.preventDefault());
      await reveal(element);
      await typeInto(invoiceField(element, 'ID number'), '1');
      requestBox(element)!.click();
      await element.updateComplete;
      expect(details(element)).to.equal(null);
      const redirect = nextEvent(element, 'svc-redirect');
      submitButton(element).click();
      await redirect;
      expect(shopOf.get(element)!.fake.requests.find((request) => request.route === 'checkout')!.body).to.not.have.property('invoice');
    });
  });

  describe('in catalog mode', () => {
    it('offers them when the element has the invoice attribute, and not without it', async () => {
      const bff = new FakeBff();
      const items = '[{"sku":"CR-COFFEE-500","quantity":1}]';
      const offered = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en" invoice></svc-checkout>`);
      await waitForState(offered, 'idle');
      await eventually(() => requestBox(offered) !== null, 'the invoice checkbox did not appear');
      await expectAccessible(offered);
      expect(bff.requests[0]!.body).to.deep.include({ invoice: true });
      const plain = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`);
      await waitForState(plain, 'idle');
      expect(requestBox(plain)).to.equal(null);
      expect(bff.requests[1]!.body).to.not.have.property('invoice');
    });
  });
});
