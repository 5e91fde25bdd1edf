// Back from the gateway: the merchant page opens with `#svc-result=<status token>`, the element reads
// and clears it, polls the (fake) BFF and shows the outcome. What the BFF decides on the way back
// (a tampered hash approved on consult's word, a cancel recorded as a decline) is tested on the BFF
// (test/bff/return-verification.spec.ts, buyer-path.spec.ts); here the element shows what it answers.
// The real round trip through the sandbox's hosted page is test/e2e/demo-storefront.spec.ts.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import type { SvcStatusEvent } from '../../widget/events.ts';
import { expectAccessible } from './support/axe.ts';
import { eventually, nextEvent, root, statusText, waitForState } from './support/element-parts.ts';
import { FakeBff, statusTokenFor } from './support/fake-bff.ts';
import { checkoutToHostedPage, fillBilling, returnFromHostedPage } from './support/hosted-trip.ts';
import { ManualClock } from './support/manual-clock.ts';

/** The shopper presses "Try again", (re)types if asked, and leaves for the order's next hosted page. */
async function retryOnNextHostedPage(bff: FakeBff, element: SvcCheckout, declinedPage: string, options: { fill?: boolean } = {}) {
  root(element).querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
  await waitForState(element, 'idle');
  if (options.fill) await fillBilling(element);
  element.addEventListener('svc-redirect', (redirect) => redirect.preventDefault());
  const retried = nextEvent(element, 'svc-redirect');
  await element.submit();
  const retryUrl = (await retried).url;
  expect(retryUrl).to.not.equal(declinedPage);
  expect(bff.calls('checkout')).to.equal(2);
  return retryUrl;
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
  const types = ['svc-ready', 'svc-submit', 'svc-redirect', 'svc-status', 'svc-approved', 'svc-declined', 'svc-cancelled', 'svc-error'];
  for (const type of types) document.addEventListener(type, listener);
  return { names, statuses, stop: () => types.forEach((type) => document.removeEventListener(type, listener)) };
}

describe('returning from the hosted payment page', () => {
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  describe('when the payment was approved', () => {
    it('reads #svc-result, clears it from the address bar, and shows the approval', async () => {
      const bff = new FakeBff();
      const { orderNumber } = await checkoutToHostedPage(bff);
      bff.orderStatuses(orderNumber, { status: 'approved', auth: '123456' });
      returnFromHostedPage(orderNumber);
      const events = recordEvents();
      const approved = nextEvent(document, 'svc-approved');
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} locale="en"></svc-checkout>`);
      const approval = await approved;
      events.stop();
      expect(location.hash).to.equal('');
      await waitForState(element, 'approved');
      expect([approval.orderNumber, approval.amount, approval.currency, approval.auth]).to.deep.equal([orderNumber, '12500.00', 'CRC', '123456']);
      expect(statusText(element)).to.equal('Payment approved: CRC 12,500.00. Thank you!');
      expect(root(element).textContent).to.contain(`Order ${orderNumber}`);
      expect(events.statuses).to.deep.equal(['approved']);
      expect(events.names).to.deep.equal(['svc-status', 'svc-approved']);
      expect(root(element).querySelector('[part="retry-button"]')).to.equal(null);
      // The status token from the fragment is what the element shows the BFF.
      expect(bff.requests.at(-1)).to.deep.include({ route: 'getOrder', orderNumber });
      expect(bff.requests.at(-1)!.token).to.equal(statusTokenFor(orderNumber));
      await expectAccessible(element);
    });
  });

  describe('while the gateway has not decided', () => {
    let clock: ManualClock;
    beforeEach(() => (clock = new ManualClock().install()));
    afterEach(() => clock.uninstall());

    it('polls with backoff, shows the approval once, and asks nothing more after it', async () => {
      const bff = new FakeBff();
      const { orderNumber } = await checkoutToHostedPage(bff);
      bff.orderStatuses(orderNumber, { status: 'pending' }, { status: 'pending' }, { status: 'approved' });
      returnFromHostedPage(orderNumber);
      let approvals = 0;
      document.addEventListener('svc-approved', () => (approvals += 1));
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} locale="pt-BR"></svc-checkout>`);
      await eventually(() => element.state === 'polling' && clock.pending() === 1, 'the first answer did not come');
      expect(bff.calls('getOrder')).to.equal(1);
      await clock.tick(1000);
      await eventually(() => clock.pending() === 1, 'no next poll was planned');
      expect(bff.calls('getOrder')).to.equal(2);
      await clock.tick(1500);
      await waitForState(element, 'approved');
      await clock.tick(10 * 60_000);
      expect(bff.calls('getOrder')).to.equal(3);
      expect(approvals).to.equal(1);
      await expectAccessible(element);
    });

    it('stays in returned, telling the shopper it is checking, while the BFF cannot be reached; then says so', async () => {
      const bff = new FakeBff();
      const { orderNumber } = await checkoutToHostedPage(bff);
      bff.answer('getOrder', () => 'network-error');
      returnFromHostedPage(orderNumber);
      const error = nextEvent(document, 'svc-error');
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} locale="en"></svc-checkout>`);
      await eventually(() => bff.calls('getOrder') === 1 && clock.pending() === 1, 'the first poll did not fail');
      expect(element.state).to.equal('returned');
      expect(location.hash).to.equal('');
      expect(statusText(element)).to.equal('Welcome back. Checking your payment…');
      await expectAccessible(element);
      // Six retries over 1 + 1.5 + 2.25 + 3.375 + 5.06 + 7.59 s, then it gives up.
      await clock.tick(60_000);
      expect(bff.calls('getOrder')).to.equal(7);
      expect((await error).code).to.equal('network');
      await waitForState(element, 'error');
      await clock.tick(10 * 60_000);
      expect(bff.calls('getOrder')).to.equal(7);
    });
  });

  describe('when the payment was declined', () => {
    it('with a merchant session, explains the decline in the shopper language and takes another card on the same order', async () => {
      const bff = new FakeBff();
      const { hostedUrl, sessionToken, orderNumber } = await checkoutToHostedPage(bff);
      bff.orderStatuses(orderNumber, FakeBff.declined('insufficient_funds', 'en'));
      returnFromHostedPage(orderNumber);
      const declined = nextEvent(document, 'svc-declined');
      // The merchant page renders the element with its session again, as it did before paying.
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="es-CR"></svc-checkout>`);
      const event = await declined;
      await waitForState(element, 'declined');
      // The shared catalog's message in the page's language (the attempt was made in English).
      expect(statusText(element)).to.equal('La tarjeta no tiene fondos suficientes. Pruebe con otra tarjeta u otro medio de pago. No se cobró nada.');
      expect(event.reason).to.equal(statusText(element));
      await expectAccessible(element);
      const retryUrl = await retryOnNextHostedPage(bff, element, hostedUrl);
      expect(retryUrl).to.equal(bff.hostedUrl(orderNumber, 2));
      bff.orderStatuses(orderNumber, { status: 'approved' });
      returnFromHostedPage(orderNumber);
      await expectApprovedOnReturn(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="es-CR"></svc-checkout>`, event.orderNumber);
    });

    it('in catalog mode, retries the same order on a new hosted page', async () => {
      const bff = new FakeBff();
      const items = '[{"sku":"CR-HAMMOCK","quantity":1}]';
      const first = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`);
      await waitForState(first, 'idle');
      await fillBilling(first);
      first.addEventListener('svc-redirect', (event) => event.preventDefault());
      const firstRedirect = nextEvent(first, 'svc-redirect');
      await first.submit();
      const hostedUrl = (await firstRedirect).url;
      first.remove();
      const orderNumber = (bff.requests.find((request) => request.route === 'checkout')!.token ?? '').replace(/^session-/, '');
      bff.orderStatuses(orderNumber, FakeBff.declined());
      returnFromHostedPage(orderNumber);

      const declined = nextEvent(document, 'svc-declined');
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`);
      expect((await declined).orderNumber).to.equal(orderNumber);
      await waitForState(element, 'declined');
      await retryOnNextHostedPage(bff, element, hostedUrl, { fill: true });
      // The same order: the session kept across the hosted page, no new catalog session.
      expect(bff.calls('createSession')).to.equal(1);
      bff.orderStatuses(orderNumber, { status: 'approved' });
      returnFromHostedPage(orderNumber);
      await expectApprovedOnReturn(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`, orderNumber);
    });
  });

  describe('when the shopper cancelled on the hosted page', () => {
    // The BFF records an unsigned cancel as the decline consult reports (buyer-path.spec.ts).
    it('shows the decline the BFF answers, fires svc-declined, and offers another try', async () => {
      const bff = new FakeBff();
      const { sessionToken, orderNumber } = await checkoutToHostedPage(bff);
      bff.orderStatuses(orderNumber, FakeBff.declined('generic', 'en'));
      returnFromHostedPage(orderNumber);
      const events = recordEvents();
      const declined = nextEvent(document, 'svc-declined');
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="pt-BR"></svc-checkout>`);
      await declined;
      events.stop();
      await waitForState(element, 'declined');
      expect(statusText(element)).to.contain('Nada foi cobrado');
      expect(events.names).to.deep.equal(['svc-status', 'svc-declined']);
      expect(root(element).querySelector('[part="retry-button"]')).to.exist;
      await expectAccessible(element);
    });

    it('fires svc-cancelled when the BFF answers a cancel, and offers another try', async () => {
      const bff = new FakeBff();
      const { sessionToken, orderNumber } = await checkoutToHostedPage(bff);
      bff.orderStatuses(orderNumber, FakeBff.declined('cancelled', 'en'));
      returnFromHostedPage(orderNumber);
      const cancelled = nextEvent(document, 'svc-cancelled');
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
      const event = await cancelled;
      expect([event.orderNumber, event.canRetry]).to.deep.equal([orderNumber, true]);
      await eventually(() => statusText(element) !== '', 'no cancel notice');
      expect(statusText(element)).to.contain('No money was taken');
      expect(root(element).querySelector('[part="retry-button"]')).to.exist;
    });
  });
});
