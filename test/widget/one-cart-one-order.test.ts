// One cart is one order, as the element plays it in catalog mode: Back from the hosted page onto a
// page the browser loads again (no back-forward cache) continues the order whose page is out, and
// "Pay" again is that order's next attempt, never a second order for the same cart. A cart that
// changed while the shopper was paying is the exception: "Try again" after a decline pays the new
// items. The BFF side (the new attempt, the old page's money in review) is test/bff/one-cart-one-order.spec.ts.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { nextEvent, root, waitForState } from './support/element-parts.ts';
import { fillBilling, returnFromHostedPage, submitToHostedPage } from './support/hosted-trip.ts';
import { FakeBff } from './support/fake-bff.ts';

const coffee = '[{"sku":"CR-COFFEE-500","quantity":2}]';
const summaryText = (element: SvcCheckout) => root(element).querySelector('[part="summary"]')?.textContent?.replace(/\s+/g, ' ') ?? '';
const checkoutTokens = (bff: FakeBff) => bff.requests.filter((request) => request.route === 'checkout').map((request) => request.token);
const checkoutBodies = (bff: FakeBff) => bff.requests.filter((request) => request.route === 'checkout').map((request) => request.body as Record<string, unknown>);

async function catalogElement(bff: FakeBff, items: string): Promise<SvcCheckout> {
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`);
  await waitForState(element, 'idle');
  return element;
}

/** The shopper fills the form and leaves for the hosted page; the shop's page is gone (the browser keeps no copy). */
async function leftForHostedPage(bff: FakeBff): Promise<string> {
  const first = await catalogElement(bff, coffee);
  await fillBilling(first);
  const page = await submitToHostedPage(first);
  first.remove();
  return page;
}

describe('one cart, one order', () => {
  let bff: FakeBff;
  beforeEach(() => {
    sessionStorage.clear();
    bff = new FakeBff();
  });
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('Back from the hosted page onto a page loaded again continues the same order, and "Pay" is its next attempt', async () => {
    const firstPage = await leftForHostedPage(bff);

    // Back: the browser loads the shop's page again (no back-forward cache), with the same cart.
    const ready = nextEvent(document, 'svc-ready');
    const back = await catalogElement(bff, coffee);
    expect((await ready).orderNumber).to.equal(FakeBff.orderOfHostedUrl(firstPage));
    expect(bff.calls('createSession'), 'no second order for the same cart').to.equal(1);
    const secondPage = await submitToHostedPage(back);
    expect(FakeBff.orderOfHostedUrl(secondPage)).to.equal(FakeBff.orderOfHostedUrl(firstPage));
    expect(secondPage).to.not.equal(firstPage);
    const [firstToken, secondToken] = checkoutTokens(bff);
    expect(secondToken).to.equal(firstToken);
    // The BFF hands a repeat the same page (a double submit); Back from it says which page it replaces.
    const [firstBody, secondBody] = checkoutBodies(bff);
    expect(firstBody).to.not.have.property('replacesAttempt');
    expect(secondBody).to.have.property('replacesAttempt', 1);
    await expectAccessible(back);
  });

  it('a page loaded again with another cart makes the order for that cart', async () => {
    const firstPage = await leftForHostedPage(bff);
    const ready = nextEvent(document, 'svc-ready');
    await catalogElement(bff, '[{"sku":"CR-HAMMOCK","quantity":1}]');
    expect((await ready).orderNumber).to.not.equal(FakeBff.orderOfHostedUrl(firstPage));
    expect(bff.calls('createSession')).to.equal(2);
  });

  it('after a decline, with the cart changed while the shopper was paying, "Try again" pays the new items', async () => {
    const declinedPage = await leftForHostedPage(bff);
    const orderNumber = FakeBff.orderOfHostedUrl(declinedPage);
    bff.orderStatuses(orderNumber, FakeBff.declined());
    // Back on the shop with the decline; meanwhile the cart gained a hammock (in another tab, say).
    returnFromHostedPage(orderNumber);
    const element = await fixture<SvcCheckout>(
      html`<svc-checkout bff=${bff.url} items='[{"sku":"CR-COFFEE-500","quantity":2},{"sku":"CR-HAMMOCK","quantity":1}]' locale="en"></svc-checkout>`,
    );
    await waitForState(element, 'declined');

    root(element).querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    await waitForState(element, 'idle');
    expect(summaryText(element)).to.contain('Cotton hammock');
    expect(summaryText(element)).to.contain('51,500.00');
    expect(bff.calls('createSession')).to.equal(2);
    const newOrder = bff.requests.filter((request) => request.route === 'createSession').at(-1)!.body as { items: Array<{ sku: string }> };
    expect(newOrder.items.map((item) => item.sku)).to.deep.equal(['CR-COFFEE-500', 'CR-HAMMOCK']);
    const retried = await submitToHostedPage(element);
    expect(FakeBff.orderOfHostedUrl(retried)).to.not.equal(orderNumber);
    await expectAccessible(element);
  });
});
