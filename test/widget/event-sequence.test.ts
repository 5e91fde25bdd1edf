// The public events of the main walks, in order, each with its detail and the element's state as the
// page hears it: the contract a merchant page's listeners rely on. Recorded on the flow that moved
// imperatively, kept as the machine's table took over what each move dispatches.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { bankFailureMessage } from '../../contract/bank-failure-messages.ts';
import { eventually, nextEvent, root, submitButton, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { ManualClock } from './support/manual-clock.ts';
import { costaRicanBilling } from './support/buyer.ts';
import { returnFromHostedPage } from './support/hosted-trip.ts';
import { payBySinpe } from './support/sinpe-steps.ts';
import { recordingOpenedWindows } from './support/opened-windows.ts';

const names = [
  'svc-ready',
  'svc-submit',
  'svc-redirect',
  'svc-status',
  'svc-method-change',
  'svc-approved',
  'svc-declined',
  'svc-cancelled',
  'svc-lapsed',
  'svc-sinpe-pending',
  'svc-error',
] as const;

/** Every svc-* event the document hears, as `<name> <state> <detail>`, the order number written `#`. */
function recordEvents() {
  const heard: string[] = [];
  const listener = (event: Event) => {
    const element = event.target as SvcCheckout;
    // The event's own fields (svc-* events carry theirs on the event, some in `detail` too).
    const { isTrusted: _trusted, ...fields } = event as Event & Record<string, unknown>;
    let detail = JSON.stringify(fields);
    const order = /"orderNumber":"([^"]+)"/.exec(detail)?.[1];
    if (order) detail = detail.split(order).join('#');
    heard.push(`${event.type} ${element.state} ${detail}`);
  };
  for (const name of names) document.addEventListener(name, listener);
  return { heard, stop: () => names.forEach((name) => document.removeEventListener(name, listener)) };
}

const retryButton = (element: SvcCheckout) => root(element).querySelector<HTMLButtonElement>('[part="retry-button"]')!;

describe('the events of the main walks, in order', () => {
  let events: ReturnType<typeof recordEvents>;
  beforeEach(() => {
    sessionStorage.clear();
    events = recordEvents();
  });
  afterEach(() => {
    events.stop();
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('a card approved after the hosted page', async () => {
    const bff = new FakeBff();
    const { sessionToken, orderNumber } = bff.session({ prefill: { billing: costaRicanBilling } });
    const first = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
    first.addEventListener('svc-redirect', (event) => event.preventDefault());
    await waitForState(first, 'idle');
    const redirected = nextEvent(first, 'svc-redirect');
    submitButton(first).click();
    await redirected;
    first.remove();
    bff.orderStatuses(orderNumber, { status: 'approved', auth: '123456' });
    returnFromHostedPage(orderNumber);
    const second = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
    await waitForState(second, 'approved');
    expect(events.heard).to.deep.equal([
      'svc-ready idle {"orderNumber":"#"}',
      'svc-submit idle {"orderNumber":"#"}',
      `svc-redirect redirecting {"url":"${bff.hostedUrl(orderNumber)}","mode":"redirect"}`,
      'svc-status returned {"orderNumber":"#","status":"approved","final":true}',
      'svc-approved approved {"orderNumber":"#","amount":"12500.00","currency":"CRC","auth":"123456","method":"card"}',
    ]);
  });

  it('a card declined, then "Try again" and the next attempt', async () => {
    const bff = new FakeBff();
    const { sessionToken, orderNumber } = bff.session({ prefill: { billing: costaRicanBilling } });
    const first = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
    first.addEventListener('svc-redirect', (event) => event.preventDefault());
    await waitForState(first, 'idle');
    submitButton(first).click();
    await waitForState(first, 'redirecting');
    first.remove();
    bff.orderStatuses(orderNumber, FakeBff.declined('insufficient_funds'));
    returnFromHostedPage(orderNumber);
    const second = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
    second.addEventListener('svc-redirect', (event) => event.preventDefault());
    await waitForState(second, 'declined');
    retryButton(second).click();
    await waitForState(second, 'idle');
    const redirected = nextEvent(second, 'svc-redirect');
    submitButton(second).click();
    await redirected;
    const declined = events.heard.find((line) => line.startsWith('svc-declined'))!;
    expect(events.heard).to.deep.equal([
      'svc-ready idle {"orderNumber":"#"}',
      'svc-submit idle {"orderNumber":"#"}',
      `svc-redirect redirecting {"url":"${bff.hostedUrl(orderNumber)}","mode":"redirect"}`,
      'svc-status returned {"orderNumber":"#","status":"declined","final":false}',
      declined,
      'svc-submit idle {"orderNumber":"#"}',
      `svc-redirect redirecting {"url":"${bff.hostedUrl(orderNumber, 2)}","mode":"redirect"}`,
    ]);
    expect(declined).to.match(/^svc-declined declined \{"orderNumber":"#","reason":"[^"]+","category":"insufficient_funds","method":"card"\}$/);
  });

  it('a SINPE Móvil transfer paid', async () => {
    const bff = new FakeBff();
    const { sessionToken } = bff.session({ prefill: { billing: costaRicanBilling }, sinpeMovil: {} });
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="es-CR"></svc-checkout>`);
    const pending = await payBySinpe(element);
    bff.orderStatuses(pending.orderNumber, { status: 'approved', paid: { amount: '12499.00', currency: 'CRC', discount: '1.00' } });
    await waitForState(element, 'approved');
    const sinpePending = events.heard.find((line) => line.startsWith('svc-sinpe-pending'))!;
    expect(events.heard).to.deep.equal([
      'svc-ready idle {"orderNumber":"#"}',
      'svc-method-change idle {"method":"sinpe_movil"}',
      'svc-submit idle {"orderNumber":"#"}',
      sinpePending,
      'svc-status polling {"orderNumber":"#","status":"pending","final":false}',
      'svc-status polling {"orderNumber":"#","status":"approved","final":true}',
      'svc-approved approved {"orderNumber":"#","amount":"12499.00","currency":"CRC","method":"sinpe_movil"}',
    ]);
    expect(sinpePending).to.match(/^svc-sinpe-pending polling \{"orderNumber":"#","reference":"[^"]+","amount":"[\d.]+","expiresAt":"[^"]+"\}$/);
  });

  it('a SINPE Móvil transfer whose time ran out', async () => {
    const bff = new FakeBff();
    const { sessionToken } = bff.session({ prefill: { billing: costaRicanBilling }, sinpeMovil: {} });
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="es-CR"></svc-checkout>`);
    const pending = await payBySinpe(element);
    bff.orderStatuses(pending.orderNumber, { status: 'expired', canRetry: true, message: bankFailureMessage('expired', 'es') });
    await waitForState(element, 'lapsed');
    expect(events.heard.filter((line) => !line.startsWith('svc-sinpe-pending'))).to.deep.equal([
      'svc-ready idle {"orderNumber":"#"}',
      'svc-method-change idle {"method":"sinpe_movil"}',
      'svc-submit idle {"orderNumber":"#"}',
      'svc-status polling {"orderNumber":"#","status":"pending","final":false}',
      'svc-status polling {"orderNumber":"#","status":"expired","final":false}',
      `svc-lapsed lapsed {"orderNumber":"#","reason":"${bankFailureMessage('expired', 'es')}","canRetry":true,"method":"sinpe_movil"}`,
    ]);
  });

  describe('popup mode', () => {
    let clock: ManualClock;
    beforeEach(() => (clock = new ManualClock().install()));
    afterEach(() => clock.uninstall());

    it('the payment window closed before paying', async () => {
      const bff = new FakeBff();
      const { sessionToken, orderNumber } = bff.session({ prefill: { billing: costaRicanBilling } });
      const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} mode="popup" locale="en"></svc-checkout>`);
      await waitForState(element, 'idle');
      await recordingOpenedWindows(async (opened) => {
        submitButton(element).focus();
        await sendKeys({ press: 'Enter' });
        await eventually(() => bff.calls('getOrder') === 1, 'the watch did not start');
        opened[0]!.close();
        await clock.tick(500);
        await waitForState(element, 'idle');
      });
      expect(events.heard).to.deep.equal([
        'svc-ready idle {"orderNumber":"#"}',
        'svc-submit idle {"orderNumber":"#"}',
        `svc-redirect redirecting {"url":"${bff.hostedUrl(orderNumber)}","mode":"popup"}`,
        'svc-status redirecting {"orderNumber":"#","status":"pending","final":false}',
      ]);
    });
  });
});
