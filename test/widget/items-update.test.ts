// The amount follows the cart: new `items` (catalog mode) or a new `session` (merchant mode) on an
// open element make a new order whose lines and total the summary shows, and what the shopper
// typed stays in the form.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { nextEvent, root, waitForState } from './support/element-parts.ts';
import { fillBilling, shownBilling } from './support/hosted-trip.ts';
import { costaRicanBilling, merchantSession, stack } from './support/stack.ts';

const summaryText = (element: SvcCheckout) => root(element).querySelector('[part="summary"]')?.textContent?.replace(/\s+/g, ' ') ?? '';

describe('an open checkout whose cart changes', function () {
  this.timeout(40_000);

  beforeEach(() => sessionStorage.clear());

  describe('when the page sets new items', () => {
    it('shows the new order and total, and keeps the typed form', async () => {
      const { bff } = await stack();
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} items='[{"sku":"CR-COFFEE-500","quantity":1}]' locale="en"></svc-checkout>`);
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
      await expectAccessible(element);
    });
  });

  describe('when the page sets a new session', () => {
    it('shows the new amount and keeps the typed form', async () => {
      const { bff } = await stack();
      const { sessionToken } = await merchantSession({ amount: '6500.00' });
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} session=${sessionToken} locale="en"></svc-checkout>`);
      await waitForState(element, 'idle');
      await fillBilling(element);

      const ready = nextEvent(element, 'svc-ready');
      element.session = (await merchantSession({ amount: '45000.00' })).sessionToken;
      await ready;
      await waitForState(element, 'idle');
      expect(summaryText(element)).to.contain('45,000.00');
      expect(shownBilling(element)).to.deep.equal(costaRicanBilling);
      await expectAccessible(element);
    });
  });
});
