// Watching a payment never depends on the session's life: a SINPE Móvil transfer (30 minutes) and a
// popup's hosted page outlive a session (15), so a reload after the session ended shows the payment's
// state, read with the status token kept for the tab, never an empty form or "session expired"; and a
// watch whose token stops reading the order (401) is said as such, never as a failed payment.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { eventually, nextEvent, root, statusText, submitButton, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { costaRicanBilling } from './support/buyer.ts';
import { payBySinpe } from './support/sinpe-steps.ts';

const getOrderTokens = (bff: FakeBff) => bff.requests.filter((request) => request.route === 'getOrder').map((request) => request.token);

async function merchantElement(bff: FakeBff, sessionToken: string, mode = 'redirect'): Promise<SvcCheckout> {
  return fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} mode=${mode} locale="es-CR"></svc-checkout>`);
}

describe('watching a payment past the session', () => {
  beforeEach(() => sessionStorage.clear());

  it('a reload after the session ended during a SINPE Móvil transfer shows the transfer, then its approval', async () => {
    const bff = new FakeBff();
    const { sessionToken, orderNumber } = bff.session({ prefill: { billing: costaRicanBilling }, sinpeMovil: {} });
    const first = await merchantElement(bff, sessionToken);
    const pending = await payBySinpe(first);
    first.remove();
    // Minute 16 of a 30-minute transfer: the session is over, the transfer is not.
    bff.expire(sessionToken);

    const resumed = nextEvent(document, 'svc-sinpe-pending');
    const reloaded = await merchantElement(bff, sessionToken);
    expect((await resumed).reference).to.equal(pending.reference);
    await waitForState(reloaded, 'polling');
    await eventually(() => root(reloaded).querySelector('svc-sinpe-panel')?.shadowRoot?.querySelector('dl'), 'the transfer panel did not show');
    expect(root(reloaded).querySelector('[part="form"]'), 'no empty form').to.equal(null);
    await expectAccessible(reloaded);

    bff.orderStatuses(orderNumber, { status: 'approved' });
    await waitForState(reloaded, 'approved');
    expect(getOrderTokens(bff).every((token) => token === bff.statusTokenOf(orderNumber))).to.equal(true);
  });

  it('a reload after the session ended during a popup payment shows the order’s outcome, read with its status token', async () => {
    const bff = new FakeBff();
    const { sessionToken, orderNumber } = bff.session({ prefill: { billing: costaRicanBilling } });
    const first = await merchantElement(bff, sessionToken, 'popup');
    await waitForState(first, 'idle');
    const realOpen = window.open.bind(window);
    const opened: Array<Window | null> = [];
    window.open = (...args: Parameters<typeof window.open>) => {
      const popup = realOpen(...args);
      opened.push(popup);
      return popup;
    };
    try {
      const redirected = nextEvent(first, 'svc-redirect');
      submitButton(first).focus();
      await sendKeys({ press: 'Enter' });
      await redirected;
      first.remove();
      bff.expire(sessionToken);
      bff.orderStatuses(orderNumber, { status: 'approved' });

      const approved = nextEvent(document, 'svc-approved');
      const reloaded = await merchantElement(bff, sessionToken, 'popup');
      expect((await approved).orderNumber).to.equal(orderNumber);
      await waitForState(reloaded, 'approved');
      expect(getOrderTokens(bff).at(-1)).to.equal(bff.statusTokenOf(orderNumber));
    } finally {
      window.open = realOpen;
      for (const popup of opened) popup?.close();
    }
  });

  it('a watch whose session token stops reading the order says so, never "Algo salió mal"', async () => {
    const bff = new FakeBff();
    const { sessionToken, orderNumber } = bff.session({ prefill: { billing: costaRicanBilling }, sinpeMovil: {} });
    // A BFF that gave no status token with the transfer: the element watches with the session's.
    bff.answerOnce('checkout', (request) => {
      const transfer = { phone: '88887777', amount: '12500.00', discount: '0.00', currency: 'CRC', reference: 'R3A4C6', expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() };
      expect(request.token).to.equal(sessionToken);
      return { status: 200, body: { orderNumber, sinpeMovil: transfer } };
    });
    const element = await merchantElement(bff, sessionToken);
    const errors: string[] = [];
    element.addEventListener('svc-error', (event) => errors.push(event.code));
    await payBySinpe(element);
    await eventually(() => bff.calls('getOrder') > 0, 'the transfer was not watched');
    bff.expire(sessionToken);

    await waitForState(element, 'expired', 20_000);
    await eventually(() => statusText(element).startsWith('Ya no podemos seguir este pago aquí'), `the status says ${statusText(element)}`);
    expect(statusText(element)).to.not.contain('Algo salió mal');
    expect(errors).to.deep.equal(['session-expired']);
    await expectAccessible(element);
  });
});
