// After a card decline, SINPE Móvil for the same order: when the status answer's `alternatives`
// holds "sinpe_movil" (the BFF offers it after insufficient funds, not after a mistyped code), the
// result offers "Pagar con SINPE Móvil" beside "Intentar de nuevo", and pressing it opens a transfer
// for that order without leaving the page. Real stack (sandbox + BFF offering SINPE Móvil), a real
// card decline on the hosted page.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { eventually, nextEvent, root, waitForState } from './support/element-parts.ts';
import { arriveAt, submitToHostedPage } from './support/hosted-trip.ts';
import { costaRicanBilling, merchantSession, payAndReturn, sinpeBff } from './support/stack.ts';

/** gateway-facts.md's test cards: insufficient funds (51), and an invalid security code (N7: typing again fixes it). */
const insufficientFundsCard = '4112613451591116';
const invalidCvvCard = '4523080346468525';

/** The element the shopper sees back from the hosted page after `card` was declined. */
async function declinedByCard(card: string) {
  const { bff } = await sinpeBff();
  const { sessionToken, orderNumber } = await merchantSession({ prefill: { billing: costaRicanBilling } });
  const first = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} session=${sessionToken} locale="es-CR"></svc-checkout>`);
  await waitForState(first, 'idle');
  const hostedPage = await submitToHostedPage(first);
  first.remove();
  arriveAt((await payAndReturn(hostedPage, card)).landing);
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} session=${sessionToken} locale="es-CR"></svc-checkout>`);
  element.addEventListener('svc-redirect', (event) => event.preventDefault());
  await waitForState(element, 'declined');
  return { element, orderNumber };
}

const rescueButton = (element: SvcCheckout) => root(element).querySelector<HTMLButtonElement>('[part="sinpe-rescue-button"]');

describe('the decline rescue', function () {
  this.timeout(40_000);

  it('after insufficient funds offers "Pagar con SINPE Móvil" beside "Intentar de nuevo", which opens a transfer for the same order', async () => {
    const { element, orderNumber } = await declinedByCard(insufficientFundsCard);
    await eventually(() => rescueButton(element), 'no rescue button');
    expect(rescueButton(element)!.textContent!.trim()).to.equal('Pagar con SINPE Móvil');
    // Compared by name: a failed comparison of two elements would have chai print them whole.
    expect(rescueButton(element)!.previousElementSibling?.getAttribute('part'), 'beside the retry button').to.equal('retry-button');
    await expectAccessible(element);

    const pending = nextEvent(element, 'svc-sinpe-pending');
    rescueButton(element)!.click();
    expect((await pending).orderNumber).to.equal(orderNumber);
    expect(element.state).to.equal('polling');
    await element.updateComplete;
    expect(rescueButton(element) === null, 'the rescue button is gone').to.equal(true);
  });

  it('after a mistyped security code shows only "Intentar de nuevo"', async () => {
    const { element } = await declinedByCard(invalidCvvCard);
    await eventually(() => root(element).querySelector('[part="retry-button"]'), 'no retry button');
    expect(rescueButton(element) === null, 'no rescue button').to.equal(true);
    await expectAccessible(element);
  });
});
