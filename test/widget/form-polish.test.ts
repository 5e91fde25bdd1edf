// The form's details a shopper notices: a red border on every invalid control, a sensible country
// already chosen, states in alphabetical order, postal codes checked per country, no page jump
// while loading, what they are buying, and a button that says what it does.
import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { describedError, field, leaveBillingField, root, submitButton, eventually, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';

async function merchantElement(locale: string, currency = 'CRC'): Promise<SvcCheckout> {
  const bff = new FakeBff();
  const { sessionToken } = bff.session(currency === 'CRC' ? {} : { currency, amount: '55.00' });
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale=${locale}></svc-checkout>`);
  await waitForState(element, 'idle');
  return element;
}

async function choose(element: SvcCheckout, label: string, value: string) {
  const select = field<HTMLSelectElement>(element, 'billing', label);
  select.value = value;
  select.dispatchEvent(new Event('change'));
  await element.updateComplete;
}

async function stateNames(element: SvcCheckout): Promise<string[]> {
  const select = field<HTMLSelectElement>(element, 'billing', 'State');
  await eventually(() => !select.disabled, 'the state list did not load');
  return [...select.options].slice(1).map((option) => option.textContent ?? '');
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  describe(`the form's polish (${viewport.name})`, () => {
    before(() => setViewport({ width: viewport.width, height: viewport.height }));
    beforeEach(() => sessionStorage.clear());

    it('draws the error border on invalid text inputs and selects alike', async () => {
      const element = await merchantElement('en');
      await element.submit();
      await element.updateComplete;
      const invalid = [...root(element).querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
      expect(invalid.map((control) => control.localName)).to.include.members(['input', 'select']);
      const errorColor = getComputedStyle(root(element).querySelector('.error')!).color;
      for (const control of invalid) {
        const style = getComputedStyle(control);
        expect([control.id, style.borderTopColor, style.borderTopWidth]).to.deep.equal([control.id, errorColor, '2px']);
      }
      await expectAccessible(element);
    });

    it('keeps the state placeholder whole in its select', async () => {
      const element = await merchantElement('en');
      const select = field<HTMLSelectElement>(element, 'billing', 'Province');
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = getComputedStyle(select).font;
      const room = select.clientWidth - 40; // padding and the arrow
      expect(context.measureText(select.options[0]!.textContent!).width).to.be.below(room);
    });

    it('holds the form height while loading: no jump when the form arrives', async () => {
      const bff = new FakeBff();
      const { sessionToken } = bff.session();
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
      expect(element.state).to.equal('loading');
      const loadingHeight = element.getBoundingClientRect().height;
      await expectAccessible(element);
      await waitForState(element, 'idle');
      const formHeight = element.getBoundingClientRect().height;
      expect(Math.abs(formHeight - loadingHeight) / formHeight).to.be.below(0.05);
    });
  });
}

describe('the country, states and postal code', () => {
  before(() => setViewport({ width: 1280, height: 800 }));
  beforeEach(() => sessionStorage.clear());

  it('preselects the country from the locale, else from the currency', async () => {
    expect(field<HTMLSelectElement>(await merchantElement('es-GT'), 'billing', 'País').value).to.equal('GT');
    expect(field<HTMLSelectElement>(await merchantElement('en'), 'billing', 'Country').value).to.equal('CR');
    expect(field<HTMLSelectElement>(await merchantElement('en', 'USD'), 'billing', 'Country').value).to.equal('US');
  });

  it('sorts states by name in the shopper language', async () => {
    const element = await merchantElement('en');
    await choose(element, 'Country', 'US');
    const names = await stateNames(element);
    expect(names.slice(0, 4)).to.deep.equal(['Alabama', 'Alaska', 'American Samoa', 'Arizona']);
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    expect([...names].sort(collator.compare)).to.deep.equal(names);
  });

  it('checks a Guatemalan postal code by its format, and leaves it optional where a country has none', async () => {
    const element = await merchantElement('en');
    await choose(element, 'Country', 'GT'); // a Costa Rican code is chosen as its district (costa-rica-address.test.ts)
    // The field is required before the format arrives (only a country known to have none makes it
    // optional); the format's numeric keyboard says it is here.
    await eventually(() => field<HTMLInputElement>(element, 'billing', 'Postal code').inputMode === 'numeric', "Guatemala's postal code format did not load");
    const zip = await leaveBillingField(element, 'Postal code', 'abc');
    expect(describedError(zip)).to.equal('Enter a 5-digit postal code, e.g. 01001.');
    await leaveBillingField(element, 'Postal code', '01001');
    expect(describedError(zip)).to.equal(undefined);

    await choose(element, 'Country', 'BO'); // Bolivia: no postal code format
    // Its format comes with the country (countries/BO.js), like its states.
    await eventually(() => !field<HTMLInputElement>(element, 'billing', 'Postal code').required, "Bolivia's postal code format did not load");
    await leaveBillingField(element, 'Postal code', '');
    expect(describedError(field(element, 'billing', 'Postal code'))).to.equal(undefined);
    expect(field(element, 'billing', 'Postal code').required).to.equal(false);
    expect(root(element).querySelector('label[for="billing-zip"]')!.textContent).to.contain('(optional)');
    await expectAccessible(element);
  });

  it("checks a phone with the chosen country's rules, and leaves a number of another country to the BFF", async () => {
    const element = await merchantElement('en');
    const phone = field(element, 'billing', 'Phone');
    phone.value = '888 8888';
    phone.dispatchEvent(new Event('input'));
    await element.submit();
    await element.updateComplete;
    expect(describedError(phone)).to.equal('Enter a phone number valid in the selected country.');
    phone.value = '+1 415 555 2671';
    phone.dispatchEvent(new Event('input'));
    await element.updateComplete;
    expect(describedError(phone)).to.equal(undefined);
    phone.value = '8312 3456';
    phone.dispatchEvent(new Event('input'));
    await element.updateComplete;
    expect(describedError(phone)).to.equal(undefined);
  });

  it("shows a merchant session's lines in the summary", async () => {
    const bff = new FakeBff();
    const { sessionToken } = bff.session({
      amount: '12500.00',
      lines: [
        { name: 'Coffee, 500 g', quantity: 2, unitAmount: '5000.00' },
        { name: 'Shipping', quantity: 1, unitAmount: '2500.00' },
      ],
    });
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
    await waitForState(element, 'idle');
    const lines = [...root(element).querySelectorAll('[part="lines"] li')].map((line) => line.textContent!.replace(/\s+/g, ' ').trim());
    expect(lines).to.deep.equal(['2 × Coffee, 500 gCRC 10,000.00', '1 × ShippingCRC 2,500.00']);
    await expectAccessible(element);
  });

  it('shows the order lines above the total, and says on the pay button the total it charges', async () => {
    const bff = new FakeBff();
    const items = '[{"sku":"CR-HAMMOCK","quantity":2}]';
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`);
    await waitForState(element, 'idle');
    const lines = [...root(element).querySelectorAll('[part="lines"] li')].map((line) =>
      [...line.children].map((cell) => cell.textContent!.replace(/\s+/g, ' ').trim()),
    );
    expect(lines).to.have.length(1);
    expect(lines[0]![0]).to.match(/^2 × \S/);
    expect(lines[0]).to.deep.equal(['2 × Cotton hammock', 'CRC 77,000.00']);
    const total = root(element).querySelector('[part="summary"] strong')!.textContent!.replace(/\s+/g, ' ');
    expect(total).to.match(/^CRC \d/);
    expect(submitButton(element).textContent!.replace(/\s+/g, ' ').trim()).to.equal(`Pay ${total}`);
    await expectAccessible(element);
  });
});
