// <svc-checkout> states that need no session: before a BFF is known, and with the BFF unreachable.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { nextEvent, root, statusText, eventually, waitForState } from './support/element-parts.ts';

// Nothing listens on port 9 (discard) here: the connection is refused at once.
const unreachableBff = 'http://127.0.0.1:9';

describe('<svc-checkout>', () => {
  it('is defined once and renders into an open shadow root', async () => {
    const element = await fixture<SvcCheckout>(html`<svc-checkout></svc-checkout>`);
    expect(customElements.get('svc-checkout')).to.equal(element.constructor);
    expect(element.shadowRoot).to.exist;
  });

  describe('when it has no BFF yet', () => {
    it('shows the loading state in its live region and passes axe', async () => {
      const element = await fixture<SvcCheckout>(html`<svc-checkout locale="en"></svc-checkout>`);
      expect(element.state).to.equal('loading');
      const live = root(element).querySelector('[role="status"]');
      expect(live?.getAttribute('part')).to.equal('status');
      expect(statusText(element)).to.equal('Loading checkout…');
      await expectAccessible(element);
    });
  });

  describe('when the BFF cannot be reached', () => {
    it('ends in the error state, says so, offers a retry and fires svc-error with code network', async () => {
      const element = await fixture<SvcCheckout>(html`<svc-checkout locale="en"></svc-checkout>`);
      const error = nextEvent(element, 'svc-error');
      element.bff = unreachableBff;
      element.session = 'any-token';
      expect((await error).code).to.equal('network');
      await waitForState(element, 'error');
      expect(statusText(element)).to.contain('could not reach the payment service');
      expect(root(element).querySelector('[part="retry-button"]')).to.exist;
      await expectAccessible(element);
    });

    it('says it in the page language when there is no locale attribute', async () => {
      document.documentElement.lang = 'pt-BR';
      try {
        const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${unreachableBff} session="any-token"></svc-checkout>`);
        await waitForState(element, 'error');
        expect(statusText(element)).to.contain('Não foi possível acessar o serviço de pagamento');
        expect(root(element).querySelector('[lang]')?.getAttribute('lang')).to.equal('pt-BR');
        // The page switching its language switches the element too.
        // (Spanish is a lazy part: the element re-renders when it arrives.)
        document.documentElement.lang = 'es';
        await eventually(() => statusText(element).includes('No pudimos contactar el servicio de pago'), statusText(element));
      } finally {
        document.documentElement.lang = 'en';
      }
    });
  });
});
