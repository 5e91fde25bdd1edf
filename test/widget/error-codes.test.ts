// svc-error codes a merchant's developer can act on: a lazy part that did not load (retried once),
// a page whose origin the BFF refuses, an unreachable BFF; the shopper's text stays short.
// The asset test comes first: once the checkout-rules part has loaded, this page keeps it (the part that
// never loads is asset-load.test.ts, a page of its own).
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { nextEvent, statusText, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';

const items = '[{"sku":"CR-HAMMOCK","quantity":1}]';

function failAsset(mode: string) {
  document.cookie = `svc-test-failing-asset=checkout-rules:${mode}; path=/`;
}

async function catalogElement(bff: string): Promise<{ element: SvcCheckout; error: Promise<GlobalEventHandlersEventMap['svc-error']> }> {
  const error = nextEvent(document, 'svc-error');
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} items=${items} locale="en"></svc-checkout>`);
  return { element, error };
}

describe('svc-error codes', () => {
  afterEach(() => (document.cookie = 'svc-test-failing-asset=; path=/; max-age=0'));

  it('a lazy part that fails once is asked again, and the form comes', async () => {
    failAsset(`once-${Date.now()}`);
    const bff = new FakeBff();
    let errors = 0;
    document.addEventListener('svc-error', () => (errors += 1));
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`);
    await waitForState(element, 'idle');
    expect(errors).to.equal(0);
    expect(bff.calls('createSession')).to.equal(1);
  });

  it('origin-not-allowed: the BFF refuses this page, and the shopper is not told to check their connection', async () => {
    const bff = new FakeBff();
    bff.refusesOrigin = true;
    const { element, error } = await catalogElement(bff.url);
    const event = await error;
    expect(event.code).to.equal('origin-not-allowed');
    await waitForState(element, 'error');
    expect(statusText(element)).to.equal('Payments are not available on this page. Please contact the shop.');
    // The session request failed like the network; the plain GET that followed read the refusal.
    expect(bff.requests.map((request) => request.route)).to.deep.equal(['createSession', 'getSession']);
    await expectAccessible(element);
  });

  it('network: nothing answers at the BFF address', async () => {
    const { element, error } = await catalogElement('http://127.0.0.1:9');
    expect((await error).code).to.equal('network');
    await waitForState(element, 'error');
    expect(statusText(element)).to.equal('We could not reach the payment service. Check your connection and try again.');
  });
});
