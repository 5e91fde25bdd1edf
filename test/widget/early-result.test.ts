// Back from the hosted page on a slow phone: the status the shopper came back for is asked by the
// first script beside the lazy parts (the rules and the flow, the order's watch), not after them,
// and the flow shows that answer instead of asking again. Its own file: the page must not have
// loaded the lazy parts before (a module loads once per page). The journey through the real
// hosted page is test/e2e/demo-storefront.spec.ts; bench/result-after-return.ts measures the time.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { eventually, nextEvent, waitForState } from './support/element-parts.ts';
import { FakeBff, statusTokenFor } from './support/fake-bff.ts';
import { returnFromHostedPage } from './support/hosted-trip.ts';

/** The lazy parts the outcome needs that have finished loading, by the page's resource timing. */
function loadedParts(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => /\/widget\/lazy\/(checkout-rules|order-watch)\.ts/.exec(entry.name)?.[1])
    .filter((part): part is string => part !== undefined);
}

describe('the result on return, in one round trip', () => {
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('asks the status before the lazy parts are here, once, and shows its answer', async () => {
    const bff = new FakeBff();
    const { orderNumber } = bff.session();
    bff.orderStatuses(orderNumber, { status: 'approved', auth: '123456' });
    returnFromHostedPage(orderNumber);
    const status = bff.hold('getOrder');
    const approved = nextEvent(document, 'svc-approved');
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} locale="en"></svc-checkout>`);

    await status.arrived;
    // Asked while the rules and the order's watch were still on their way.
    expect(loadedParts()).to.deep.equal([]);
    expect(element.state).to.equal('loading');
    expect(bff.requests).to.have.length(1);
    expect(bff.requests[0]).to.deep.include({ route: 'getOrder', orderNumber, token: statusTokenFor(orderNumber) });

    // The parts arrive and the flow takes over the request already on its way: it does not ask again.
    await waitForState(element, 'returned');
    await eventually(() => loadedParts().length === 2, 'the order-watch part did not load');
    await element.updateComplete;
    expect(location.hash).to.equal('');
    expect(bff.calls('getOrder')).to.equal(1);

    status.release();
    expect((await approved).orderNumber).to.equal(orderNumber);
    await waitForState(element, 'approved');
    expect(bff.calls('getOrder')).to.equal(1);
    // Kept for a reload of this page, as before (kept-result.ts).
    expect(sessionStorage.getItem('svc-checkout:result')).to.equal(`${statusTokenFor(orderNumber)} ${location.pathname}`);
  });

  it('without a result token in the address bar, asks no status before the session', async () => {
    const bff = new FakeBff();
    const { sessionToken } = bff.session();
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
    await waitForState(element, 'idle');
    expect(bff.requests.map((request) => request.route)).to.deep.equal(['getSession']);
  });
});
