// SINPE Móvil in the element, against a fake BFF that offers it: the choice of method, the transfer
// panel, its live outcome by polling, a reload that resumes it, and what the shopper reads when the
// time runs out (on a manual clock) or the bank refuses. axe in every state. The bank's events
// reaching the real BFF are test/bff's; a whole SINPE Móvil purchase is test/e2e/demo-sinpe.spec.ts.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { bankFailureMessage } from '../../contract/bank-failure-messages.ts';
import { expectAccessible } from './support/axe.ts';
import { nextEvent, root, statusText, submitButton, eventually, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { ManualClock } from './support/manual-clock.ts';
import { costaRicanBilling } from './support/buyer.ts';
import { payBySinpe, radio } from './support/sinpe-steps.ts';

/** A merchant session that may be paid by SINPE Móvil (colones; the fake offers it like a BFF with SINPE_MOVIL_PHONE). */
async function mount(bff = new FakeBff(), options: { session?: string; currency?: string } = {}) {
  const currency = options.currency ?? 'CRC';
  const session =
    options.session ??
    bff.session({ prefill: { billing: costaRicanBilling }, ...(currency === 'CRC' ? { sinpeMovil: {} } : { currency, amount: '25.00' }) }).sessionToken;
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${session} locale="es-CR"></svc-checkout>`);
  element.addEventListener('svc-redirect', (event) => event.preventDefault());
  return { element, session, bff };
}


async function panelOf(element: SvcCheckout): Promise<ShadowRoot> {
  await eventually(() => root(element).querySelector('svc-sinpe-panel')?.shadowRoot?.querySelector('dl'), 'the SINPE Móvil panel did not show');
  return root(element).querySelector('svc-sinpe-panel')!.shadowRoot!;
}

const values = (panel: ShadowRoot) => [...panel.querySelectorAll('[part="sinpe-value"]')].map((value) => value.textContent!.trim());

describe('SINPE Móvil', () => {
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
      const { element, bff } = await mount();
      const pending = await payBySinpe(element);
      expect(bff.requests.find((request) => request.route === 'checkout')!.body).to.deep.include({ method: 'sinpe_movil' });
      expect(pending.reference).to.match(/^[34679ACDEFHJKMNPRTWXY]{6}$/);
      expect(element.state).to.equal('polling');
      expect(statusText(element)).to.equal('Esperando su transferencia SINPE Móvil. Esta página se actualiza sola.');
      const panel = await panelOf(element);
      const [phone, amount, reference] = values(panel);
      expect(phone).to.equal('8888-7777');
      // The exact amount to send: the order's, lowered when another transfer awaits the same one.
      expect(amount!.replace(/\s/g, ' ')).to.equal('₡12 500,00');
      expect(pending.amount).to.equal('12500.00');
      expect(reference).to.equal(pending.reference);
      expect(panel.querySelector('[part="sinpe-countdown"]')!.textContent).to.match(/Tiempo restante: (30:00|29:\d\d)/);
      expect(location.pathname).to.not.contain('hosted');
      await expectAccessible(element);

      // The bank's event reached the BFF: the next poll reads the approval.
      bff.orderStatuses(pending.orderNumber, { status: 'approved' });
      const approved = nextEvent(element, 'svc-approved');
      expect((await approved).orderNumber).to.equal(pending.orderNumber);
      expect(element.state).to.equal('approved');
      expect(root(element).querySelector('svc-sinpe-panel')).to.equal(null);
      await expectAccessible(element);
    });

    it('a transfer paid after the session ended is still followed to its approval, with the status token', async () => {
      const { element, bff, session } = await mount();
      const pending = await payBySinpe(element);
      // The session lives 15 minutes, the transfer's window 30: the session's token lapses first.
      bff.expire(session);
      bff.orderStatuses(pending.orderNumber, { status: 'approved' });
      await nextEvent(element, 'svc-approved');
      expect(element.state).to.equal('approved');
      const watched = bff.requests.filter((request) => request.route === 'getOrder');
      expect(watched.length).to.be.greaterThan(0);
      expect(watched.every((request) => request.token === bff.statusTokenOf(pending.orderNumber))).to.equal(true);
    });

    it('the receipt and svc-approved say what the transfer paid, below the order\'s amount', async () => {
      const { element, bff } = await mount();
      const pending = await payBySinpe(element);
      bff.orderStatuses(pending.orderNumber, { status: 'approved', paid: { amount: '12499.00', currency: 'CRC', discount: '1.00' } });
      const approved = await nextEvent(element, 'svc-approved');
      expect([approved.amount, approved.currency]).to.deep.equal(['12499.00', 'CRC']);
      const shown = [...root(element).querySelectorAll('[part="result"] dd')].map((dd) => dd.textContent!.replace(/\s/g, ' '));
      expect(shown).to.include('₡12 499,00');
      expect(shown).to.not.include('₡12 500,00');
      await expectAccessible(element);
    });

    it('resumes the open transfer after a reload instead of opening another', async () => {
      const first = await mount();
      const pending = await payBySinpe(first.element);
      first.element.remove();
      const again = await mount(first.bff, { session: first.session });
      const resumed = await nextEvent(again.element, 'svc-sinpe-pending');
      expect(resumed.reference).to.equal(pending.reference);
      expect(values(await panelOf(again.element))[2]).to.equal(pending.reference);
      expect(first.bff.calls('checkout')).to.equal(1);
    });

    it('says the bank refused, in the shopper\'s language, and offers to try again', async () => {
      const { element, bff } = await mount();
      const pending = await payBySinpe(element);
      const declined = nextEvent(element, 'svc-declined');
      // The BFF's answer once the bank refused the transfer (its message in the checkout's language).
      bff.orderStatuses(pending.orderNumber, { status: 'declined', canRetry: true, message: bankFailureMessage('declined', 'es-CR') });
      expect((await declined).reason).to.equal(bankFailureMessage('declined', 'es'));
      expect(statusText(element)).to.equal(bankFailureMessage('declined', 'es'));
      const retry = root(element).querySelector<HTMLButtonElement>('[part="retry-button"]')!;
      expect(retry.textContent).to.equal('Intentar de nuevo');
      await expectAccessible(element);
      retry.click();
      await waitForState(element, 'idle');
    });

    describe('when the time runs out', () => {
      let clock: ManualClock;
      beforeEach(() => (clock = new ManualClock().install()));
      afterEach(() => clock.uninstall());

      it('counts down, says clearly that the time ran out, and offers to try again', async () => {
        const { element, bff } = await mount();
        const pending = await payBySinpe(element);
        const lapse = Date.parse(pending.expiresAt);
        // The BFF's answer: pending until the transfer's time is up, then expired (another attempt may be opened).
        bff.answer('getOrder', () =>
          Date.now() < lapse
            ? undefined
            : { status: 200, body: bff.statusAnswer(pending.orderNumber, { status: 'expired', canRetry: true, message: bankFailureMessage('expired', 'es-CR') }) },
        );
        const countdown = (await panelOf(element)).querySelector('[part="sinpe-countdown"]')!;
        expect(countdown.textContent).to.equal('Tiempo restante: 30:00');
        await clock.tick(60_000);
        await eventually(() => countdown.textContent === 'Tiempo restante: 29:00', `the countdown shows ${countdown.textContent}`);
        expect(element.state).to.equal('polling');
        await clock.tick(29 * 60_000);
        // The first poll after the lapse (at most 15 s apart) reads it.
        await clock.tick(15_000);
        await waitForState(element, 'lapsed');
        expect(statusText(element)).to.equal(bankFailureMessage('expired', 'es'));
        expect(root(element).querySelector('[part="retry-button"]')).to.not.equal(null);
        await expectAccessible(element);
        const polls = bff.calls('getOrder');
        await clock.tick(10 * 60_000);
        expect(bff.calls('getOrder')).to.equal(polls);
      });
    });
  });

  describe('when the order is in dollars', () => {
    it('offers no choice: the card only', async () => {
      const { element } = await mount(new FakeBff(), { currency: 'USD' });
      await waitForState(element, 'idle');
      expect(root(element).querySelector('[part="method-choice"]')).to.equal(null);
    });
  });
});
