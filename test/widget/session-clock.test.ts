// The session's clock as a shopper meets it (WCAG 2.2.1 Timing Adjustable), on a manual clock: two
// minutes before a merchant session ends the element says how long is left, in a polite live region,
// and offers "Extend", which renews the session (POST /v1/session/renew) as often as the BFF's
// SESSION_MAX_MINUTES allows, keeping what was typed; past that the time left is said without the
// button, and at the end the element says plainly that the session ran out. A catalog session renews
// without a word, and one that ran out anyway never tells the shopper a payment expired.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { eventually, field, nextEvent, root, statusText, waitForState } from './support/element-parts.ts';
import { fillBilling, submitToHostedPage } from './support/hosted-trip.ts';
import { costaRicanBilling } from './support/buyer.ts';
import { FakeBff } from './support/fake-bff.ts';
import { ManualClock } from './support/manual-clock.ts';

const minutes = (n: number) => n * 60_000;
const notice = (element: SvcCheckout) => root(element).querySelector<HTMLElement>('[part="session-notice"]');
const extendButton = (element: SvcCheckout) => root(element).querySelector<HTMLButtonElement>('[part="session-extend-button"]');
const noticeText = (element: SvcCheckout) => notice(element)?.querySelector('[role="status"]')?.textContent?.trim() ?? '';

describe('the session clock', () => {
  let clock: ManualClock;
  let bff: FakeBff;
  beforeEach(() => {
    sessionStorage.clear();
    clock = new ManualClock().install();
    bff = new FakeBff();
  });
  afterEach(() => clock.uninstall());

  async function merchantElement(locale = 'en'): Promise<{ element: SvcCheckout; sessionToken: string }> {
    // The fake's sessions end 30 minutes after they are made.
    const { sessionToken } = bff.session({ prefill: { billing: costaRicanBilling } });
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale=${locale}></svc-checkout>`);
    await waitForState(element, 'idle');
    return { element, sessionToken };
  }

  /** Time moves to two minutes before the session ends: the notice comes (its part is fetched for real). */
  async function untilNotice(element: SvcCheckout, ms: number): Promise<void> {
    await clock.tick(ms);
    await eventually(() => notice(element), 'the session notice did not show');
  }

  it('two minutes before a merchant session ends, says the time left and extends it on request, ten times and more, keeping what was typed', async () => {
    bff.sessionMaxMinutes = 24 * 60;
    const { element, sessionToken } = await merchantElement();
    field<HTMLInputElement>(element, 'billing', 'First name').value = 'Marta';
    field<HTMLInputElement>(element, 'billing', 'First name').dispatchEvent(new Event('input'));
    expect(notice(element)).to.equal(null);
    await clock.tick(minutes(27));
    expect(notice(element), 'nothing is said three minutes before the end').to.equal(null);

    await untilNotice(element, minutes(1));
    expect(noticeText(element)).to.equal('Your checkout session ends in 2 minutes. Need more time?');
    expect(notice(element)!.querySelector('[part="session-countdown"]')!.textContent).to.equal('2:00');
    expect(extendButton(element)!.textContent!.trim()).to.equal('Extend');
    await clock.withRealTimers(() => expectAccessible(element));
    await clock.tick(61_000);
    expect(noticeText(element)).to.equal('Your checkout session ends in 1 minute. Need more time?');
    expect(notice(element)!.querySelector('[part="session-countdown"]')!.textContent).to.equal('0:59');

    for (let round = 1; round <= 10; round++) {
      extendButton(element)!.click();
      await eventually(() => noticeText(element).startsWith('Done'), `renewal ${round} was not said`);
      // Each renewal is asked with the token the last one gave.
      const renewal = bff.requests.filter((request) => request.route === 'renewSession').at(-1)!;
      expect(renewal.token).to.equal(round === 1 ? sessionToken : `${sessionToken}.renewed-${round - 1}`);
      expect(noticeText(element)).to.equal('Done: you have 15 more minutes to pay.');
      expect(extendButton(element)).to.equal(null);
      // The next notice: two minutes before the renewed token ends.
      await untilNotice(element, minutes(13));
      expect(noticeText(element)).to.equal('Your checkout session ends in 2 minutes. Need more time?');
    }
    expect(bff.calls('renewSession')).to.equal(10);
    expect(field<HTMLInputElement>(element, 'billing', 'First name').value).to.equal('Marta');
    expect(element.state).to.equal('idle');
    // Paying now uses the renewed session.
    extendButton(element)!.click();
    await eventually(() => noticeText(element).startsWith('Done'));
    expect(bff.calls('renewSession')).to.equal(11);
    await clock.withRealTimers(async () => {
      await submitToHostedPage(element);
    });
    const paidWith = bff.requests.filter((request) => request.route === 'checkout').at(-1)!.token!;
    expect(paidWith).to.not.equal(sessionToken);
    expect(paidWith).to.match(/\.renewed-11$/);
  });

  it('at the BFF’s longest session, says the time left without the button, then plainly that the session ran out', async () => {
    bff.sessionMaxMinutes = 30;
    const { element } = await merchantElement('es-CR');
    await untilNotice(element, minutes(28));
    expect(extendButton(element)!.textContent!.trim()).to.equal('Extender');
    extendButton(element)!.click();
    await eventually(() => extendButton(element) === null, 'the button stayed after the refusal');
    expect(noticeText(element)).to.equal('Su sesión de pago termina en 2 minutos y ya no puede extenderse. Pague antes o vuelva a la tienda para empezar de nuevo.');
    await clock.withRealTimers(() => expectAccessible(element));

    const ended = nextEvent(element, 'svc-error');
    await clock.tick(minutes(2));
    expect((await ended).code).to.equal('session-expired');
    await waitForState(element, 'expired');
    await eventually(() => statusText(element).startsWith('Su sesión de pago terminó'), `the status says ${statusText(element)}`);
    expect(statusText(element)).to.equal('Su sesión de pago terminó por tiempo y no se cobró nada en ella. Vuelva a la tienda o recargue la página para empezar de nuevo.');
    expect(statusText(element)).to.not.contain('expiró');
    expect(notice(element)).to.equal(null);
    await clock.withRealTimers(() => expectAccessible(element));
  });

  it('offers "Estender" in Portuguese', async () => {
    const { element } = await merchantElement('pt-BR');
    await untilNotice(element, minutes(28));
    expect(extendButton(element)!.textContent!.trim()).to.equal('Estender');
    expect(noticeText(element)).to.equal('Sua sessão de pagamento termina em 2 minutos. Precisa de mais tempo?');
  });

  it('renews a catalog session without a word, and a catalog session that ran out anyway pays on with a new one, never saying a payment expired', async () => {
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items='[{"sku":"CR-COFFEE-500","quantity":1}]' locale="es-CR"></svc-checkout>`);
    await waitForState(element, 'idle');
    await clock.tick(minutes(28));
    await eventually(() => bff.calls('renewSession') === 1, 'the catalog session was not renewed');
    await clock.tick(1000);
    expect(notice(element)).to.equal(null);
    expect(statusText(element)).to.equal('');

    await clock.withRealTimers(async () => {
      await fillBilling(element);
      // The laptop slept past the session's end: the BFF answers the checkout with its 401.
      bff.expireAll();
      const redirected = nextEvent(element, 'svc-redirect');
      element.addEventListener('svc-redirect', (event) => event.preventDefault());
      await element.submit();
      await redirected;
    });
    expect(bff.requests.map((request) => request.route)).to.deep.equal(['createSession', 'renewSession', 'checkout', 'createSession', 'checkout']);
    expect(statusText(element)).to.not.match(/expir/);
  });
});
