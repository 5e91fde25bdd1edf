// Back from the gateway: the merchant page opens with `#svc-result=<status token>` (made by the real
// BFF after the buyer paid on the real sandbox's hosted page), the element reads and clears it,
// polls and shows the outcome.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import type { SvcStatusEvent } from '../../widget/events.ts';
import { expectAccessible } from './support/axe.ts';
import { nextEvent, root, statusText, waitForState } from './support/element-parts.ts';
import { arriveAt, checkoutToHostedPage, fillBilling } from './support/hosted-trip.ts';
import { cards, payAndReturn, stack } from './support/stack.ts';

/** The shopper presses "Try again", (re)types if asked, pays the new hosted page with a good card. */
async function retryAndPayWithAnotherCard(element: SvcCheckout, declinedPage: string, options: { fill?: boolean } = {}) {
  root(element).querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
  await waitForState(element, 'idle');
  if (options.fill) await fillBilling(element);
  element.addEventListener('svc-redirect', (redirect) => redirect.preventDefault());
  const retried = nextEvent(element, 'svc-redirect');
  await element.submit();
  const retryUrl = (await retried).url;
  expect(retryUrl).to.not.equal(declinedPage);
  arriveAt((await payAndReturn(retryUrl, cards.approved)).landing);
}

/** Back on the merchant page: the element shows the approval of the same order. */
async function expectApprovedOnReturn(template: ReturnType<typeof html>, orderNumber: string) {
  const approved = nextEvent(document, 'svc-approved');
  const element = await fixture<SvcCheckout>(template);
  expect((await approved).orderNumber).to.equal(orderNumber);
  await waitForState(element, 'approved');
}

function recordEvents(): { names: string[]; statuses: string[]; stop: () => void } {
  const names: string[] = [];
  const statuses: string[] = [];
  const listener = (event: Event) => {
    names.push(event.type);
    if (event.type === 'svc-status') statuses.push((event as SvcStatusEvent).status);
  };
  const types = ['svc-ready', 'svc-submit', 'svc-redirect', 'svc-status', 'svc-approved', 'svc-declined', 'svc-error'];
  for (const type of types) document.addEventListener(type, listener);
  return { names, statuses, stop: () => types.forEach((type) => document.removeEventListener(type, listener)) };
}

describe('returning from the hosted payment page', function () {
  this.timeout(30_000);

  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  describe('when the payment was approved', () => {
    it('reads #svc-result, clears it from the address bar, and shows the approval', async () => {
      const { hostedUrl } = await checkoutToHostedPage();
      const { landing } = await payAndReturn(hostedUrl, cards.approved);
      expect(landing).to.contain('#svc-result=');
      arriveAt(landing);
      const events = recordEvents();
      const approved = nextEvent(document, 'svc-approved');
      const { bff } = await stack();
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} locale="en"></svc-checkout>`);
      const approval = await approved;
      events.stop();
      expect(location.hash).to.equal('');
      await waitForState(element, 'approved');
      expect(approval.currency).to.equal('CRC');
      expect(approval.amount).to.equal('12500.00');
      expect(statusText(element)).to.equal('Payment approved: CRC 12,500.00. Thank you!');
      expect(root(element).textContent).to.contain(`Order ${approval.orderNumber}`);
      expect(events.statuses).to.deep.equal(['approved']);
      expect(events.names).to.deep.equal(['svc-status', 'svc-approved']);
      expect(root(element).querySelector('[part="retry-button"]')).to.equal(null);
      await expectAccessible(element);
    });
  });

  describe('when the payment was declined', () => {
    it('with a merchant session, explains the decline in the shopper language and takes another card on the same order', async () => {
      const { hostedUrl, sessionToken } = await checkoutToHostedPage();
      const { landing } = await payAndReturn(hostedUrl, cards.declined);
      arriveAt(landing);
      const declined = nextEvent(document, 'svc-declined');
      const { bff } = await stack();
      // The merchant page renders the element with its session again, as it did before paying.
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} session=${sessionToken} locale="es-CR"></svc-checkout>`);
      const event = await declined;
      await waitForState(element, 'declined');
      // The shared catalog's message in the page's language (the attempt was made in English), never the gateway's text.
      expect(statusText(element)).to.match(/^[^()]*No se cobró nada\.$/);
      expect(statusText(element)).to.not.contain('denied');
      expect(event.reason).to.equal(statusText(element));
      await expectAccessible(element);
      await retryAndPayWithAnotherCard(element, hostedUrl);
      await expectApprovedOnReturn(html`<svc-checkout bff=${bff} session=${sessionToken} locale="es-CR"></svc-checkout>`, event.orderNumber);
    });

    it('in catalog mode, retries the same order on a new hosted page that takes another card', async () => {
      const { bff } = await stack();
      const items = '[{"sku":"CR-HAMMOCK","quantity":1}]';
      const first = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} items=${items} locale="en"></svc-checkout>`);
      await waitForState(first, 'idle');
      await fillBilling(first);
      first.addEventListener('svc-redirect', (event) => event.preventDefault());
      const firstRedirect = nextEvent(first, 'svc-redirect');
      await first.submit();
      const hostedUrl = (await firstRedirect).url;
      const { landing } = await payAndReturn(hostedUrl, cards.declined);
      arriveAt(landing);

      const declined = nextEvent(document, 'svc-declined');
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} items=${items} locale="en"></svc-checkout>`);
      const { orderNumber } = await declined;
      await waitForState(element, 'declined');
      await retryAndPayWithAnotherCard(element, hostedUrl, { fill: true });
      await expectApprovedOnReturn(html`<svc-checkout bff=${bff} items=${items} locale="en"></svc-checkout>`, orderNumber);
    });
  });

  describe('when the shopper cancelled on the hosted page', () => {
    // The redirect's cancel flag is not signed, so only consult's record speaks: a decline.
    it('shows the decline the gateway recorded, fires svc-declined, and offers another try', async () => {
      const { hostedUrl, sessionToken } = await checkoutToHostedPage();
      const { landing } = await payAndReturn(hostedUrl, cards.approved, { cancel: true });
      arriveAt(landing);
      const declined = nextEvent(document, 'svc-declined');
      let cancels = 0;
      document.addEventListener('svc-cancelled', () => (cancels += 1), { once: true });
      const { bff } = await stack();
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} session=${sessionToken} locale="pt-BR"></svc-checkout>`);
      await declined;
      await waitForState(element, 'declined');
      expect(statusText(element)).to.contain('Nada foi cobrado');
      expect(cancels).to.equal(0);
      expect(root(element).querySelector('[part="retry-button"]')).to.exist;
      await expectAccessible(element);
    });
  });

  describe('when the redirect was tampered with', () => {
    it("shows consult's word: a genuine payment whose hash was altered is approved once, never parked in review", async () => {
      const { hostedUrl } = await checkoutToHostedPage();
      const { landing } = await payAndReturn(hostedUrl, cards.approved, { tamperHash: true });
      arriveAt(landing);
      let approvals = 0;
      document.addEventListener('svc-approved', () => (approvals += 1));
      const { bff } = await stack();
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} locale="pt-BR"></svc-checkout>`);
      await waitForState(element, 'approved');
      expect(approvals).to.equal(1);
      await expectAccessible(element);
    });
  });

  describe('when the BFF cannot be reached on return', () => {
    it('stays in returned, telling the shopper it is checking, while it retries', async () => {
      const { hostedUrl } = await checkoutToHostedPage();
      const { landing } = await payAndReturn(hostedUrl, cards.approved);
      arriveAt(landing);
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff="http://127.0.0.1:9" locale="en"></svc-checkout>`);
      await waitForState(element, 'returned');
      expect(location.hash).to.equal('');
      expect(statusText(element)).to.equal('Welcome back. Checking your payment…');
      await expectAccessible(element);
      element.remove(); // stops its polling
    });
  });
});
