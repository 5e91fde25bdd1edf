// The form against a fake BFF (support/fake-bff.ts): a merchant session, real keystrokes, real
// submits. Each test gets a fresh element and a fresh fake.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { describedError, field, nextEvent, root, statusText, submitButton, eventually, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { costaRicanBilling } from './support/buyer.ts';

const prefill = {
  billing: costaRicanBilling,
};

async function mount(options: { locale?: string; prefilled?: boolean; noShipping?: boolean } = {}) {
  const bff = new FakeBff();
  const { sessionToken, orderNumber } = bff.session(options.prefilled ? { prefill } : {});
  const element = await fixture<SvcCheckout>(
    html`<svc-checkout bff=${bff.url} session=${sessionToken} locale=${options.locale ?? 'en'} ?no-shipping=${options.noShipping}></svc-checkout>`,
  );
  await waitForState(element, 'idle');
  return { element, orderNumber, bff };
}

/** Keeps the test page here: the element navigates only when nobody prevents svc-redirect. */
function stayOnPage(element: SvcCheckout) {
  element.addEventListener('svc-redirect', (event) => event.preventDefault());
}

/** Intl puts no-break spaces in money; compare on plain spaces. */
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();

async function waitForStates(element: SvcCheckout) {
  const state = () => root(element).getElementById('billing-state') as HTMLSelectElement;
  await eventually(() => !state().disabled, 'the state list did not load');
  // Costa Rica's provincia → cantón → distrito selects come with their own lazy files.
  await eventually(() => root(element).querySelector('[part~="canton"]'), 'the Costa Rican selects did not load');
}

describe('the checkout form', () => {
  describe('when the merchant session has a prefill', () => {
    it('shows the prefilled details, the total in the order currency, and passes axe', async () => {
      const { element } = await mount({ prefilled: true });
      expect(field(element, 'billing', 'First name').value).to.equal('Ana');
      expect(field<HTMLSelectElement>(element, 'billing', 'Country').value).to.equal('CR');
      await waitForStates(element);
      expect(field<HTMLSelectElement>(element, 'billing', 'Province').value).to.equal('CR-SJ');
      expect(text(root(element).querySelector('[part="summary"] strong'))).to.equal('CRC 12,500.00');
      expect(text(submitButton(element))).to.equal('Pay CRC 12,500.00');
      await expectAccessible(element);
    });

    it('labels every control and gives each the section-scoped autocomplete token', async () => {
      const { element } = await mount();
      element.shadowRoot!.querySelector<HTMLInputElement>('[part="same-as-billing"] input')!.click();
      await element.updateComplete;
      const tokens = (section: string) =>
        [...root(element).querySelectorAll(`fieldset[part="${section}"] [autocomplete]`)].map((control) => control.getAttribute('autocomplete'));
      expect(tokens('billing')).to.deep.equal([
        'section-billing given-name',
        'section-billing family-name',
        'section-billing email',
        'section-billing country',
        'section-billing address-level1',
        'section-billing address-level2',
        'section-billing postal-code',
        'section-billing address-line1',
        'section-billing address-line2',
        'section-billing tel',
      ]);
      expect(tokens('shipping')).to.not.include('section-shipping email');
      expect(tokens('shipping')).to.include('section-shipping address-line1');
      for (const control of root(element).querySelectorAll('input, select')) {
        const labelled = control.id ? root(element).querySelector(`label[for="${control.id}"]`) : control.closest('label');
        expect(labelled, `label of ${control.outerHTML.slice(0, 60)}`).to.exist;
      }
      await expectAccessible(element);
    });

    it('lists the region first, named in the locale, then the other countries', async () => {
      const { element } = await mount({ locale: 'es-CR' });
      const options = [...field<HTMLSelectElement>(element, 'billing', 'País').options].map((option) => option.value);
      expect(options.slice(1, 18)).to.deep.equal(['CR', 'PA', 'GT', 'SV', 'HN', 'NI', 'DO', 'MX', 'CO', 'PE', 'EC', 'CL', 'AR', 'BR', 'UY', 'PY', 'BO']);
      expect(options.length).to.be.greaterThan(240);
      // es-CR preselects Costa Rica, whose provinces load lazily.
      expect(field<HTMLSelectElement>(element, 'billing', 'País').value).to.equal('CR');
      await waitForStates(element);
      const provinces = [...field<HTMLSelectElement>(element, 'billing', 'Provincia').options].map((option) => option.value);
      expect(provinces).to.include.members(['CR-SJ', 'CR-A', 'CR-C', 'CR-G', 'CR-H', 'CR-L', 'CR-P']);
    });
  });

  describe('when the shopper fills and submits with the keyboard only', () => {
    it('moves through the fields with Tab, submits with Enter and reaches the hosted payment page', async () => {
      const bff = new FakeBff();
      const { sessionToken, orderNumber } = bff.session();
      const page = await fixture<HTMLDivElement>(html`<div>
        <button id="before">before</button>
        <svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>
      </div>`);
      const element = page.querySelector('svc-checkout')!;
      await waitForState(element, 'idle');
      stayOnPage(element);
      page.querySelector<HTMLButtonElement>('#before')!.focus();

      const typeInto = async (text: string) => {
        await sendKeys({ press: 'Tab' });
        if (text) await sendKeys({ type: text });
      };
      await typeInto('Ana'); // first name
      await typeInto('Mora'); // last name
      await typeInto('ana.mora@example.com');
      // Selects: type-ahead on the closed select picks the first match (a space would open it).
      await typeInto('Costa'); // country
      expect(field<HTMLSelectElement>(element, 'billing', 'Country').value).to.equal('CR');
      await waitForStates(element);
      await typeInto('San'); // provincia (Costa Rica's state)
      expect(field<HTMLSelectElement>(element, 'billing', 'Province').value).to.equal('CR-SJ');
      await typeInto('San'); // cantón (the city): San José
      await typeInto('Carmen'); // distrito: its code 10101 is the postal code
      await typeInto('Avenida Central 100');
      await typeInto(''); // address2 is optional
      await typeInto('8312 3456');
      await sendKeys({ press: 'Tab' }); // "ship to my billing address" stays checked
      await sendKeys({ press: 'Tab' });
      expect(root(element).activeElement === submitButton(element), 'focus on the pay button').to.equal(true);

      const submitted = nextEvent(element, 'svc-submit');
      const redirected = nextEvent(element, 'svc-redirect');
      await sendKeys({ press: 'Enter' });
      await submitted;
      const redirect = await redirected;
      expect(redirect.mode).to.equal('redirect');
      expect(redirect.url).to.equal(bff.hostedUrl(orderNumber));
      expect(bff.requests.at(-1)!.body).to.deep.equal({
        billing: { ...costaRicanBilling, address2: '', telephone: '8312 3456' },
        sameAsBilling: true,
        locale: 'en',
      });
      expect(element.state).to.equal('redirecting');
      await element.updateComplete;
      expect(statusText(element)).to.equal('Taking you to the secure payment page…');
      await expectAccessible(element);
    });
  });

  describe('when a field is wrong', () => {
    it('shows nothing while typing, the error after the shopper leaves the changed field, and wires aria', async () => {
      const { element } = await mount();
      const email = field(element, 'billing', 'E-mail');
      email.focus();
      await sendKeys({ type: 'ana@' });
      await element.updateComplete;
      expect(email.getAttribute('aria-invalid')).to.equal('false');
      expect(email.hasAttribute('aria-describedby')).to.equal(false);
      await sendKeys({ press: 'Tab' });
      await element.updateComplete;
      expect(email.getAttribute('aria-invalid')).to.equal('true');
      expect(describedError(email)).to.equal('Enter an e-mail address like name@example.com.');
      // An untouched empty field stays quiet until a submit.
      expect(field(element, 'billing', 'Canton').getAttribute('aria-invalid')).to.equal('false');
      await expectAccessible(element);

      email.focus();
      await sendKeys({ press: 'End' });
      await sendKeys({ type: 'example.com' });
      await element.updateComplete;
      expect(email.getAttribute('aria-invalid')).to.equal('false');
      expect(describedError(email)).to.equal(undefined);
    });

    it('on submit shows every error, focuses the first invalid field, announces the count and sends nothing', async () => {
      const { element, bff } = await mount();
      let submits = 0;
      element.addEventListener('svc-submit', () => (submits += 1));
      submitButton(element).click();
      await eventually(() => field(element, 'billing', 'First name').getAttribute('aria-invalid') === 'true');
      expect(root(element).activeElement === field(element, 'billing', 'First name'), 'focus on the first name').to.equal(true);
      // Seven: the country is already chosen (the order's currency is CRC), and a Costa Rican postal code is optional.
      expect(statusText(element)).to.equal('Please fix 7 fields.');
      expect(describedError(field(element, 'billing', 'Canton'))).to.equal('Choose an option for “Canton”.');
      expect(describedError(field(element, 'billing', 'First name'))).to.equal('Enter your first name.');
      expect(submits).to.equal(0);
      expect(bff.calls('checkout')).to.equal(0);
      expect(element.state).to.equal('idle');
      await expectAccessible(element);
    });

    it('reset() returns to the session prefill with no errors shown', async () => {
      const { element } = await mount({ prefilled: true });
      const firstName = field(element, 'billing', 'First name');
      firstName.focus();
      await sendKeys({ press: 'End' });
      for (let i = 0; i < 3; i += 1) await sendKeys({ press: 'Backspace' });
      submitButton(element).click();
      await eventually(() => firstName.getAttribute('aria-invalid') === 'true');
      element.reset();
      await element.updateComplete;
      expect(field(element, 'billing', 'First name').value).to.equal('Ana');
      expect(root(element).querySelectorAll('[aria-invalid="true"]').length).to.equal(0);
      expect(statusText(element)).to.equal('');
    });
  });

  describe('when code sets properties', () => {
    it('fires no event; only the shopper submitting does', async () => {
      const { element, bff } = await mount({ prefilled: true });
      const fired: string[] = [];
      for (const name of ['svc-ready', 'svc-submit', 'svc-redirect', 'svc-status', 'svc-approved', 'svc-declined', 'svc-error']) {
        element.addEventListener(name, () => fired.push(name));
      }
      element.locale = 'es';
      element.noShipping = true;
      element.mode = 'popup';
      element.mode = 'redirect';
      element.theme = 'dark';
      element.reset();
      // What the changes cause has happened (the Spanish words arrived and show) and fired nothing.
      await eventually(() => /^Pagar\b/.test(text(submitButton(element)) ?? ''), 'the Spanish text did not come');
      expect(fired).to.deep.equal([]);
      expect(bff.requests.map((request) => request.route)).to.deep.equal(['getSession']);

      stayOnPage(element);
      const submitted = nextEvent(element, 'svc-submit');
      submitButton(element).click();
      const event = await submitted;
      expect(event.bubbles && event.composed).to.equal(true);
      await nextEvent(element, 'svc-redirect');
      expect(fired).to.deep.equal(['svc-submit', 'svc-redirect']);
    });

    it('lets the page cancel the checkout from svc-submit', async () => {
      const { element, bff } = await mount({ prefilled: true });
      element.addEventListener('svc-submit', (event) => event.preventDefault());
      const submitted = nextEvent(element, 'svc-submit');
      submitButton(element).click();
      await submitted;
      // The checkout request would leave in the same task as the event; none did.
      await element.updateComplete;
      expect(bff.calls('checkout')).to.equal(0);
      expect(element.state).to.equal('idle');
    });
  });

  describe('when the locale changes', () => {
    it('switches the text, the money format and the country names', async () => {
      const { element } = await mount({ prefilled: true });
      expect(text(submitButton(element))).to.equal('Pay CRC 12,500.00');
      expect(field<HTMLSelectElement>(element, 'billing', 'Country').selectedOptions[0]?.textContent).to.equal('Costa Rica');
      element.locale = 'pt-BR';
      // Portuguese is a lazy part of the widget: it arrives, then the element speaks it.
      await eventually(() => text(submitButton(element)) === 'Pagar CRC 12.500,00', 'the Portuguese text did not come');
      expect(text(root(element).querySelector('[part="summary"] strong'))).to.equal('CRC 12.500,00');
      expect(field<HTMLSelectElement>(element, 'billing', 'País').options[14]?.textContent).to.equal('Brasil');
      expect(root(element).querySelector('legend')?.textContent).to.equal('Endereço de cobrança');
      element.locale = 'es-MX';
      await eventually(() => text(submitButton(element)) === 'Pagar CRC 12,500.00', 'the Spanish text did not come');
      expect(text(root(element).querySelector('[part="summary"] strong'))).to.equal('CRC 12,500.00');
      expect(field(element, 'billing', 'Teléfono o celular')).to.exist;
      expect(root(element).querySelector('[lang]')?.getAttribute('lang')).to.equal('es-MX');
      await expectAccessible(element);
    });
  });

  describe('when shipping differs from billing', () => {
    it('asks for a shipping address once the shopper unticks the box, and not with no-shipping', async () => {
      const { element } = await mount({ prefilled: true });
      expect(root(element).querySelector('fieldset[part="shipping"]')).to.equal(null);
      root(element).querySelector<HTMLInputElement>('[part="same-as-billing"] input')!.click();
      await element.updateComplete;
      expect(root(element).querySelector('fieldset[part="shipping"] legend')?.textContent).to.equal('Shipping address');
      await expectAccessible(element);

      const digital = await mount({ prefilled: true, noShipping: true });
      expect(root(digital.element).querySelector('[part="same-as-billing"]')).to.equal(null);
      expect(root(digital.element).querySelector('fieldset[part="shipping"]')).to.equal(null);
    });
  });
});
