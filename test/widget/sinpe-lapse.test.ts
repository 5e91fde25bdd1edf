// A SINPE Móvil transfer whose time ran out is an outcome of its own, not a refusal: the element
// moves to `lapsed`, fires `svc-lapsed` and never `svc-declined` (a merchant page that counts
// declines does not count lapses), shows a muted clock rather than the red cross, says in the
// shopper's language that the transfer did not arrive in time, and still offers "Try again" while
// the order takes another attempt. Watched on the page, and found so after a reload. axe in each.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { bankFailureMessage } from '../../contract/bank-failure-messages.ts';
import { expectAccessible } from './support/axe.ts';
import { eventually, nextEvent, resultColourOf, root, statusText, submitButton, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { costaRicanBilling } from './support/buyer.ts';
import { returnFromHostedPage } from './support/hosted-trip.ts';

const panel = (element: SvcCheckout) => root(element).querySelector<HTMLElement>('[part="result"]')!;
const retryButton = (element: SvcCheckout) => root(element).querySelector<HTMLButtonElement>('[part="retry-button"]');
const radio = (element: SvcCheckout, value: string) => root(element).querySelector<HTMLInputElement>(`input[name="svc-method"][value="${value}"]`)!;

/** The result panel's clock: time ran out, nothing was refused. */
const clockIcon = 'M12 7v5.5l3 2';

const words = {
  'es-CR': { title: 'No recibimos la transferencia a tiempo', retry: 'Intentar de nuevo' },
  en: { title: 'We did not receive the transfer in time', retry: 'Try again' },
  'pt-BR': { title: 'Não recebemos a transferência a tempo', retry: 'Tentar novamente' },
};

/** Every svc-declined and svc-lapsed the page hears, as a merchant's analytics would count them. */
function countOutcomeEvents() {
  const heard = { declined: 0, lapsed: [] as unknown[] };
  const onDeclined = () => (heard.declined += 1);
  const onLapsed = (event: Event) => heard.lapsed.push((event as Event & { detail: unknown }).detail);
  document.addEventListener('svc-declined', onDeclined);
  document.addEventListener('svc-lapsed', onLapsed);
  return { heard, stop: () => (document.removeEventListener('svc-declined', onDeclined), document.removeEventListener('svc-lapsed', onLapsed)) };
}

/** What a lapse looks like in the element, whatever led to it. */
async function expectLapse(element: SvcCheckout, expected: { title: string; retry: string }) {
  await eventually(() => panel(element)?.querySelector('h2')?.textContent === expected.title, 'the lapse\'s heading');
  const icon = panel(element).querySelector('.result-icon')!;
  expect(icon.querySelector('path')!.getAttribute('d'), 'the icon is a clock, not a cross').to.equal(clockIcon);
  expect(getComputedStyle(icon).color, 'the icon is in the muted colour').to.equal(resultColourOf(element, '--_muted'));
  expect(getComputedStyle(icon).color, 'the icon is not in the error colour').to.not.equal(resultColourOf(element, '--_error'));
  expect(retryButton(element)?.textContent).to.equal(expected.retry);
  await expectAccessible(element);
}

describe('a SINPE Móvil transfer whose time ran out', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  for (const [locale, expected] of Object.entries(words)) {
    it(`${locale}: is lapsed, not declined: svc-lapsed and no svc-declined, a muted clock, its own words, "Try again"`, async () => {
      const bff = new FakeBff();
      const { sessionToken } = bff.session({ prefill: { billing: costaRicanBilling }, sinpeMovil: {} });
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale=${locale}></svc-checkout>`);
      await waitForState(element, 'idle');
      const events = countOutcomeEvents();
      try {
        radio(element, 'sinpe_movil').click();
        const pending = nextEvent(element, 'svc-sinpe-pending');
        submitButton(element).click();
        const { orderNumber } = await pending;
        bff.orderStatuses(orderNumber, { status: 'expired', canRetry: true, message: bankFailureMessage('expired', locale) });
        // The events of an outcome fire with the move to it: counted once the state is there.
        await waitForState(element, 'lapsed');
        expect(events.heard.declined, 'svc-declined fired for a lapse').to.equal(0);
        expect(events.heard.lapsed).to.deep.equal([{ orderNumber, reason: bankFailureMessage('expired', locale), canRetry: true, method: 'sinpe_movil' }]);
        expect(statusText(element)).to.equal(bankFailureMessage('expired', locale));
        await expectLapse(element, expected);
      } finally {
        events.stop();
      }
      retryButton(element)!.click();
      await waitForState(element, 'idle');
      expect(radio(element, 'sinpe_movil').checked).to.equal(true);
    });
  }

  it('found so after a reload: lapsed, svc-lapsed and no svc-declined', async () => {
    const bff = new FakeBff();
    bff.offersSinpe = true;
    const { orderNumber } = bff.session({ sinpeMovil: {} });
    bff.orderStatuses(orderNumber, { status: 'expired', canRetry: true, message: bankFailureMessage('expired', 'es'), bankFailure: 'expired' });
    returnFromHostedPage(orderNumber);
    const events = countOutcomeEvents();
    try {
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items='[{"sku":"CR-COFFEE-500","quantity":1}]' locale="es-CR"></svc-checkout>`);
      await waitForState(element, 'lapsed');
      expect(events.heard.declined, 'svc-declined fired for a lapse').to.equal(0);
      expect(events.heard.lapsed).to.deep.equal([{ orderNumber, reason: bankFailureMessage('expired', 'es'), canRetry: true, method: 'sinpe_movil' }]);
      await expectLapse(element, words['es-CR']);
    } finally {
      events.stop();
    }
  });
});
