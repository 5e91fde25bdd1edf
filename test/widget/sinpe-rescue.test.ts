// After a card decline, SINPE Móvil for the same order: when the status answer's `alternatives`
// holds "sinpe_movil" (the BFF offers it after insufficient funds, not after a mistyped code), the
// result offers "Pagar con SINPE Móvil" beside "Intentar de nuevo", and pressing it opens a transfer
// for that order without leaving the page. A fake BFF offering SINPE Móvil answers the decline; when
// the real BFF offers the rescue is test/bff/decline-rescue.spec.ts's.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { eventually, nextEvent, root, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { returnFromHostedPage, submitToHostedPage } from './support/hosted-trip.ts';
import { costaRicanBilling } from './support/buyer.ts';

/** The element the shopper sees back from the hosted page after a card decline the BFF answers as `decline`. */
async function declinedByCard(decline: ReturnType<typeof FakeBff.declined>) {
  const bff = new FakeBff();
  const { sessionToken, orderNumber } = bff.session({ prefill: { billing: costaRicanBilling }, sinpeMovil: {} });
  const first = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="es-CR"></svc-checkout>`);
  await waitForState(first, 'idle');
  await submitToHostedPage(first);
  first.remove();
  bff.orderStatuses(orderNumber, decline);
  returnFromHostedPage(orderNumber);
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="es-CR"></svc-checkout>`);
  element.addEventListener('svc-redirect', (event) => event.preventDefault());
  await waitForState(element, 'declined');
  return { element, orderNumber, bff };
}

const rescueButton = (element: SvcCheckout) => root(element).querySelector<HTMLButtonElement>('[part="sinpe-rescue-button"]');

describe('the decline rescue', () => {
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('after insufficient funds offers "Pagar con SINPE Móvil" beside "Intentar de nuevo", which opens a transfer for the same order', async () => {
    const { element, orderNumber, bff } = await declinedByCard({ ...FakeBff.declined('insufficient_funds', 'es-CR'), alternatives: ['sinpe_movil'] });
    await eventually(() => rescueButton(element), 'no rescue button');
    expect(rescueButton(element)!.textContent!.trim()).to.equal('Pagar con SINPE Móvil');
    // Compared by name: a failed comparison of two elements would have chai print them whole.
    expect(rescueButton(element)!.previousElementSibling?.getAttribute('part'), 'beside the retry button').to.equal('retry-button');
    await expectAccessible(element);

    const pending = nextEvent(element, 'svc-sinpe-pending');
    rescueButton(element)!.click();
    expect((await pending).orderNumber).to.equal(orderNumber);
    expect(bff.requests.filter((request) => request.route === 'checkout').map((request) => (request.body as { method?: string }).method)).to.deep.equal([undefined, 'sinpe_movil']);
    expect(element.state).to.equal('polling');
    await element.updateComplete;
    expect(rescueButton(element) === null, 'the rescue button is gone').to.equal(true);
  });

  it('without `alternatives` (a mistyped security code) shows only "Intentar de nuevo"', async () => {
    const { element } = await declinedByCard(FakeBff.declined('card_details', 'es-CR'));
    await eventually(() => root(element).querySelector('[part="retry-button"]'), 'no retry button');
    expect(rescueButton(element) === null, 'no rescue button').to.equal(true);
    await expectAccessible(element);
  });
});
