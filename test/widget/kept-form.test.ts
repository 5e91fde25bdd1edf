// What the shopper typed survives a decline, a cancel, Back from the hosted page, a reload and a
// closed popup (sessionStorage, per order), and is gone after an approval or "start over".
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { nextEvent, root, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { fillBilling, returnFromHostedPage, shownBilling, submitToHostedPage } from './support/hosted-trip.ts';
import { costaRicanBilling } from './support/buyer.ts';

const items = '[{"sku":"CR-HAMMOCK","quantity":1}]';

function keptKeys(): string[] {
  return Object.keys(sessionStorage).filter((key) => key.startsWith('svc-checkout:form:'));
}

const orderOf = FakeBff.orderOfHostedUrl;

async function catalogElement(bff: FakeBff): Promise<SvcCheckout> {
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`);
  await waitForState(element, 'idle');
  return element;
}

function pressRetry(element: SvcCheckout) {
  root(element).querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
}

describe("the shopper's typed form", () => {
  let bff: FakeBff;
  beforeEach(() => (bff = new FakeBff()));
  beforeEach(() => sessionStorage.clear());
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('comes back after a reload of a merchant session page', async () => {
    const { sessionToken } = bff.session();
    const first = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
    await waitForState(first, 'idle');
    await fillBilling(first);
    first.remove();

    const reloaded = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
    await waitForState(reloaded, 'idle');
    expect(shownBilling(reloaded)).to.deep.equal(costaRicanBilling);
    await expectAccessible(reloaded);
  });

  it('comes back after Back from the hosted page, with the same order (one cart, one order)', async () => {
    const first = await catalogElement(bff);
    await fillBilling(first);
    await submitToHostedPage(first);
    first.remove();

    const back = await catalogElement(bff);
    expect(bff.calls('createSession')).to.equal(1);
    expect(shownBilling(back)).to.deep.equal(costaRicanBilling);
    await expectAccessible(back);
  });

  it('comes back for the next attempt after a decline, and is forgotten once the order is approved', async () => {
    const first = await catalogElement(bff);
    await fillBilling(first);
    const declinedPage = await submitToHostedPage(first);
    first.remove();
    const orderNumber = orderOf(declinedPage);
    bff.orderStatuses(orderNumber, FakeBff.declined());
    returnFromHostedPage(orderNumber);

    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`);
    await waitForState(element, 'declined');
    pressRetry(element);
    await waitForState(element, 'idle');
    expect(shownBilling(element)).to.deep.equal(costaRicanBilling);

    const retryPage = await submitToHostedPage(element);
    element.remove();
    expect(orderOf(retryPage)).to.equal(orderNumber);
    bff.orderStatuses(orderNumber, { status: 'approved' });
    returnFromHostedPage(orderNumber);
    const approved = nextEvent(document, 'svc-approved');
    const returning = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="en"></svc-checkout>`);
    await approved;
    await waitForState(returning, 'approved');
    expect(keptKeys()).to.deep.equal([]);
  });

  it('comes back after a cancel on the hosted page', async () => {
    const { sessionToken, orderNumber } = bff.session();
    const first = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="es-CR"></svc-checkout>`);
    await waitForState(first, 'idle');
    await fillBilling(first);
    await submitToHostedPage(first);
    first.remove();
    bff.orderStatuses(orderNumber, FakeBff.declined('cancelled', 'es-CR'));
    returnFromHostedPage(orderNumber);

    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="es-CR"></svc-checkout>`);
    await waitForState(element, 'cancelled');
    pressRetry(element);
    await waitForState(element, 'idle');
    expect(shownBilling(element)).to.deep.equal(costaRicanBilling);
    await expectAccessible(element);
  });

  it('is forgotten on "start over" (reset)', async () => {
    const element = await catalogElement(bff);
    await fillBilling(element);
    expect(keptKeys()).to.have.length(1);
    element.reset();
    await waitForState(element, 'idle');
    expect(keptKeys()).to.deep.equal([]);
    expect(shownBilling(element).firstName).to.equal('');
  });

  it('never holds anything but the address fields', async () => {
    const element = await catalogElement(bff);
    await fillBilling(element);
    const [key] = keptKeys();
    const kept = JSON.parse(sessionStorage.getItem(key!)!) as Record<string, unknown>;
    expect(Object.keys(kept).sort()).to.deep.equal(['billing', 'sameAsBilling', 'shipping']);
    expect(JSON.stringify(kept)).to.not.match(/\d{12,}/);
  });
});
