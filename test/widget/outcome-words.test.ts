// Each outcome of a SINPE Móvil transfer in its own words, at phone and desktop widths, against the
// real stack (sandbox bank, BFF offering SINPE Móvil): a transfer whose time ran out is not a
// refusal and names no card; "Try again" brings the form back with the focus on the pay button and
// says so, and a transfer resumed after a reload is retried as a transfer; an approval says how it
// was paid and to whom. axe in each new state.
import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { nextEvent, root, statusText, submitButton, waitForState } from './support/element-parts.ts';
import { bankFailureMessage } from '../../contract/bank-failure-messages.ts';
import { costaRicanBilling, merchantSession, sendSinpeTransfer, sinpeBff } from './support/stack.ts';

async function mount(options: { shortTransfer?: boolean; locale?: string; session?: string } = {}) {
  const { bff } = await sinpeBff({ shortTransfer: options.shortTransfer ?? false });
  const session = options.session ?? (await merchantSession({ prefill: { billing: costaRicanBilling } })).sessionToken;
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} session=${session} locale=${options.locale ?? 'es-CR'}></svc-checkout>`);
  return { element, session };
}

const radio = (element: SvcCheckout, value: string) => root(element).querySelector<HTMLInputElement>(`input[name="svc-method"][value="${value}"]`)!;
const panel = (element: SvcCheckout) => root(element).querySelector<HTMLElement>('[part="result"]')!;
const retryButton = (element: SvcCheckout) => root(element).querySelector<HTMLButtonElement>('[part="retry-button"]')!;

async function payBySinpe(element: SvcCheckout) {
  await waitForState(element, 'idle');
  radio(element, 'sinpe_movil').click();
  const pending = nextEvent(element, 'svc-sinpe-pending');
  submitButton(element).click();
  return pending;
}

/** What the shopper reads in the element: the result panel, the live region, the buttons. */
const shownText = (element: SvcCheckout) => root(element).textContent!.replace(/\s+/g, ' ');

const words = {
  'es-CR': {
    title: 'No recibimos la transferencia a tiempo',
    retry: 'Intentar de nuevo',
    retryReady: 'Revise sus datos y pague de nuevo.',
    sentAnyway: /Si ya la hizo, no la repita/,
    approved: 'Pago aprobado',
    paidTo: 'Pagado con SINPE Móvil al 8888-7777',
    refusal: /rechaz|otra tarjeta/i,
  },
  en: {
    title: 'We did not receive the transfer in time',
    retry: 'Try again',
    retryReady: 'Check your details and pay again.',
    sentAnyway: /If you already sent it, do not send it again/,
    approved: 'Payment approved',
    paidTo: 'Paid with SINPE Móvil to 8888-7777',
    refusal: /declined|another card/i,
  },
  'pt-BR': {
    title: 'Não recebemos a transferência a tempo',
    retry: 'Tentar novamente',
    retryReady: 'Confira seus dados e pague novamente.',
    sentAnyway: /Se você já a fez, não a repita/,
    approved: 'Pagamento aprovado',
    paidTo: 'Pago com SINPE Móvil para 8888-7777',
    refusal: /recus|outro cartão/i,
  },
};

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  describe(`SINPE Móvil outcomes at ${viewport.width} px`, function () {
    this.timeout(60_000);

    before(() => setViewport(viewport));

    for (const [locale, expected] of Object.entries(words)) {
      it(`${locale}: a transfer whose time ran out says it did not arrive, what to do if it was sent, and "Try again" returns to the pay button`, async () => {
        const { element } = await mount({ shortTransfer: true, locale });
        await payBySinpe(element);
        await waitForState(element, 'declined', 30_000);
        await element.updateComplete;
        expect(panel(element).querySelector('h2')!.textContent).to.equal(expected.title);
        // What to do if it was sent anyway: "do not send it again", in the shopper's language.
        expect(statusText(element)).to.equal(bankFailureMessage('expired', locale));
        expect(statusText(element)).to.match(expected.sentAnyway);
        expect(shownText(element)).to.not.match(expected.refusal);
        expect(retryButton(element).textContent).to.equal(expected.retry);
        await expectAccessible(element);

        retryButton(element).click();
        await waitForState(element, 'idle');
        await element.updateComplete;
        expect(statusText(element)).to.equal(expected.retryReady);
        expect(root(element).activeElement, 'the pay button has the focus').to.equal(submitButton(element));
        expect(radio(element, 'sinpe_movil').checked).to.equal(true);
        await expectAccessible(element);
      });
    }

    it('a transfer resumed after a reload is tried again as a transfer, not by card', async () => {
      const first = await mount({ shortTransfer: true });
      const pending = await payBySinpe(first.element);
      first.element.remove();
      const again = await mount({ shortTransfer: true, session: first.session });
      expect((await nextEvent(again.element, 'svc-sinpe-pending')).reference).to.equal(pending.reference);
      await waitForState(again.element, 'declined', 30_000);
      retryButton(again.element).click();
      await waitForState(again.element, 'idle');
      expect(radio(again.element, 'sinpe_movil').checked, 'SINPE Móvil stays chosen').to.equal(true);
      expect(radio(again.element, 'card').checked).to.equal(false);
      await expectAccessible(again.element);
    });

    for (const [locale, expected] of Object.entries(words)) {
      it(`${locale}: an approval says it was paid by SINPE Móvil and to which number`, async () => {
        const { element } = await mount({ locale });
        const pending = await payBySinpe(element);
        const approved = nextEvent(element, 'svc-approved');
        await sendSinpeTransfer({ reference: pending.reference, amount: pending.amount });
        await approved;
        await element.updateComplete;
        expect(panel(element).querySelector('h2')!.textContent).to.equal(expected.approved);
        expect(panel(element).textContent).to.contain(expected.paidTo);
        await expectAccessible(element);
      });
    }
  });
}
