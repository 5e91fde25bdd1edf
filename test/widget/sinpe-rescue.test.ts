// After a card decline, SINPE Móvil for the same order: when the status answer's `alternatives`
// holds "sinpe_movil", the result offers "Pagar con SINPE Móvil" beside "Intentar de nuevo", and
// pressing it opens a transfer for that order without leaving the page. Real stack (sandbox + BFF
// offering SINPE Móvil), a real card decline on the hosted page.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { eventually, nextEvent, root, waitForState } from './support/element-parts.ts';
import { arriveAt, submitToHostedPage } from './support/hosted-trip.ts';
import { cards, costaRicanBilling, merchantSession, payAndReturn, sinpeBff } from './support/stack.ts';
import { addToAnswers } from './support/server-fields-ahead.ts';

/** Which declines the BFF rescues with SINPE Móvil is the server's decision, by the decline's category. */
function offerSinpeAfterDeclines(): () => void {
  return addToAnswers(
    (url) => /\/v1\/orders\/[^/?]+(\?|$)/.test(url),
    (answer) => (answer['status'] === 'declined' ? { ...answer, alternatives: ['sinpe_movil'] } : answer),
  );
}

async function declinedByCard(bff: string) {
  const { sessionToken, orderNumber } = await merchantSession({ prefill: { billing: costaRicanBilling } });
  const first = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} session=${sessionToken} locale="es-CR"></svc-checkout>`);
  await waitForState(first, 'idle');
  const hostedPage = await submitToHostedPage(first);
  first.remove();
  arriveAt((await payAndReturn(hostedPage, cards.declined)).landing);
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} session=${sessionToken} locale="es-CR"></svc-checkout>`);
  element.addEventListener('svc-redirect', (event) => event.preventDefault());
  await waitForState(element, 'declined');
  return { element, orderNumber };
}

const rescueButton = (element: SvcCheckout) => root(element).querySelector<HTMLButtonElement>('[part="sinpe-rescue-button"]');

describe('the decline rescue', function () {
  this.timeout(40_000);
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  describe('when the status answer offers SINPE Móvil after the decline', () => {
    let restoreFetch: () => void;
    beforeEach(() => (restoreFetch = offerSinpeAfterDeclines()));
    afterEach(() => restoreFetch());

    it('offers "Pagar con SINPE Móvil" beside "Intentar de nuevo", which opens a transfer for the same order', async () => {
      const { bff } = await sinpeBff();
      const { element, orderNumber } = await declinedByCard(bff);
      await eventually(() => rescueButton(element), 'no rescue button');
      const retry = root(element).querySelector('[part="retry-button"]')!;
      expect(rescueButton(element)!.textContent!.trim()).to.equal('Pagar con SINPE Móvil');
      expect(rescueButton(element)!.previousElementSibling, 'beside the retry button').to.equal(retry);
      await expectAccessible(element);

      const pending = nextEvent(element, 'svc-sinpe-pending');
      rescueButton(element)!.click();
      const transfer = await pending;
      expect(transfer.orderNumber).to.equal(orderNumber);
      expect(element.state).to.equal('polling');
      await eventually(() => root(element).querySelector('svc-sinpe-panel')?.shadowRoot?.querySelector('dl'), 'the SINPE Móvil panel did not show');
      expect(rescueButton(element)).to.equal(null);
      await expectAccessible(element);
    });
  });

  describe('when the status answer does not offer it', () => {
    it('shows only "Intentar de nuevo"', async () => {
      const { bff } = await sinpeBff();
      const { element } = await declinedByCard(bff);
      await eventually(() => root(element).querySelector('[part="retry-button"]'), 'no retry button');
      expect(rescueButton(element)).to.equal(null);
      await expectAccessible(element);
    });
  });
});
