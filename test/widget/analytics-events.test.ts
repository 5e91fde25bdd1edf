// What the merchant's analytics hear from the element, as a GA4 or Segment tag on the page would
// listen: the buyer's choice of method (add_payment_info's payment_type), the purchase with its
// items, method, paid amount and currency (GA4's purchase), and a refusal's category beside its
// words. Each field is on the event and in its `detail`. On the fake BFF.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import type { SvcMethodChangeEvent } from '../../widget/events.ts';
import { bankFailureMessage } from '../../contract/bank-failure-messages.ts';
import { nextEvent, root, submitButton, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { costaRicanBilling } from './support/buyer.ts';
import { fillBilling, returnFromHostedPage, submitToHostedPage } from './support/hosted-trip.ts';

const radio = (element: SvcCheckout, value: 'card' | 'sinpe_movil') => root(element).querySelector<HTMLInputElement>(`input[name="svc-method"][value="${value}"]`)!;

async function mountSinpeSession(bff = new FakeBff()) {
  const { sessionToken } = bff.session({ prefill: { billing: costaRicanBilling }, sinpeMovil: {}, lines: [{ sku: 'MUG', name: 'Taza', quantity: 2, unitAmount: '6250.00' }] });
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="es-CR"></svc-checkout>`);
  element.addEventListener('svc-redirect', (event) => event.preventDefault());
  await waitForState(element, 'idle');
  return { element, bff };
}

async function payBySinpe(element: SvcCheckout) {
  radio(element, 'sinpe_movil').click();
  const pending = nextEvent(element, 'svc-sinpe-pending');
  submitButton(element).click();
  return pending;
}

describe('the events the merchant\'s analytics hear', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  describe('svc-method-change', () => {
    it('fires on the buyer\'s choice with the method, not for the default shown at start', async () => {
      const heard: SvcMethodChangeEvent[] = [];
      document.addEventListener('svc-method-change', (event) => heard.push(event));
      try {
        const { element } = await mountSinpeSession();
        expect(heard).to.deep.equal([]);
        radio(element, 'sinpe_movil').click();
        await element.updateComplete;
        radio(element, 'card').click();
        await element.updateComplete;
        expect(heard.map((event) => [event.method, event.detail.method])).to.deep.equal([
          ['sinpe_movil', 'sinpe_movil'],
          ['card', 'card'],
        ]);
        expect(heard[0]!.bubbles && heard[0]!.composed).to.equal(true);
      } finally {
        heard.length = 0;
      }
    });
  });

  describe('svc-approved', () => {
    it('a catalog order paid by card after the hosted page: its items, the method, the amount and currency', async () => {
      const bff = new FakeBff();
      const items = '[{"sku":"CR-COFFEE-500","quantity":2},{"sku":"CR-HAMMOCK","quantity":1}]';
      const first = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`);
      await waitForState(first, 'idle');
      await fillBilling(first);
      const orderNumber = FakeBff.orderOfHostedUrl(await submitToHostedPage(first));
      first.remove();
      bff.orderStatuses(orderNumber, { status: 'approved', auth: '123456' });
      returnFromHostedPage(orderNumber);
      const approved = nextEvent(document, 'svc-approved');
      await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`);
      const event = await approved;
      const expected = {
        orderNumber,
        amount: '51500.00',
        currency: 'CRC',
        auth: '123456',
        method: 'card',
        items: [
          { sku: 'CR-COFFEE-500', name: 'Tarrazú coffee, 500 g', quantity: 2, price: '6500.00' },
          { sku: 'CR-HAMMOCK', name: 'Cotton hammock', quantity: 1, price: '38500.00' },
        ],
      };
      expect(event.detail).to.deep.equal(expected);
      expect({ orderNumber: event.orderNumber, amount: event.amount, currency: event.currency, auth: event.auth, method: event.method, items: event.items }).to.deep.equal(expected);
    });

    it('a SINPE Móvil transfer: what was paid (below the order\'s amount), the method and the session\'s lines', async () => {
      const { element, bff } = await mountSinpeSession();
      const pending = await payBySinpe(element);
      const approved = nextEvent(element, 'svc-approved');
      bff.orderStatuses(pending.orderNumber, { status: 'approved', paid: { amount: '12499.00', currency: 'CRC', discount: '1.00' } });
      const { detail } = await approved;
      expect(detail).to.deep.include({ orderNumber: pending.orderNumber, amount: '12499.00', currency: 'CRC', method: 'sinpe_movil' });
      expect(detail.items).to.deep.equal([{ sku: 'MUG', name: 'Taza', quantity: 2, price: '6250.00' }]);
    });

    it('a merchant session without lines: no items, and the rest all there', async () => {
      const bff = new FakeBff();
      const { sessionToken } = bff.session({ prefill: { billing: costaRicanBilling }, sinpeMovil: {} });
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
      await waitForState(element, 'idle');
      const pending = await payBySinpe(element);
      const approved = nextEvent(element, 'svc-approved');
      bff.orderStatuses(pending.orderNumber, { status: 'approved', paid: { amount: '12500.00', currency: 'CRC', discount: '0.00' } });
      const { detail } = await approved;
      expect(detail).to.deep.equal({ orderNumber: pending.orderNumber, amount: '12500.00', currency: 'CRC', auth: undefined, method: 'sinpe_movil', items: undefined });
    });
  });

  describe('svc-declined', () => {
    it('a card decline: the message and the decline catalog\'s category', async () => {
      const bff = new FakeBff();
      const { sessionToken, orderNumber } = bff.session({ prefill: { billing: costaRicanBilling } });
      const first = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
      await waitForState(first, 'idle');
      await submitToHostedPage(first);
      first.remove();
      bff.orderStatuses(orderNumber, FakeBff.declined('insufficient_funds'));
      returnFromHostedPage(orderNumber);
      const declined = nextEvent(document, 'svc-declined');
      await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
      const event = await declined;
      expect(event.category).to.equal('insufficient_funds');
      expect(event.detail).to.deep.equal({ orderNumber, reason: event.reason, category: 'insufficient_funds', method: 'card' });
      expect(event.reason).to.be.a('string').and.not.equal('');
    });

    it('a transfer the bank refused: the bank\'s category', async () => {
      const { element, bff } = await mountSinpeSession();
      const pending = await payBySinpe(element);
      const declined = nextEvent(element, 'svc-declined');
      bff.orderStatuses(pending.orderNumber, { status: 'declined', canRetry: true, message: bankFailureMessage('phone_not_usable', 'es'), bankFailure: 'phone_not_usable' });
      const { detail } = await declined;
      expect(detail).to.deep.equal({ orderNumber: pending.orderNumber, reason: bankFailureMessage('phone_not_usable', 'es'), category: 'phone_not_usable', method: 'sinpe_movil' });
    });

    it('a transfer whose time ran out is no decline: svc-lapsed, never svc-declined', async () => {
      const { element, bff } = await mountSinpeSession();
      const pending = await payBySinpe(element);
      let declines = 0;
      element.addEventListener('svc-declined', () => (declines += 1));
      const lapsed = nextEvent(element, 'svc-lapsed');
      bff.orderStatuses(pending.orderNumber, { status: 'expired', canRetry: true, message: bankFailureMessage('expired', 'es') });
      expect((await lapsed).detail).to.deep.equal({ orderNumber: pending.orderNumber, reason: bankFailureMessage('expired', 'es'), canRetry: true, method: 'sinpe_movil' });
      // svc-lapsed fires in the move to the outcome, where svc-declined would have.
      expect(declines).to.equal(0);
      expect(element.state).to.equal('lapsed');
    });
  });
});
