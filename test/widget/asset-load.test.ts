// svc-error asset-load: a lazy part of the widget that does not load, even when asked again. A
// page of its own: the browser keeps a loaded (or failed) module for the page's life.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { nextEvent, statusText, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';

const items = '[{"sku":"CR-HAMMOCK","quantity":1}]';

describe('svc-error asset-load', () => {
  afterEach(() => (document.cookie = 'svc-test-failing-asset=; path=/; max-age=0'));

  it('fires when the checkout-rules part stays unreachable; the shopper reads a short message and a retry', async () => {
    document.cookie = 'svc-test-failing-asset=checkout-rules:always; path=/';
    const bff = new FakeBff();
    const error = nextEvent(document, 'svc-error');
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`);
    expect((await error).code).to.equal('asset-load');
    await waitForState(element, 'error');
    expect(statusText(element)).to.equal('Part of the checkout did not load, so nothing was charged. Check your connection and try again.');
    expect(element.shadowRoot!.querySelector('[part="retry-button"]')).to.exist;
    // The rules come before the session: no order was made for a checkout that cannot run.
    expect(bff.calls()).to.equal(0);
    await expectAccessible(element);
  });
});
