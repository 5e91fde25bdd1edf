// Part of the lazy checkout-rules part, with the flow (checkout-flow.ts) that composes it.
import type { ReactiveController } from 'lit';
import type { CreateSessionRequest, OrderStatusResponse } from '../../contract/bff-api.ts';
import type { SessionSinpeMovil } from '../../contract/sinpe-movil.ts';
import { orderNumberOfStatusToken } from '../../contract/status-token.ts';
import { emptyAddress, emptyBillingAddress } from '../address/address-fields.ts';
import { BffError } from '../flow/bff-client.ts';
import type { CheckoutFlowApi, FlowHost, SessionSteps } from '../flow/flow-api.ts';
import { countryOfCurrency, countryOfLocale } from '../i18n/countries.ts';
import { renewedSessionOf, type KeptFollow } from '../kept/kept-session.ts';
import type { KeptWork } from '../kept/kept-work.ts';
import type * as SessionClock from '../lazy/session-clock.ts';
import type { OrderSummary } from '../address/order-summary.ts';
import { once } from '../parts/loader.ts';
import type { SessionRenewal } from './session-renewal.ts';
import { paysWithSession } from './session-states.ts';

/** How long before a session's end the shopper is told, and may extend it (WCAG 2.2.1: at least 20 seconds). */
const sessionWarningMs = 120_000;

/** The prefill's given fields only: an absent one must not overwrite a default with undefined. */
function definedFields(partial: Readonly<Record<string, string | undefined>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(partial ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The flow's steps a session is made of. */
export type SessionFlow = Pick<
  CheckoutFlowApi,
  'view' | 'set' | 'go' | 'emit' | 'fail' | 'client' | 'prefill' | 'invoiceDetails' | 'keepStatusToken' | 'restoreForm' | 'sinpe' | 'isCatalogMode' | 'sessionToken' | 'session'
>;

/** What the session reads of <svc-checkout>. */
export type SessionHost = Pick<FlowHost, 'addController' | 'removeController' | 'updateComplete' | 'requestUpdate' | 'bff' | 'session' | 'items' | 'invoice' | 'currentLocale' | 'ensureCountryData'>;

/**
 * The session of the order (a Lit reactive controller of <svc-checkout>): loaded from the merchant's
 * token or made for the catalog cart (or, after a reload, the payment this tab follows), its form
 * prefilled, renewed for the same cart, and its clock: two minutes before its end the renewal's part
 * (session-renewal.ts) speaks, and at its end the shopper is told plainly.
 */
export class SessionController implements ReactiveController, SessionSteps {
  #token = '';
  /** Fires two minutes before the session ends. */
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The notice and its "Extend" (session-renewal.ts): here once the session came near its end. */
  #renewal: SessionRenewal | undefined;

  readonly #flow: SessionFlow;
  readonly #host: SessionHost;
  readonly #kept: KeptWork;

  constructor(flow: SessionFlow, host: SessionHost, kept: KeptWork) {
    this.#flow = flow;
    this.#host = host;
    this.#kept = kept;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.#stopClock();
  }

  /** The session this order is paid with. */
  get token(): string {
    return this.#token;
  }

  /** A catalog session's request: the page's items; the shopper comes back to this very page (without its fragment) after paying. */
  catalogRequest(): CreateSessionRequest {
    const returnUrl = new URL(window.location.href);
    returnUrl.hash = '';
    const host = this.#host;
    return { items: host.items ?? [], locale: host.currentLocale(), returnUrl: returnUrl.href, ...(host.invoice ? { invoice: true } : {}) };
  }

  /** The order as the form shows it; a dollar order's colones are a lazy part of their own (without it, none are shown). */
  async summaryOf(answer: { order: OrderSummary; localAmount?: unknown }): Promise<OrderSummary> {
    const dollars = answer.localAmount ? await once('dollar-order', () => import('../lazy/dollar-order.ts')).catch(() => undefined) : undefined;
    return { ...answer.order, ...dollars?.dollarOrderOf(answer, this.#host) };
  }

  async loadSession(): Promise<void> {
    const host = this.#host;
    const flow = this.#flow;
    const kept = this.#kept;
    // New items or a new session on an open checkout: what the shopper typed stays, for the new order.
    const typed = kept.typedForm();
    flow.go('load');
    let sinpe: SessionSinpeMovil | undefined;
    let order: OrderSummary;
    try {
      const resumed = host.session ? undefined : await kept.resumedSession();
      if (host.session || resumed) {
        // A merchant's session this tab renewed (the page still carries the token it was made with).
        const token = (host.session && renewedSessionOf(host.session)) || host.session || resumed!.token;
        const loaded = resumed?.loaded ?? (await flow.client().getSession(token));
        this.useSession(token, loaded.expiresAt);
        order = await this.summaryOf(loaded);
        flow.prefill = loaded.prefill;
        flow.invoiceDetails.offer(loaded.invoice === true);
        sinpe = loaded.sinpeMovil;
      } else {
        // The page's transfer or popup payment outlived its session: its state, not a new order.
        const following = kept.following();
        if (following) return this.#followKept(following);
        const created = await flow.client().createSession(this.catalogRequest());
        this.useSession(created.sessionToken, created.expiresAt);
        order = await this.summaryOf(created);
        flow.prefill = {};
        flow.invoiceDetails.offer(host.invoice);
        sinpe = created.sinpeMovil;
      }
    } catch (error) {
      if (error instanceof BffError && error.status === 401 && host.session) {
        const following = kept.following();
        return following ? this.#followKept(following) : this.expire(error.message);
      }
      return flow.fail(error, 'invalid-session');
    }
    flow.set({ order });
    this.applyPrefill();
    flow.restoreForm(order.orderNumber);
    if (typed) kept.carryTypedForm(typed);
    await flow.sinpe.offerMethods(sinpe);
    flow.go('ready');
    if (sinpe?.transfer) {
      if (sinpe.statusToken) flow.keepStatusToken(order.orderNumber, sinpe.statusToken);
      await flow.sinpe.showTransfer(order.orderNumber, sinpe.transfer);
    }
  }

  applyPrefill(): void {
    const host = this.#host;
    const { prefill, view } = this.#flow;
    const defaultCountry = countryOfLocale(host.currentLocale()) ?? countryOfCurrency(view.order?.currency) ?? '';
    this.#flow.set({
      billing: { ...emptyBillingAddress(), country: defaultCountry, ...definedFields(prefill.billing) },
      shipping: { ...emptyAddress(), country: defaultCountry, ...definedFields(prefill.shipping) },
      sameAsBilling: !prefill.shipping,
    });
    void host.ensureCountryData(view.billing.country);
    void host.ensureCountryData(view.shipping.country);
  }

  /** Back with a status token (the address bar's, or the tab's kept one): the order it names is watched. */
  resume(statusToken: string, asked?: Promise<OrderStatusResponse>): void {
    const orderNumber = orderNumberOfStatusToken(statusToken);
    if (!orderNumber) return this.#flow.fail(new BffError(401, undefined), 'invalid-session');
    this.#flow.go('return', { orderNumber, token: statusToken, asked });
  }

  /** After a reload whose session had ended: the kept payment's state, read with its status token. */
  async #followKept(kept: KeptFollow): Promise<void> {
    const flow = this.#flow;
    flow.keepStatusToken(kept.orderNumber, kept.statusToken);
    if (!kept.transfer) return void flow.go('return', { orderNumber: kept.orderNumber, token: kept.statusToken });
    flow.go('reopen');
    return flow.sinpe.showTransfer(kept.orderNumber, kept.transfer);
  }

  /** The session ran out: said plainly (the clock's words, once its part is here), with what to do. */
  expire(detail: string): void {
    this.#stopClock();
    this.#flow.go('timedOut', { detail, words: 'ended' });
  }

  /** The session now paid with, and its end: two minutes before it, the clock speaks (#ending). */
  useSession(token: string, expiresAt: string): void {
    this.#token = token;
    this.#stopClock();
    this.#flow.set({ sessionNotice: undefined });
    const endsAt = Date.parse(expiresAt);
    if (Number.isNaN(endsAt)) return;
    this.#timer = setTimeout(() => void this.#ending(endsAt), Math.max(0, endsAt - sessionWarningMs - Date.now()));
  }

  #stopClock(): void {
    clearTimeout(this.#timer);
    this.#renewal?.stop();
  }

  /** The clock's words (a session or a watch that ran out, a renewed catalog session). */
  clockPart(): Promise<typeof SessionClock> {
    return once('session-clock', () => import('../lazy/session-clock.ts'));
  }

  /** The clock's words for a session or a watch that ran out, said once they are here if the checkout is still expired. */
  clockWords(key: 'ended' | 'watchLost'): void {
    const flow = this.#flow;
    void this.clockPart().then((clock) => flow.view.state === 'expired' && flow.set({ notice: (t) => clock.sessionClockWords(t.lang)[key] }), () => undefined);
  }

  /** The session's renewal (session-renewal.ts): a part of its own, asked when the session nears its end. */
  async #ending(endsAt: number): Promise<void> {
    // A payment under way is followed with its status token: the session's end does not matter to it.
    if (!paysWithSession(this.#flow.view.state)) return;
    const part = await once('session-renewal', () => import('./session-renewal.ts')).catch(() => undefined);
    if (!part) return;
    this.#renewal ??= new part.SessionRenewal(this.#flow, this.#host);
    return this.#renewal.ending(endsAt);
  }

  /** The session notice, where the element shows it (above the status), once the session nears its end. */
  notice(locale: string): unknown {
    return this.#renewal?.notice(locale);
  }
}
