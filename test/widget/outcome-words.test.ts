// Each outcome of a SINPE Móvil transfer in its own words, at phone and desktop widths, against a
// fake BFF that offers SINPE Móvil, on a manual clock: a transfer whose time ran out is not a
// refusal and names no card; "Try again" brings the form back with the focus on the pay button and
// says so, and a transfer resumed after a reload is retried as a transfer; an approval says how it
// was paid and to whom. axe in each new state. The bank's events reaching the real BFF are
// test/bff's; the whole round trip is test/e2e/widget-outcome-words.spec.ts.
import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import type { CheckoutRequest } from '../../contract/bff-api.ts';
import { expectAccessible } from './support/axe.ts';
import { eventually, nextEvent, resultColourOf, root, statusText, submitButton, waitForState } from './support/element-parts.ts';
import { bankFailureMessage } from '../../contract/bank-failure-messages.ts';
import { FakeBff } from './support/fake-bff.ts';
import { ManualClock } from './support/manual-clock.ts';
import { costaRicanBilling } from './support/buyer.ts';

/** The transfer's time on the fake (the real BFF's is longer; only the lapse matters here). */
const transferMinutes = 1;
/** The poller's longest wait between two questions: the first one after the lapse reads it. */
const longestPoll = 15_000;

async function mount(bff: FakeBff, options: { locale?: string; session?: string } = {}) {
  const session = options.session ?? bff.session({ prefill: { billing: costaRicanBilling }, sinpeMovil: {} }).sessionToken;
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${session} locale=${options.locale ?? 'es-CR'}></svc-checkout>`);
  return { element, session };
}

/** A BFF that offers SINPE Móvil with short transfers. */
function sinpeBff(): FakeBff {
  const bff = new FakeBff();
  bff.transferMinutes = transferMinutes;
  return bff;
}

/**
 * The BFF's answer once the transfer's time is up and no money came: expired, another attempt may
 * be opened, and what to do if it was sent anyway in the language the checkout was sent in.
 */
function expiresUnpaid(bff: FakeBff, transfer: { expiresAt: string }): void {
  const lapse = Date.parse(transfer.expiresAt);
  bff.answer('getOrder', ({ orderNumber }) => {
    if (Date.now() < lapse) return undefined;
    const checkout = bff.requests.findLast((request) => request.route === 'checkout')!.body as CheckoutRequest;
    const message = bankFailureMessage('expired', checkout.locale);
    return { status: 200, body: bff.statusAnswer(orderNumber!, { status: 'expired', canRetry: true, message }) };
  });
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

/** The transfer's time runs out, and the next poll reads it (the watch asked once already). */
async function letTheTransferLapse(bff: FakeBff, clock: ManualClock, element: SvcCheckout) {
  await eventually(() => bff.calls('getOrder') > 0, 'the element never asked for the order');
  await clock.tick(transferMinutes * 60_000 + longestPoll);
  await waitForState(element, 'lapsed');
}

/** The result panel's clock (the review's icon): time ran out, nothing was refused. */
const clockIcon = 'M12 7v5.5l3 2';

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
  describe(`SINPE Móvil outcomes at ${viewport.width} px`, () => {
    let clock: ManualClock;
    before(() => setViewport(viewport));
    beforeEach(() => (clock = new ManualClock().install()));
    afterEach(() => clock.uninstall());

    for (const [locale, expected] of Object.entries(words)) {
      it(`${locale}: a transfer whose time ran out says it did not arrive, what to do if it was sent, and "Try again" returns to the pay button`, async () => {
        const bff = sinpeBff();
        const { element } = await mount(bff, { locale });
        expiresUnpaid(bff, await payBySinpe(element));
        await letTheTransferLapse(bff, clock, element);
        expect(panel(element).querySelector('h2')!.textContent).to.equal(expected.title);
        // What to do if it was sent anyway: "do not send it again", in the shopper's language.
        expect(statusText(element)).to.equal(bankFailureMessage('expired', locale));
        expect(statusText(element)).to.match(expected.sentAnyway);
        expect(shownText(element)).to.not.match(expected.refusal);
        // Not a refusal in the picture either: a clock in the muted colour, not the red cross.
        const icon = panel(element).querySelector('.result-icon')!;
        expect(getComputedStyle(icon).color, 'the icon is in the muted colour').to.equal(resultColourOf(element, '--_muted'));
        expect(icon.querySelector('path')!.getAttribute('d'), 'the icon is a clock, not a cross').to.equal(clockIcon);
        expect(retryButton(element).textContent).to.equal(expected.retry);
        await expectAccessible(element);

        retryButton(element).click();
        await waitForState(element, 'idle');
        expect(statusText(element)).to.equal(expected.retryReady);
        // Compared by part: a failed `to.equal` between two elements stalled the test run instead of reporting.
        expect(root(element).activeElement?.getAttribute('part'), 'the pay button has the focus').to.equal('submit-button');
        expect(radio(element, 'sinpe_movil').checked).to.equal(true);
        await expectAccessible(element);
      });
    }

    it('a transfer resumed after a reload is tried again as a transfer, not by card', async () => {
      const bff = sinpeBff();
      const first = await mount(bff);
      const pending = await payBySinpe(first.element);
      first.element.remove();
      const again = await mount(bff, { session: first.session });
      const resumed = await nextEvent(again.element, 'svc-sinpe-pending');
      expect(resumed.reference).to.equal(pending.reference);
      expect(bff.calls('checkout'), 'no second transfer was opened').to.equal(1);
      expiresUnpaid(bff, resumed);
      await letTheTransferLapse(bff, clock, again.element);
      retryButton(again.element).click();
      await waitForState(again.element, 'idle');
      expect(radio(again.element, 'sinpe_movil').checked, 'SINPE Móvil stays chosen').to.equal(true);
      expect(radio(again.element, 'card').checked).to.equal(false);
      await expectAccessible(again.element);
    });

    for (const [locale, expected] of Object.entries(words)) {
      it(`${locale}: an approval says it was paid by SINPE Móvil and to which number`, async () => {
        const bff = sinpeBff();
        const { element } = await mount(bff, { locale });
        const pending = await payBySinpe(element);
        await eventually(() => bff.calls('getOrder') > 0, 'the element never asked for the order');
        // The bank's event reached the BFF: the next poll reads the approval.
        bff.orderStatuses(pending.orderNumber, { status: 'approved' });
        const approved = nextEvent(element, 'svc-approved');
        await clock.tick(longestPoll);
        await approved;
        await element.updateComplete;
        expect(panel(element).querySelector('h2')!.textContent).to.equal(expected.approved);
        expect(panel(element).textContent).to.contain(expected.paidTo);
        await expectAccessible(element);
      });
    }
  });
}
