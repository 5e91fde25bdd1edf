// A new storefront (catalog) order in the same tab starts from what the shopper typed last: for
// another cart, and after an approval. "Start over" (reset) clears it for the next order too.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { waitForState } from './support/element-parts.ts';
import { arriveAt, fillBilling, shownBilling, submitToHostedPage } from './support/hosted-trip.ts';
import { cards, costaRicanBilling, payAndReturn, stack } from './support/stack.ts';

const coffee = '[{"sku":"CR-COFFEE-500","quantity":1}]';
const hammock = '[{"sku":"CR-HAMMOCK","quantity":1}]';

async function catalogElement(items: string, state: SvcCheckout['state'] = 'idle'): Promise<SvcCheckout> {
  const { bff } = await stack();
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} items=${items} locale="en"></svc-checkout>`);
  await waitForState(element, state);
  return element;
}

describe('the typed details of the tab', function () {
  this.timeout(40_000);

  beforeEach(() => sessionStorage.clear());
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('fill the order for another cart', async () => {
    const first = await catalogElement(coffee);
    await fillBilling(first);
    first.remove();

    const otherCart = await catalogElement(hammock);
    expect(shownBilling(otherCart)).to.deep.equal(costaRicanBilling);
    await expectAccessible(otherCart);
  });

  it('fill the next order after an approval', async () => {
    const first = await catalogElement(coffee);
    await fillBilling(first);
    const hostedUrl = await submitToHostedPage(first);
    first.remove();
    arriveAt((await payAndReturn(hostedUrl, cards.approved)).landing);
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
