// A new storefront (catalog) order in the same tab starts from what the shopper typed last: for
// another cart, and after an approval. "Start over" (reset) clears it for the next order too.
// Against a fake BFF; the real hosted page round trip is test/e2e/widget-kept-work.spec.ts.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { costaRicanBilling } from './support/buyer.ts';
import { waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { fillBilling, returnFromHostedPage, shownBilling, submitToHostedPage } from './support/hosted-trip.ts';

const coffee = '[{"sku":"CR-COFFEE-500","quantity":1}]';
const hammock = '[{"sku":"CR-HAMMOCK","quantity":1}]';

describe('the typed details of the tab', () => {
  let bff: FakeBff;
  beforeEach(() => (bff = new FakeBff()));
  beforeEach(() => sessionStorage.clear());
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  async function catalogElement(items: string, state: SvcCheckout['state'] = 'idle'): Promise<SvcCheckout> {
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`);
    await waitForState(element, state);
    return element;
  }

  it('fill the order for another cart', async () => {
    const first = await catalogElement(coffee);
    await fillBilling(first);
    first.remove();

    const otherCart = await catalogElement(hammock);
    expect(bff.calls('createSession')).to.equal(2);
    expect(shownBilling(otherCart)).to.deep.equal(costaRicanBilling);
    await expectAccessible(otherCart);
  });

  it('fill the next order after an approval', async () => {
    const first = await catalogElement(coffee);
    await fillBilling(first);
    const orderNumber = FakeBff.orderOfHostedUrl(await submitToHostedPage(first));
    first.remove();
    bff.orderStatuses(orderNumber, { status: 'approved' });
    returnFromHostedPage(orderNumber);
    (await catalogElement(coffee, 'approved')).remove();

    const nextOrder = await catalogElement(hammock);
    expect(shownBilling(nextOrder)).to.deep.equal(costaRicanBilling);
  });

  it('are gone after "start over": the next order starts empty', async () => {
    const first = await catalogElement(coffee);
    await fillBilling(first);
    first.reset();
    await waitForState(first, 'idle');
    first.remove();

    const nextOrder = await catalogElement(hammock);
    expect(shownBilling(nextOrder).firstName).to.equal('');
  });
});
