// The amount follows the cart: new `items` (catalog mode) or a new `session` (merchant mode) on an
// open element make a new order whose lines and total the summary shows, and what the shopper
// typed stays in the form.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { nextEvent, root, waitForState } from './support/element-parts.ts';
import { fillBilling, returnFromHostedPage, shownBilling, submitToHostedPage } from './support/hosted-trip.ts';
import { costaRicanBilling } from './support/buyer.ts';
import { FakeBff } from './support/fake-bff.ts';

const summaryText = (element: SvcCheckout) => root(element).querySelector('[part="summary"]')?.textContent?.replace(/\s+/g, ' ') ?? '';

describe('an open checkout whose cart changes', () => {
  let bff: FakeBff;
  beforeEach(() => {
    sessionStorage.clear();
    bff = new FakeBff();
  });

  describe('when the page sets new items', () => {
    it('shows the new order and total, and keeps the typed form', async () => {
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items='[{"sku":"CR-COFFEE-500","quantity":1}]' locale="en"></svc-checkout>`);
      await waitForState(element, 'idle');
      expect(summaryText(element)).not.to.contain('Cotton hammock');
      await fillBilling(element);

      const ready = nextEvent(element, 'svc-ready');
      element.items = [
        { sku: 'CR-COFFEE-500', quantity: 1 },
        { sku: 'CR-HAMMOCK', quantity: 1 },
      ];
      await ready;
      await waitForState(element, 'idle');
      expect(summaryText(element)).to.contain('Cotton hammock');
      expect(summaryText(element)).to.contain('45,000.00');
      expect(shownBilling(element)).to.deep.equal(costaRicanBilling);
      expect(bff.calls('createSession')).to.equal(2);
      await expectAccessible(element);
    });
  });

  describe('when the page sets new items while a decline is shown', () => {
    it('keeps the outcome in view, and "Try again" makes the order for the new cart with the typed form', async () => {
      const coffee = '[{"sku":"CR-COFFEE-500","quantity":1}]';
      const first = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${coffee} locale="en"></svc-checkout>`);
      await waitForState(first, 'idle');
      await fillBilling(first);
      const hostedPage = await submitToHostedPage(first);
      first.remove();
      const orderNumber = FakeBff.orderOfHostedUrl(hostedPage);
      bff.orderStatuses(orderNumber, FakeBff.declined());
      returnFromHostedPage(orderNumber);
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${coffee} locale="en"></svc-checkout>`);
      await waitForState(element, 'declined');
      const sessions = bff.calls('createSession');

      // The shop's cart gains a hammock while the shopper reads the decline.
      element.items = [
        { sku: 'CR-COFFEE-500', quantity: 1 },
        { sku: 'CR-HAMMOCK', quantity: 1 },
      ];
      await element.updateComplete;
      // Not a wait for time: one task, after every microtask the change set off (the element starts
      // a new order from cached parts, so an old checkout would be loading it by now).
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(element.state, 'the decline stays on screen').to.equal('declined');
      expect(root(element).querySelector('[part="result"]')).to.not.equal(null);
      expect(bff.calls('createSession'), 'no order is made before the shopper tries again').to.equal(sessions);

      const ready = nextEvent(element, 'svc-ready');
      root(element).querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
      await ready;
      await waitForState(element, 'idle');
      expect(summaryText(element)).to.contain('Cotton hammock');
      expect(summaryText(element)).to.contain('45,000.00');
      expect(shownBilling(element)).to.deep.equal(costaRicanBilling);
      await expectAccessible(element);
    });
  });

  describe('when the page sets a new session', () => {
    it('shows the new amount and keeps the typed form', async () => {
      const { sessionToken } = bff.session({ amount: '6500.00' });
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
      await waitForState(element, 'idle');
      await fillBilling(element);

      const ready = nextEvent(element, 'svc-ready');
      element.session = bff.session({ amount: '45000.00' }).sessionToken;
      await ready;
      await waitForState(element, 'idle');
      expect(summaryText(element)).to.contain('45,000.00');
      expect(shownBilling(element)).to.deep.equal(costaRicanBilling);
      await expectAccessible(element);
    });
  });
});
