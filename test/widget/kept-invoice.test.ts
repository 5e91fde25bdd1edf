// The invoice request is kept with the typed address: a reload, and a decline followed by "Try
// again" on a separate thank-you page (a merchant session, the element without `session`), bring it
// back ticked and filled. The invoice's name and e-mail follow billing until the shopper types their
// own, and a mistyped e-mail domain gets a "did you mean" the shopper can accept with one tap.
// Against a fake BFF; the real hosted page round trip is test/e2e/widget-kept-work.spec.ts.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { costaRicanBilling } from './support/buyer.ts';
import { eventually, field, nextEvent, root, submitButton, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { fillBilling, returnFromHostedPage, shownBilling, submitToHostedPage } from './support/hosted-trip.ts';
import { chooseIdType, description, erase, invoiceField, requestBox, reveal, typeInto } from './support/invoice-parts.ts';

async function checkoutPage(bff: FakeBff, sessionToken: string, locale = 'en'): Promise<SvcCheckout> {
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale=${locale} no-shipping></svc-checkout>`);
  await waitForState(element, 'idle');
  // The invoice form is a lazy part: it appears once loaded, right after the form.
  await eventually(() => requestBox(element) !== null, 'the invoice checkbox did not appear');
  return element;
}

/** The merchant's thank-you page: the element with the BFF only; the session stayed on the checkout page. */
function thankYouPage(bff: FakeBff, locale = 'en'): Promise<SvcCheckout> {
  return fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} locale=${locale} no-shipping></svc-checkout>`);
}

async function requestInvoice(element: SvcCheckout) {
  await reveal(element);
  await chooseIdType(element, 'ID type', '01');
  await typeInto(invoiceField(element, 'ID number'), '1-0234-0567');
}

/** A merchant session that offers the invoice (no prefill); the shopper types billing and asks for one. */
async function typedCheckout(bff: FakeBff): Promise<{ sessionToken: string; orderNumber: string; element: SvcCheckout }> {
  const { sessionToken, orderNumber } = bff.session({ invoice: true });
  const element = await checkoutPage(bff, sessionToken);
  await fillBilling(element);
  await requestInvoice(element);
  return { sessionToken, orderNumber, element };
}

function shownInvoice(element: SvcCheckout) {
  return {
    requested: requestBox(element)?.checked,
    idType: invoiceField<HTMLSelectElement>(element, 'ID type').value,
    idNumber: invoiceField(element, 'ID number').value,
    name: invoiceField(element, 'Legal name').value,
    email: invoiceField(element, 'Invoice e-mail').value,
  };
}

/** The body of the element's last checkout request, as the BFF received it. */
function lastCheckout(bff: FakeBff) {
  const request = bff.requests.filter((candidate) => candidate.route === 'checkout').at(-1)!;
  return { token: request.token, body: request.body as { invoice?: Record<string, string> } };
}

const billingName = `${costaRicanBilling.firstName} ${costaRicanBilling.lastName}`;

describe('the kept invoice request', () => {
  let bff: FakeBff;
  beforeEach(() => (bff = new FakeBff()));
  beforeEach(() => sessionStorage.clear());
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  describe('when the page reloads before paying', () => {
    it('comes back ticked, with the ID typed and the name the shopper typed; axe passes', async () => {
      const { sessionToken, element: first } = await typedCheckout(bff);
      await erase(invoiceField(first, 'Legal name'));
      await typeInto(invoiceField(first, 'Legal name'), 'Café del Valle S.A.');
      first.remove();

      const reloaded = await checkoutPage(bff, sessionToken);
      await eventually(() => requestBox(reloaded)?.checked === true, 'the invoice request was not kept');
      expect(shownInvoice(reloaded)).to.deep.equal({
        requested: true,
        idType: '01',
        idNumber: '1-0234-0567',
        name: 'Café del Valle S.A.',
        email: costaRicanBilling.email,
      });
      await expectAccessible(reloaded);
    });
  });

  describe('when a decline brings the shopper back to a separate thank-you page', () => {
    it('"Try again" reopens the order there with the address and the invoice request, and pays again', async () => {
      const { sessionToken, orderNumber, element: checkout } = await typedCheckout(bff);
      await submitToHostedPage(checkout);
      checkout.remove();
      bff.orderStatuses(orderNumber, FakeBff.declined());
      returnFromHostedPage(orderNumber);

      const thanks = await thankYouPage(bff);
      await waitForState(thanks, 'declined');
      await expectAccessible(thanks);
      root(thanks).querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
      await waitForState(thanks, 'idle');
      await eventually(() => requestBox(thanks)?.checked === true, 'the invoice request did not come back');
      expect(shownBilling(thanks)).to.deep.equal(costaRicanBilling);
      const invoice = { idType: '01', idNumber: '1-0234-0567', name: billingName, email: costaRicanBilling.email };
      expect(shownInvoice(thanks)).to.deep.equal({ requested: true, ...invoice });
      await expectAccessible(thanks);

      // The next attempt of the same order (the merchant's session), from the thank-you page.
      const retried = await submitToHostedPage(thanks);
      expect(retried).to.equal(bff.hostedUrl(orderNumber, 2));
      expect(thanks.state).to.equal('redirecting');
      expect(lastCheckout(bff).token).to.equal(sessionToken);
      // As the BFF reads it: its schema drops the dashes from the ID number.
      expect(lastCheckout(bff).body.invoice).to.deep.equal({ ...invoice, idNumber: '102340567' });
    });
  });

  describe('when the shopper has typed billing', () => {
    it('prefills the invoice name and e-mail from billing until the shopper edits them', async () => {
      const { sessionToken } = bff.session({ invoice: true });
      const element = await checkoutPage(bff, sessionToken);
      await fillBilling(element);
      await reveal(element);
      expect(invoiceField(element, 'Legal name').value).to.equal(billingName);
      expect(invoiceField(element, 'Invoice e-mail').value).to.equal(costaRicanBilling.email);

      const firstName = field(element, 'billing', 'First name');
      firstName.value = 'Ana María';
      firstName.dispatchEvent(new Event('input'));
      await element.updateComplete;
      expect(invoiceField(element, 'Legal name').value).to.equal(`Ana María ${costaRicanBilling.lastName}`);

      await erase(invoiceField(element, 'Invoice e-mail'));
      await typeInto(invoiceField(element, 'Invoice e-mail'), 'facturas@empresa.cr');
      const email = field(element, 'billing', 'E-mail');
      email.value = 'otra@example.com';
      email.dispatchEvent(new Event('input'));
      await element.updateComplete;
      expect(invoiceField(element, 'Invoice e-mail').value).to.equal('facturas@empresa.cr');
    });
  });

  describe('when the invoice e-mail has a mistyped domain', () => {
    it('suggests the likely address beside the field; one tap takes it; axe passes', async () => {
      const { sessionToken } = bff.session({ invoice: true });
      const element = await checkoutPage(bff, sessionToken, 'es-CR');
      await fillBilling(element);
      await reveal(element);
      const email = invoiceField(element, 'Correo para la factura');
      await erase(email);
      await typeInto(email, 'ana@gmial.con');
      const hint = root(element).querySelector('[part="email-suggestion"]');
      expect(hint?.textContent?.replace(/\s+/g, ' ').trim()).to.equal('¿Quiso decir ana@gmail.com?');
      expect(description(email)).to.contain('¿Quiso decir ana@gmail.com?');
      await expectAccessible(element);

      hint!.querySelector('button')!.click();
      await element.updateComplete;
      expect(email.value).to.equal('ana@gmail.com');
      expect(root(element).querySelector('[part="email-suggestion"]')).to.equal(null);
    });

    it('never holds the payment back: a hinted address is sent as typed', async () => {
      const { orderNumber, element } = await typedCheckout(bff);
      const email = invoiceField(element, 'Invoice e-mail');
      await erase(email);
      await typeInto(email, 'ana@example.con');
      expect(root(element).querySelector('[part="email-suggestion"]')).to.not.equal(null);
      element.addEventListener('svc-redirect', (event) => event.preventDefault(), { once: true });
      const redirect = nextEvent(element, 'svc-redirect');
      submitButton(element).click();
      expect((await redirect).url).to.equal(bff.hostedUrl(orderNumber));
      expect(lastCheckout(bff).body.invoice?.email).to.equal('ana@example.con');
    });
  });
});
