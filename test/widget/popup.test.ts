// Popup mode: the hosted page opens in a popup while the page stays; the element watches the order
// (polling the fake BFF on a manual clock) and shows the outcome once the buyer paid in the popup.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { eventually, nextEvent, root, statusText, submitButton, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { ManualClock } from './support/manual-clock.ts';
import { recordingOpenedWindows } from './support/opened-windows.ts';
import { costaRicanBilling } from './support/buyer.ts';

const billing = costaRicanBilling;

/** The element in popup mode for a merchant session, its form ready. */
async function inPopupMode(bff: FakeBff, sessionToken: string): Promise<SvcCheckout> {
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} mode="popup" locale="en"></svc-checkout>`);
  await waitForState(element, 'idle');
  return element;
}

describe('popup mode', () => {
  let clock: ManualClock;
  beforeEach(() => (clock = new ManualClock().install()));
  afterEach(() => clock.uninstall());

  describe('when the shopper pays in the popup', () => {
    it('opens the hosted page in a popup, polls while it is open, then shows the approval and closes it', async () => {
      const bff = new FakeBff();
      const { sessionToken, orderNumber } = bff.session({ prefill: { billing } });
      bff.orderStatuses(orderNumber, { status: 'pending' }, { status: 'approved' });
      const element = await inPopupMode(bff, sessionToken);
      await recordingOpenedWindows(async (opened) => {
        const redirected = nextEvent(element, 'svc-redirect');
        const firstStatus = nextEvent(element, 'svc-status');
        // A real key press: browsers open popups only on a real user gesture.
        submitButton(element).focus();
        await sendKeys({ press: 'Enter' });
        const redirect = await redirected;
        expect(redirect.mode).to.equal('popup');
        expect(redirect.url).to.equal(bff.hostedUrl(orderNumber));
        expect(opened.length).to.equal(1);
        const popup = opened[0]!;
        expect(popup.closed).to.equal(false);

        expect((await firstStatus).final).to.equal(false);
        await waitForState(element, 'polling');
        expect(statusText(element)).to.equal('Complete the payment in the window that opened. We will show the result here.');
        expect(root(element).querySelector('form')).to.equal(null);
        // The pay button went away with the form: the keyboard user is put on the status.
        expect(root(element).activeElement === root(element).querySelector('[role="status"]'), 'focus on the status').to.equal(true);
        await expectAccessible(element);

        // The shopper pays in the popup; the next poll, a second later, reads the approval.
        expect(bff.calls('getOrder')).to.equal(1);
        const approved = nextEvent(element, 'svc-approved');
        await clock.tick(1000);
        await approved;
        await waitForState(element, 'approved');
        expect(popup.closed).to.equal(true);
        await clock.tick(60_000);
        expect(bff.calls('getOrder')).to.equal(2);
        await expectAccessible(element);
      });
    });
  });

  describe('when the page renders the element again as the payment starts', () => {
    it('still puts the keyboard user on the status once the form goes', async () => {
      const bff = new FakeBff();
      const { sessionToken } = bff.session({ prefill: { billing } });
      const element = await inPopupMode(bff, sessionToken);
      // A merchant page reacting to svc-submit (analytics, its own state) may make the element render
      // once more before it leaves the form.
      element.addEventListener('svc-submit', () => element.requestUpdate(), { once: true });
      await recordingOpenedWindows(async (opened) => {
        submitButton(element).focus();
        await sendKeys({ press: 'Enter' });
        await waitForState(element, 'polling');
        expect(opened.length).to.equal(1);
        expect(root(element).activeElement === root(element).querySelector('[role="status"]'), 'focus on the status').to.equal(true);
      });
    });
  });

  describe('when the shopper closes the popup without paying', () => {
    it('goes back to the form and says the payment window was closed', async () => {
      const bff = new FakeBff();
      const { sessionToken } = bff.session({ prefill: { billing } });
      const element = await inPopupMode(bff, sessionToken);
      await recordingOpenedWindows(async (opened) => {
        const redirected = nextEvent(element, 'svc-redirect');
        submitButton(element).focus();
        await sendKeys({ press: 'Enter' });
        await redirected;
        await eventually(() => bff.calls('getOrder') === 1, 'the watch did not start');
        opened[0]!.close();
        // The window is checked every half second: one last look at the order, then the form.
        await clock.tick(500);
        await waitForState(element, 'idle');
        expect(bff.calls('getOrder')).to.equal(2);
        await clock.tick(60_000);
        expect(bff.calls('getOrder')).to.equal(2);
        expect(statusText(element)).to.equal('The payment window was closed before the payment finished.');
        expect(root(element).querySelector('form')).to.exist;
        await expectAccessible(element);
      });
    });
  });

  describe('when the browser blocks the popup', () => {
    it('keeps the form, says how to fix it and fires svc-error popup-blocked', async () => {
      const bff = new FakeBff();
      const { sessionToken } = bff.session({ prefill: { billing } });
      const element = await inPopupMode(bff, sessionToken);
      const blocked = nextEvent(element, 'svc-error');
      // A script-made click carries no user gesture, so Chromium refuses the popup.
      submitButton(element).click();
      expect((await blocked).code).to.equal('popup-blocked');
      await element.updateComplete;
      expect(element.state).to.equal('idle');
      expect(statusText(element)).to.equal('Your browser blocked the payment window. Allow pop-ups for this site and try again.');
      expect(bff.calls('checkout')).to.equal(0);
      await expectAccessible(element);
    });
  });
});
