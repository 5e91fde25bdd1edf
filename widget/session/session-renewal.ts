// A lazy part of its own (dist/widget/chunks/session-renewal-<hash>.js), asked by the flow when its
// timer fires two minutes before the session ends: a purchase made in time never downloads it.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { BffError } from '../flow/bff-client.ts';
import type { CheckoutFlowApi as CheckoutFlow } from '../flow/flow-api.ts';
import { keepRenewedSession, keepSessionToken } from '../kept/kept-session.ts';
import { minutesLeft, renderSessionNotice, renewSession } from '../lazy/session-clock.ts';
import { paysWithSession } from './session-states.ts';

/** The clock's words in the page's language arrive with this part too (parts/loader.ts). */
export { partReady } from '../lazy/session-clock.ts';

/** The flow's steps a renewal is made of. */
export type RenewalSteps = Pick<CheckoutFlow, 'view' | 'set' | 'sessionToken' | 'isCatalogMode' | 'session'>;

/** What the renewal reads of <svc-checkout>. */
export interface RenewalHost extends ReactiveControllerHost {
  readonly bff: string;
  readonly session: string;
}

/**
 * The session's end as the shopper meets it (a Lit reactive controller of <svc-checkout>): a catalog
 * session is renewed without a word (its order is the page's own); a merchant's shopper reads the
 * time left and may extend it (WCAG 2.2.1), up to the BFF's longest. A payment already under way is
 * followed with its status token instead, so the notice shows only while the session still pays.
 */
export class SessionRenewal implements ReactiveController {
  /** The notice's one-second tick. */
  #tick: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly flow: RenewalSteps,
    private readonly host: RenewalHost,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stop();
  }

  stop(): void {
    clearInterval(this.#tick);
  }

  /** Two minutes before the session ends (`endsAt`, this page's clock). */
  async ending(endsAt: number): Promise<void> {
    const flow = this.flow;
    if (!paysWithSession(flow.view.state)) return;
    if (flow.isCatalogMode() && (await this.extend(true))) return;
    flow.set({ sessionNotice: { endsAt, extendable: !flow.isCatalogMode() } });
    this.#tick = setInterval(() => {
      if (Date.now() < endsAt) return this.host.requestUpdate();
      this.stop();
      flow.set({ sessionNotice: undefined });
      // A merchant's session is over: said now, not after the next press of Pay. A catalog page makes
      // a new order for the same cart when the shopper pays (the flow's answer to a 401).
      if (!flow.isCatalogMode() && paysWithSession(flow.view.state)) flow.session.expire('the session ended');
    }, 1000);
  }

  /** The notice's "Extend" (and a catalog session's silent renewal): true when the session was renewed. */
  async extend(silently = false): Promise<boolean> {
    const { flow, host } = this;
    const notice = flow.view.sessionNotice;
    if (notice) flow.set({ sessionNotice: { ...notice, busy: true } });
    try {
      const renewed = await renewSession(host.bff, flow.sessionToken);
      if (host.session) keepRenewedSession(host.session, renewed.sessionToken);
      if (flow.view.order) keepSessionToken(flow.view.order.orderNumber, renewed.sessionToken);
      flow.session.useSession(renewed.sessionToken, renewed.expiresAt);
      const endsAt = Date.parse(renewed.expiresAt);
      if (!silently) flow.set({ sessionNotice: { endsAt, extendable: false, extendedBy: minutesLeft(endsAt - Date.now()) } });
      return true;
    } catch (error) {
      // At its longest (403): the time left is said, without the button. Anything else: the button stays, to try again.
      const atMost = error instanceof BffError && error.status === 403;
      if (notice) flow.set({ sessionNotice: { ...notice, busy: false, extendable: notice.extendable && !atMost } });
      return false;
    }
  }

  /** The notice, where the element shows it (above the status), while the shopper may pay with the session. */
  notice(locale: string): unknown {
    const { sessionNotice, state } = this.flow.view;
    if (!sessionNotice || !paysWithSession(state)) return undefined;
    return renderSessionNotice(locale, sessionNotice, Date.now(), () => void this.extend());
  }
}
