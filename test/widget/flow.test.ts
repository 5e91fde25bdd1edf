// Submitting against a fake BFF (support/fake-bff.ts): a slow answer, the BFF refusing a field,
// expired and catalog sessions. Every state reached is checked with axe.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { describedError, field, nextEvent, root, statusText, submitButton, eventually, waitForState } from './support/element-parts.ts';
import { FakeBff, fieldProblem } from './support/fake-bff.ts';
import { costaRicanBilling } from './support/buyer.ts';

const costaRica = costaRicanBilling;
const guatemala = { ...costaRica, country: 'GT', state: 'GT-03', city: 'Antigua', zip: '03001', telephone: '2222 3333' };

async function mount(bff: FakeBff, prefill: object, locale = 'en') {
  const { sessionToken, orderNumber } = bff.session({ prefill });
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale=${locale}></svc-checkout>`);
  await waitForState(element, 'idle');
  element.addEventListener('svc-redirect', (event) => event.preventDefault());
  await eventually(() => !(root(element).getElementById('billing-state') as HTMLSelectElement).disabled, 'states did not load');
  return { element, orderNumber };
}

describe('submitting', () => {
  describe('when the BFF is slow to answer the checkout', () => {
    it('stays in submitting with the form disabled, then redirects', async () => {
      const bff = new FakeBff();
      const { element, orderNumber } = await mount(bff, { billing: costaRica });
      const slow = bff.hold('checkout');
      const redirected = nextEvent(element, 'svc-redirect');
      submitButton(element).click();
      await slow.arrived;
      await waitForState(element, 'submitting');
      expect(statusText(element)).to.equal('Sending your details…');
      expect(submitButton(element).disabled).to.equal(true);
      expect(root(element).querySelector<HTMLFieldSetElement>('fieldset[part="billing"]')!.disabled).to.equal(true);
      await expectAccessible(element);
      slow.release();
      expect((await redirected).url).to.equal(bff.hostedUrl(orderNumber));
      expect(element.state).to.equal('redirecting');
      expect(bff.calls('checkout')).to.equal(1);
    });
  });

  describe('when the BFF refuses a field the browser accepted', () => {
    it('shows the error from problem+json `billing.state` on the billing state field and focuses it', async () => {
      const bff = new FakeBff();
      const { element } = await mount(bff, { billing: guatemala });
      bff.answerOnce('checkout', fieldProblem('billing.state', 'state_not_in_country'));
      submitButton(element).click();
      await eventually(() => element.state === 'idle' && statusText(element) !== '', 'no server answer shown');
      const state = field<HTMLSelectElement>(element, 'billing', 'State');
      expect(state.getAttribute('aria-invalid')).to.equal('true');
      expect(describedError(state)).to.equal('Choose a state or province of the selected country.');
      expect(root(element).activeElement === state, 'focus on the state').to.equal(true);
      expect(statusText(element)).to.equal('Please fix 1 field.');
      expect(field(element, 'billing', 'City').getAttribute('aria-invalid')).to.equal('false');
      await expectAccessible(element);

      // Choosing another state clears the server's error at once.
      state.value = 'GT-01';
      state.dispatchEvent(new Event('change'));
      await element.updateComplete;
      expect(state.getAttribute('aria-invalid')).to.equal('false');
    });

    it('shows `shipping.state` on the shipping state field, not the billing one', async () => {
      const bff = new FakeBff();
      const { element } = await mount(bff, { billing: costaRica, shipping: guatemala }, 'es-CR');
      await eventually(() => !(root(element).getElementById('shipping-state') as HTMLSelectElement | null)?.disabled);
      bff.answerOnce('checkout', fieldProblem('shipping.state', 'state_not_in_country'));
      submitButton(element).click();
      await eventually(() => element.state === 'idle' && statusText(element) !== '', 'no server answer shown');
      const shippingState = root(element).getElementById('shipping-state')!;
      expect(shippingState.getAttribute('aria-invalid')).to.equal('true');
      expect(describedError(shippingState)).to.equal('Elija una provincia o estado del país seleccionado.');
      expect(root(element).getElementById('billing-state')!.getAttribute('aria-invalid')).to.equal('false');
    });
  });

  describe('when the session has expired', () => {
    it('says so clearly, fires svc-error session-expired and shows no form', async () => {
      const bff = new FakeBff();
      const errorEvent = nextEvent(document, 'svc-error');
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${bff.expiredSession()} locale="es"></svc-checkout>`);
      expect((await errorEvent).code).to.equal('session-expired');
      await waitForState(element, 'expired');
      expect(statusText(element)).to.equal('Este pago expiró. Recargue la página para empezar de nuevo.');
      expect(root(element).querySelector('form')).to.equal(null);
      await expectAccessible(element);
    });
  });

  describe('when the page gives catalog items instead of a session', () => {
    it('creates the session itself and shows the server-priced total', async () => {
      const bff = new FakeBff();
      const ready = nextEvent(document, 'svc-ready');
      const element = await fixture<SvcCheckout>(
        html`<svc-checkout bff=${bff.url} items='[{"sku":"CR-COFFEE-500","quantity":2}]' locale="es-CR"></svc-checkout>`,
      );
      expect((await ready).orderNumber).to.be.a('string').and.not.equal('');
      await waitForState(element, 'idle');
      expect(bff.requests.map((request) => request.route)).to.deep.equal(['createSession']);
      expect(bff.requests[0]!.body).to.deep.include({ items: [{ sku: 'CR-COFFEE-500', quantity: 2 }], locale: 'es-CR' });
      expect(root(element).querySelector('[part="summary"] strong')?.textContent?.replace(/\s/g, ' ')).to.equal('₡13 000,00');
      await expectAccessible(element);
    });
  });

  describe('when a catalog session expires before the shopper submits', () => {
    it('makes a new session (a new order), keeps the details, and the payment goes on without a word about an expired payment', async () => {
      const bff = new FakeBff();
      const element = await fixture<SvcCheckout>(
        html`<svc-checkout bff=${bff.url} items='[{"sku":"CR-COFFEE-500","quantity":1}]' locale="en"></svc-checkout>`,
      );
      const ready = nextEvent(element, 'svc-ready');
      await waitForState(element, 'idle');
      const firstOrder = (await ready).orderNumber;
      element.addEventListener('svc-redirect', (event) => event.preventDefault());
      const submittedOrders: string[] = [];
      element.addEventListener('svc-submit', (event) => submittedOrders.push(event.orderNumber));
      // Each level's options come with the one above it (Costa Rica's provincia → cantón → distrito).
      const fill = async (label: string, value: string) => {
        const control = field<HTMLInputElement | HTMLSelectElement>(element, 'billing', label);
        control.value = value;
        control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input'));
        await element.updateComplete;
      };
      await fill('First name', costaRica.firstName);
      await fill('Last name', costaRica.lastName);
      await fill('E-mail', costaRica.email);
      await fill('Country', 'CR');
      await eventually(() => root(element).querySelector('[part~="canton"]') !== null && !(root(element).getElementById('billing-state') as HTMLSelectElement).disabled);
      await fill('Province', 'CR-SJ');
      await fill('Canton', costaRica.city);
      await fill('District', costaRica.zip);
      await fill('Directions', costaRica.address);
      await fill('Phone', costaRica.telephone);
      // The session lapses while the shopper types: the BFF answers the checkout with its 401 session-expired.
      bff.expireAll();

      const redirected = nextEvent(element, 'svc-redirect');
      await element.submit();
      await redirected;
      expect(element.state).to.equal('redirecting');
      expect(field(element, 'billing', 'First name').value).to.equal('Ana');
      expect(statusText(element)).to.not.match(/expired/i);
      expect(bff.requests.map((request) => request.route)).to.deep.equal(['createSession', 'checkout', 'createSession', 'checkout']);
      expect(submittedOrders.length).to.equal(2);
      expect(submittedOrders[0]).to.equal(firstOrder);
      expect(submittedOrders[1]).to.not.equal(firstOrder);
    });
  });
});
