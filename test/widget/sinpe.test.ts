// SINPE Móvil in the element, against the real stack (sandbox gateway and bank, BFF): the choice
// of method, the transfer panel, its live outcome by polling, a reload that resumes it, and what
// the shopper reads when the time runs out or the bank refuses. axe in every state.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { bankFailureMessage } from '../../contract/bank-failure-messages.ts';
import { expectAccessible } from './support/axe.ts';
import { nextEvent, root, statusText, submitButton, eventually, waitForState } from './support/element-parts.ts';
import { costaRicanBilling, merchantSession, sendSinpeTransfer, sinpeBff } from './support/stack.ts';

async function mount(options: { bff?: string; session?: string; currency?: string; amount?: string } = {}) {
  const bff = options.bff ?? (await sinpeBff()).bff;
  const session = options.session ?? (await merchantSession({ prefill: { billing: costaRicanBilling }, ...(options.currency && { currency: options.currency, amount: options.amount ?? '25.00' }) })).sessionToken;
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} session=${session} locale="es-CR"></svc-checkout>`);
  element.addEventListener('svc-redirect', (event) => event.preventDefault());
  return { element, session };
}

const radio = (element: SvcCheckout, value: string) => root(element).querySelector<HTMLInputElement>(`input[name="svc-method"][value="${value}"]`);

async function panelOf(element: SvcCheckout): Promise<ShadowRoot> {
  await eventually(() => root(element).querySelector('svc-sinpe-panel')?.shadowRoot?.querySelector('dl'), 'the SINPE Móvil panel did not show');
  return root(element).querySelector('svc-sinpe-panel')!.shadowRoot!;
}

const values = (panel: ShadowRoot) => [...panel.querySelectorAll('[part="sinpe-value"]')].map((value) => value.textContent!.trim());

async function payBySinpe(element: SvcCheckout) {
  await waitForState(element, 'idle');
  radio(element, 'sinpe_movil')!.click();
  const pending = nextEvent(element, 'svc-sinpe-pending');
  submitButton(element).click();
  return pending;
}

describe('SINPE Móvil', function () {
  this.timeout(40_000);

  describe('when the order is in colones', () => {
    it('offers card or SINPE Móvil as a radio group the keyboard moves through', async () => {
      const { element } = await mount();
      await waitForState(element, 'idle');
      const group = root(element).querySelector('fieldset[part="method-choice"]')!;
      expect(group.querySelector('legend')!.textContent!.trim()).to.equal('Forma de pago');
      expect(radio(element, 'card')!.checked).to.equal(true);
      radio(element, 'card')!.focus();
      await sendKeys({ press: 'ArrowRight' });
      expect(radio(element, 'sinpe_movil')!.checked).to.equal(true);
      await expectAccessible(element);
    });

    it('shows the phone, the exact amount and the reference without leaving the page, then the approval the bank settles', async () => {
      const { element } = await mount();
      const pending = await payBySinpe(element);
      expect(pending.reference).to.match(/^[34679ACDEFHJKMNPRTWXY]{6}$/);
      expect(element.state).to.equal('polling');
      expect(statusText(element)).to.equal('Esperando su transferencia SINPE Móvil. Esta página se actualiza sola.');
      const panel = await panelOf(element);
      const [phone, amount, reference] = values(panel);
      expect(phone).to.equal('8888-7777');
      // The exact amount to send: the order's, lowered when another transfer awaits the same one.
      expect(amount!.replace(/\D/g, '')).to.equal(pending.amount.replace(/\D/g, ''));
      expect(reference).to.equal(pending.reference);
      expect(panel.querySelector('[part="sinpe-countdown"]')!.textContent).to.match(/Tiempo restante: (30:00|29:\d\d)/);
      expect(location.pathname).to.not.contain('hosted');
      await expectAccessible(element);

      const approved = nextEvent(element, 'svc-approved');
      await sendSinpeTransfer({ reference: pending.reference, amount: pending.amount });
      expect((await approved).orderNumber).to.equal(pending.orderNumber);
      expect(element.state).to.equal('approved');
      expect(root(element).querySelector('svc-sinpe-panel')).to.equal(null);
      await expectAccessible(element);
    });

    it('resumes the open transfer after a reload instead of opening another', async () => {
      const first = await mount();
      const pending = await payBySinpe(first.element);
      first.element.remove();
      const again = await mount({ session: first.session });
      const resumed = await nextEvent(again.element, 'svc-sinpe-pending');
      expect(resumed.reference).to.equal(pending.reference);
      expect(values(await panelOf(again.element))[2]).to.equal(pending.reference);
    });

    it('says the bank refused, in the shopper\'s language, and offers to try again', async () => {
      const { element } = await mount();
      const pending = await payBySinpe(element);
      const declined = nextEvent(element, 'svc-declined');
      await sendSinpeTransfer({ reference: pending.reference, amount: pending.amount, outcome: 'failed', reasonCode: '21' });
      expect((await declined).reason).to.equal(bankFailureMessage('declined', 'es'));
      expect(statusText(element)).to.equal(bankFailureMessage('declined', 'es'));
      const retry = root(element).querySelector<HTMLButtonElement>('[part="retry-button"]')!;
      expect(retry.textContent).to.equal('Intentar de nuevo');
      await expectAccessible(element);
      retry.click();
      await waitForState(element, 'idle');
    });

    it('says clearly when the time ran out, and offers to try again', async () => {
      const { bff } = await sinpeBff({ shortTransfer: true });
      const { element } = await mount({ bff });
      await payBySinpe(element);
      await waitForState(element, 'declined', 20_000);
      expect(statusText(element)).to.equal(bankFailureMessage('expired', 'es'));
      expect(root(element).querySelector('[part="retry-button"]')).to.not.equal(null);
      await expectAccessible(element);
    });
  });

  describe('when the order is in dollars', () => {
    it('offers no choice: the card only', async () => {
      const { element } = await mount({ currency: 'USD' });
      await waitForState(element, 'idle');
      expect(root(element).querySelector('[part="method-choice"]')).to.equal(null);
    });
  });
});
