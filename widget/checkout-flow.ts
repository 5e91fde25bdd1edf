// Part of the lazy checkout-rules part (widget/lazy/checkout-rules.ts): everything the element does
// once its rules are here, which is before the form first shows: the session's loading, the kept
// form, the payment (hosted page, popup or SINPE Móvil transfer), the watch of the order, its
// outcome and what follows it (retry, a renewed session). The first script keeps the form itself,
// rendered from this controller's view; the states it moves through are checkout-machine.ts's table.
// It imports the element's own modules (events, BffError, the lazy-part loaders) like any module:
// the widget is one module graph, so these are the same objects the first script uses.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type {
  CheckoutAddress,
  CheckoutBillingAddress,
  CheckoutRequest,
  CreateSessionRequest,
  OrderStatusResponse,
  Prefill,
} from '../contract/bff-api.ts';
import type { CheckoutMethod } from '../contract/bff-api.ts';
import { declineLocaleOf } from '../contract/decline-messages.ts';
import type { SessionSinpeMovil, SinpeMovilInstructions } from '../contract/sinpe-movil.ts';
import { problemTypes } from '../contract/problem-types.ts';
import { orderNumberOfStatusToken } from '../contract/status-token.ts';
import { emptyAddress, emptyBillingAddress } from './address-fields.ts';
import { answerOf, BffClient, BffError } from './bff-client.ts';
import { isBusy, type CheckoutState } from './checkout-state.ts';
import { nextState, type CheckoutEvent } from './checkout-machine.ts';
import * as events from './events.ts';
import type { SvcErrorCode } from './events.ts';
import { isOriginRefused } from './error-codes.ts';
import { forgetLastTypedForm } from './form-keeper.ts';
import { currentNavigationKind, forgetResultToken, keptResultToken } from './kept-result.ts';
import { countryOfCurrency, countryOfLocale } from './i18n/countries.ts';
import { addEnglishWords, formatMoney, translationFor } from './i18n/localize.ts';
import type { Translation } from './i18n/translation.ts';
import { InvoiceDetailsHook } from './invoice-fieldset.ts';
import { forgetOpenTransfer, keepOpenTransfer, keepSessionToken, pageLeftOf, renewedSessionOf, type KeptFollow } from './kept-session.ts';
import { AssetLoadError, once } from './parts/loader.ts';
import { loadDeclineMessages } from './parts/country-data.ts';
import { loadMethodChoice } from './parts/method-choice.ts';
import type { OrderWatchModule } from './parts/order-watch.ts';
import type * as MethodChoice from './lazy/method-choice.ts';
import type * as SessionClock from './lazy/session-clock.ts';
import { asksAddress, contactOf } from './method-fields.ts';
import { isSinpeRescueOffered } from './costa-rica/sinpe-rescue-offer.ts';
import { OutcomeController } from './outcome/outcome-controller.ts';
import { KeptWork } from './kept/kept-work.ts';
import { CardPayment } from './card/card-payment.ts';
import type { RetryController } from './retry/retry-controller.ts';
import type { SessionRenewal } from './session/session-renewal.ts';
import { endedUnpaid, paysWithSession } from './session/session-states.ts';
import { sinpeFitsBuyer } from './sinpe-fit.ts';
import type { OrderSummary } from './order-summary.ts';
import type { PaymentPopup } from './payment-popup.ts';
import type { EarlyResult } from './early-result.ts';
import type { CheckoutFlowApi, CheckoutView, FlowHost } from './flow-api.ts';

export type { CheckoutView, FlowHost } from './flow-api.ts';

/** How long before a session's end the shopper is told, and may extend it (WCAG 2.2.1: at least 20 seconds). */
const sessionWarningMs = 120_000;


/** States whose order a new cart does not replace: a payment under way, or an outcome the shopper may try again from. */
function keepsItsOrder(state: CheckoutState): boolean {
  return isBusy(state) ? state !== 'loading' : endedUnpaid(state);
}

/** The prefill's given fields only: an absent one must not overwrite a default with undefined. */
function definedFields(partial: Readonly<Record<string, string | undefined>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(partial ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * The one owner of the checkout's state (a Lit reactive controller of <svc-checkout>): the session's
 * loading, the kept form, the payment (hosted page, popup or SINPE Móvil transfer), the watch of the
 * order, its outcome and what follows it (retry, a renewed session). Its state moves only through
 * the table of checkout-machine.ts; the element renders from `view` and asks through its methods.
 */
export class CheckoutFlow implements ReactiveController, CheckoutFlowApi {
  readonly #v: CheckoutView = {
    state: 'loading',
    billing: emptyBillingAddress(),
    shipping: emptyAddress(),
    sameAsBilling: true,
    submitted: false,
    serverErrors: {},
    sinpeOffered: false,
    method: 'card',
  };
  /** The optional electronic invoice's details (their form is a lazy part of its own). */
  readonly invoiceDetails: InvoiceDetailsHook;
  #sessionToken = '';
  /** The status token the BFF gave with the last payment it opened: it outlives the session. */
  #statusToken: { orderNumber: string; token: string } | undefined;
  /** The session's prefill: the form's start, and what reset() goes back to. */
  prefill: Prefill = {};
  /** Set when the shopper submits from inside the element: their focus follows the checkout's status. */
  #focusFollowsStatus = false;
  /** "Try again" (retry/retry-controller.ts), once first pressed. */
  #retry: RetryController | undefined;
  /** New items or a new session came while a payment was under way or its outcome shown: the next try is for them. */
  newOrderOnRetry = false;
  /** The flow itself starts the element again (a retry or reset with no order yet): not the page's change. */
  #restarting = false;
  /** The session offers SINPE Móvil; the form offers it only while it can work for the buyer (#fitMethods). */
  #sessionOffersSinpe = false;
  /** This press of Pay already went on once with a new catalog session: a second 401 is said, not looped on. */
  #paidAgain = false;
  /** Fires two minutes before the session ends. */
  #sessionTimer: ReturnType<typeof setTimeout> | undefined;
  /** The notice and its "Extend" (session/session-renewal.ts): here once the session came near its end. */
  #renewal: SessionRenewal | undefined;

  readonly #host: FlowHost;
  /** The watch of the order and its outcome. */
  readonly #outcome: OutcomeController;
  /** What this tab keeps of the shopper's work. */
  readonly #kept: KeptWork;
  /** A card paid on the hosted page: redirect or popup. */
  readonly #card: CardPayment;

  constructor(host: FlowHost) {
    this.#host = host;
    // The invoice form reads the order and the typed addresses where they live: this flow's view.
    this.invoiceDetails = new InvoiceDetailsHook({ requestUpdate: () => host.requestUpdate(), view: this.#v });
    this.#kept = new KeptWork(this, host);
    this.#card = new CardPayment(this, host, this.#kept);
    // Before the flow's own: an outcome's panel takes the focus before the flow looks where it is.
    this.#outcome = new OutcomeController(this, host, this.#kept);
    host.addController(this);
  }

  /**
   * English's words for what only the flow says (statuses, field messages): a part of their own
   * (i18n/en-flow.ts), asked only when the page's words lack them once its layers settled (an English
   * page, or a language that did not load). A Spanish purchase never downloads them.
   */
  async ensureFlowWords(locale: string): Promise<void> {
    if (translationFor(locale).submitting) return;
    addEnglishWords((await once('en-flow', () => import('./i18n/en-flow.ts'))).enFlow);
  }

  /** What the element renders: read-only outside this class. */
  get view(): Readonly<CheckoutView> {
    return this.#v;
  }

  set(patch: Partial<CheckoutView>): void {
    Object.assign(this.#v, patch);
    if (patch.billing) this.#fitMethods();
    this.#host.requestUpdate();
  }

  /** Moves the state by the table; false (and no change) when the current state ignores `event`. */
  go(event: CheckoutEvent): boolean {
    const from = this.#v.state;
    const next = nextState(from, event);
    if (next) this.set({ state: next });
    if (next === 'idle' && from !== 'idle') {
      // Back at the form: the shopper's focus follows the status again only from the next pay button.
      this.#focusFollowsStatus = false;
      // After "Try again" the live region says so, and the pay button takes the focus.
      this.#retry?.formIsBack();
    }
    return next !== undefined;
  }

  hostDisconnected(): void {
    this.#stopSessionClock();
  }

  hostUpdated(): void {
    // The control the shopper was on got disabled or left with the form (submitting, a popup, an
    // outcome): keyboard and screen reader users land on the status instead of the page's top. Not
    // on a render of the form itself: the page may render the element again between the pay button
    // and the move away from the form.
    if (this.#v.state !== 'idle' && this.#focusFollowsStatus && !(this.#host.renderRoot as ShadowRoot).activeElement) {
      this.#host.renderRoot.querySelector<HTMLElement>('[role="status"]')?.focus();
    }
  }

  /** The BFF at the element's `bff` now (a page may change it). */
  client(): BffClient {
    return new BffClient(this.#host.bff);
  }

  emit(event: Event): boolean {
    return this.#host.dispatchEvent(event);
  }

  /** The session this order is paid with. */
  /**
   * What a payment that keeps the page (a popup, a transfer) is followed with: the status token the
   * BFF gave for this order, which lives as long as the order can change; else the session's.
   */
  followTokenFor(orderNumber: string): string {
    return this.statusTokenOf(orderNumber) ?? this.#sessionToken;
  }

  /** The outcome's amount as the shopper paid it: a transfer's (maybe a few colones below the order's), else the order's. */
  amountPaid(locale: string): string {
    const outcome = this.#v.outcome;
    return outcome ? formatMoney(locale, outcome.paid?.amount ?? outcome.amount, outcome.paid?.currency ?? outcome.currency) : '';
  }

  get sessionToken(): string {
    return this.#sessionToken;
  }

  isCatalogMode(): boolean {
    return !this.#host.session && !!this.#host.items?.length;
  }

  /**
   * After the rules and the page's words: back from the hosted page, or the session's form. `early`
   * is the status the first script already asked for the address bar's token: it is the first poll.
   */
  begin(early?: EarlyResult): Promise<void> | void {
    // A payment under way, or its decline or cancel on screen, keeps its order: the page's new cart
    // is for the next try, so the outcome stays in view and "Try again" pays what the cart holds now.
    const restarting = this.#restarting;
    this.#restarting = false;
    // Asked now, so the pay button's click finds it here: a window must open within the click.
    if (this.#host.mode === 'popup') void this.#card.popupPart().catch(() => undefined);
    if (!restarting && keepsItsOrder(this.#v.state)) {
      this.newOrderOnRetry = true;
      return;
    }
    const statusToken = this.#kept.takeResultToken() ?? keptResultToken(window.location.pathname, currentNavigationKind());
    if (statusToken) return this.#resume(statusToken, early?.token === statusToken ? answerOf<OrderStatusResponse>(early.response) : undefined);
    if (this.#host.session || this.#host.items?.length) return this.loadSession();
  }

  // ----- the form -------------------------------------------------------------------------------

  /** The shopper typed in a field of `section`: its new value, kept for the tab. */
  editAddress(section: 'billing' | 'shipping', address: CheckoutAddress | CheckoutBillingAddress, path: string): void {
    const { [path]: _cleared, ...serverErrors } = this.#v.serverErrors;
    this.set(section === 'billing' ? { billing: address as CheckoutBillingAddress, serverErrors } : { shipping: address, serverErrors });
    // A buyer who typed another country's phone after choosing SINPE Móvil is back on the card.
    if (!this.#v.sinpeOffered && this.#v.method === 'sinpe_movil') this.chooseMethod('card');
    this.#kept.keepTypedForm();
  }

  chooseSameAsBilling(sameAsBilling: boolean): void {
    this.set({ sameAsBilling });
    this.#kept.keepTypedForm();
  }

  /** The buyer's choice of method: the merchant's analytics hear it (svc-method-change). */
  chooseMethod(method: CheckoutMethod): void {
    if (method === this.#v.method) return;
    this.set({ method });
    this.emit(new events.SvcMethodChangeEvent(method));
  }

  /** The pay button: the details are checked, then sent. */
  async submit(): Promise<void> {
    const order = this.#v.order;
    if (this.#v.state !== 'idle' || !order) return;
    this.#paidAgain = false;
    this.set({ submitted: true, notice: undefined });
    // A part that failed to load leaves its check to the BFF, which validates everything again.
    const errorCount = (await this.#host.addressErrorCount()) + (await this.invoiceDetails.errorCount());
    if (errorCount > 0) {
      this.set({ notice: (t) => t.fixErrors(errorCount) });
      return this.#focusFirstInvalid();
    }
    return this.#pay(order);
  }

  async #focusFirstInvalid(): Promise<void> {
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  /** The details are valid: the submit event, then the hosted page (or its popup) or the transfer. */
  async #pay(order: OrderSummary): Promise<void> {
    const v = this.#v;
    if (!this.emit(new events.SvcSubmitEvent(order.orderNumber))) return;
    this.#focusFollowsStatus = this.#host.matches(':focus-within');
    if (this.#host.mode === 'popup' && v.method === 'card' && !(await this.#card.openWindow())) return;
    this.go('submit');
    // A popup or a transfer keeps the page: its watch is fetched while the BFF answers.
    if (v.popup || v.method === 'sinpe_movil') void this.#host.ensureOrderWatch().catch(() => undefined);
    const locale = this.#host.currentLocale();
    const body: CheckoutRequest = !asksAddress(v)
      ? { billing: contactOf(v.billing), method: 'sinpe_movil', locale, ...this.invoiceDetails.body() }
      : this.#host.noShipping || v.sameAsBilling
        ? { billing: v.billing, sameAsBilling: true, locale, ...order.cardColones?.body(v.method), ...this.invoiceDetails.body(), ...pageLeftOf(order.orderNumber) }
        : { billing: v.billing, shipping: v.shipping, locale, ...order.cardColones?.body(v.method), ...this.invoiceDetails.body(), ...pageLeftOf(order.orderNumber) };
    if (v.method === 'sinpe_movil') body.method = 'sinpe_movil';
    try {
      const answer = await this.client().checkout(this.#sessionToken, body);
      this.#statusToken = answer.statusToken ? { orderNumber: answer.orderNumber, token: answer.statusToken } : undefined;
      if ('sinpeMovil' in answer) return this.#showTransfer(answer.orderNumber, answer.sinpeMovil);
      this.#card.show(order, answer);
    } catch (error) {
      this.closePopup();
      await this.#onCheckoutError(error);
    }
  }

  /** reset(): back to the session's form (its prefill), stopping any status polling. */
  reset(): Promise<void> | void {
    this.stopWatching();
    this.closePopup();
    this.clearOutcome();
    this.set({ serverErrors: {} });
    this.invoiceDetails.clear();
    const order = this.#v.order;
    if (!order) return this.restart();
    this.#kept.forgetTypedForm(order.orderNumber);
    forgetLastTypedForm();
    forgetResultToken();
    this.#kept.stopFollowing();
    this.endTransfer();
    this.applyPrefill();
    this.go('reset');
  }

  // ----- the session ----------------------------------------------------------------------------

  /** The shopper comes back to this very page (without its fragment) after paying. */
  #catalogRequest(): CreateSessionRequest {
    const returnUrl = new URL(window.location.href);
    returnUrl.hash = '';
    const host = this.#host;
    return { items: host.items ?? [], locale: host.currentLocale(), returnUrl: returnUrl.href, ...(host.invoice ? { invoice: true } : {}) };
  }

  /**
   * The order as the form shows it. A dollar order's colones (the line under the total, the card's
   * choice of currency) are a lazy part of their own; if it cannot load, the order shows without them.
   */
  async summaryOf(answer: { order: OrderSummary; localAmount?: unknown }): Promise<OrderSummary> {
    const dollars = answer.localAmount ? await once('dollar-order', () => import('./lazy/dollar-order.ts')).catch(() => undefined) : undefined;
    return { ...answer.order, ...dollars?.dollarOrderOf(answer, this.#host) };
  }

  async loadSession(): Promise<void> {
    const host = this.#host;
    // New items or a new session on an open checkout: what the shopper typed stays, for the new order.
    const typed = this.#kept.typedForm();
    this.go('load');
    let sinpe: SessionSinpeMovil | undefined;
    let order: OrderSummary;
    try {
      const resumed = host.session ? undefined : await this.#kept.resumedSession();
      if (host.session || resumed) {
        // A merchant's session this tab renewed (the page still carries the token it was made with).
        const token = (host.session && renewedSessionOf(host.session)) || host.session || resumed!.token;
        const loaded = resumed?.loaded ?? (await this.client().getSession(token));
        this.useSession(token, loaded.expiresAt);
        order = await this.summaryOf(loaded);
        this.prefill = loaded.prefill;
        this.invoiceDetails.offer(loaded.invoice === true);
        sinpe = loaded.sinpeMovil;
      } else {
        // The page's transfer or popup payment outlived its session: its state, not a new order.
        const following = this.#kept.following();
        if (following) return this.#followKept(following);
        const created = await this.client().createSession(this.#catalogRequest());
        this.useSession(created.sessionToken, created.expiresAt);
        order = await this.summaryOf(created);
        this.prefill = {};
        this.invoiceDetails.offer(host.invoice);
        sinpe = created.sinpeMovil;
      }
    } catch (error) {
      if (error instanceof BffError && error.status === 401 && host.session) {
        const following = this.#kept.following();
        return following ? this.#followKept(following) : this.expire(error.message);
      }
      return this.fail(error, 'invalid-session');
    }
    this.set({ order });
    this.applyPrefill();
    this.restoreForm(order.orderNumber);
    if (typed) this.#kept.carryTypedForm(typed);
    await this.offerMethods(sinpe);
    this.go('ready');
    this.emit(new events.SvcReadyEvent(order.orderNumber));
    if (sinpe?.transfer) {
      if (sinpe.statusToken) this.#statusToken = { orderNumber: order.orderNumber, token: sinpe.statusToken };
      await this.#showTransfer(order.orderNumber, sinpe.transfer);
    }
  }

  /**
   * The session's methods: SINPE Móvil beside the card when the session offers it, its part loaded
   * before idle so the form does not jump (without it, a failed load, the card alone is offered).
   */
  async offerMethods(sinpe: SessionSinpeMovil | undefined): Promise<void> {
    this.#sessionOffersSinpe = sinpe !== undefined;
    this.set({ sinpeAsksAddress: sinpe?.askAddress === true });
    this.#fitMethods();
    if (sinpe) this.set({ methodChoice: this.#v.methodChoice ?? (await loadMethodChoice().catch(() => undefined)) });
  }

  /** SINPE Móvil is offered while it can work for the buyer the form describes (a Costa Rican billing country and phone). */
  #fitMethods(): void {
    this.#v.sinpeOffered = this.#sessionOffersSinpe && sinpeFitsBuyer(this.#v.billing);
  }

  applyPrefill(): void {
    const host = this.#host;
    const defaultCountry = countryOfLocale(host.currentLocale()) ?? countryOfCurrency(this.#v.order?.currency) ?? '';
    this.set({
      billing: { ...emptyBillingAddress(), country: defaultCountry, ...definedFields(this.prefill.billing) },
      shipping: { ...emptyAddress(), country: defaultCountry, ...definedFields(this.prefill.shipping) },
      sameAsBilling: !this.prefill.shipping,
    });
    void host.ensureCountryData(this.#v.billing.country);
    void host.ensureCountryData(this.#v.shipping.country);
  }

  #resume(statusToken: string, asked?: Promise<OrderStatusResponse>): void {
    const orderNumber = orderNumberOfStatusToken(statusToken);
    if (!orderNumber) return this.fail(new BffError(401, undefined), 'invalid-session');
    this.go('return');
    void this.watchOrder(orderNumber, statusToken, asked);
  }

  /** "Pay with SINPE Móvil" after a card decline the BFF says SINPE Móvil may rescue, once its part is here. */
  sinpeRescueButton(locale: string): unknown {
    return isSinpeRescueOffered(this.#v.outcome) ? this.#v.methodChoice?.renderSinpeRescue(locale, this) : undefined;
  }

  closePopup(): void {
    this.#card.closePopup();
  }

  /** The button that brings a lost payment window to the front, while it is open and the outcome unknown. */
  popupButton(locale: string): unknown {
    return this.#card.popupButton(locale);
  }

  // ----- the popup and the watch ----------------------------------------------------------------

  stopWatching(): void {
    this.#outcome.stop();
  }

  /** Polls the order until it is final; `asked`, a status request already on its way, is the first poll. */
  watchOrder(orderNumber: string, token: string, asked?: Promise<OrderStatusResponse>): Promise<void> {
    return this.#outcome.watch(orderNumber, token, asked);
  }

  /** What an outcome needs before it shows (its words, its parts). */
  readyForOutcome(status: OrderStatusResponse): Promise<void> {
    return this.#outcome.ready(status);
  }

  onOrderStatus(status: OrderStatusResponse): void {
    this.#outcome.take(status);
  }

  /** The live region's words for where the checkout is. */
  statusText(t: Translation, locale: string): string {
    return this.#outcome.statusText(t, locale);
  }

  /** The status token the BFF gave for `orderNumber`, if it is the one this page paid. */
  statusTokenOf(orderNumber: string): string | undefined {
    return this.#statusToken?.orderNumber === orderNumber ? this.#statusToken.token : undefined;
  }

  /** This page follows no payment any more (nothing to resume after a reload). */
  restoreForm(orderNumber: string): void {
    this.#kept.restoreForm(orderNumber);
  }

  /** The clock's words for a session or a watch that ran out, said once they are here if the checkout is still expired. */
  clockWords(key: 'ended' | 'watchLost'): void {
    void this.#clockPart().then((clock) => this.#v.state === 'expired' && this.set({ notice: (t) => clock.sessionClockWords(declineLocaleOf(t.lang))[key] }), () => undefined);
  }

  /** After a reload whose session had ended: the kept payment's state, read with its status token. */
  async #followKept(kept: KeptFollow): Promise<void> {
    this.#statusToken = { orderNumber: kept.orderNumber, token: kept.statusToken };
    if (!kept.transfer) {
      this.go('return');
      return this.watchOrder(kept.orderNumber, kept.statusToken);
    }
    this.go('ready');
    return this.#showTransfer(kept.orderNumber, kept.transfer);
  }

  // ----- SINPE Móvil ----------------------------------------------------------------------------

  /** SINPE Móvil's part (the choice, a transfer's steps, the decline's rescue), in the view once here. */
  async methodChoicePart(): Promise<typeof MethodChoice> {
    const methodChoice = this.#v.methodChoice ?? (await loadMethodChoice());
    this.set({ methodChoice });
    return methodChoice;
  }

  /**
   * A transfer is open: its steps (sinpe/sinpe-transfer.ts) come with the method choice, which a
   * session that offers SINPE Móvil has already loaded; without them the transfer cannot be shown.
   */
  async #showTransfer(orderNumber: string, transfer: SinpeMovilInstructions): Promise<void> {
    let methodChoice: typeof MethodChoice;
    try {
      methodChoice = await this.methodChoicePart();
    } catch (error) {
      return this.fail(new AssetLoadError(error), 'asset-load');
    }
    // A catalog page reloaded while the transfer is open comes back to it (#resumedTransferSession).
    if (this.isCatalogMode() && this.#sessionToken) {
      keepSessionToken(orderNumber, this.#sessionToken);
      keepOpenTransfer(orderNumber);
    }
    this.#kept.keepFollowing(orderNumber, transfer);
    methodChoice.showTransfer(this, orderNumber, transfer);
  }

  /** The result panel's own words when a transfer paid the order. */
  resultWords(locale: string, state: CheckoutState): ReturnType<typeof MethodChoice.sinpeResultWords> | undefined {
    const { endedTransfer, methodChoice } = this.#v;
    return endedTransfer && methodChoice?.sinpeResultWords(locale, state, endedTransfer);
  }

  /** The transfer is over: `ended` when an outcome ended it (the result's words speak of it). */
  endTransfer(ended?: SinpeMovilInstructions): void {
    if (this.#v.transfer && this.isCatalogMode()) forgetOpenTransfer();
    this.set({ transfer: undefined, endedTransfer: ended });
  }

  // ----- failures and the next attempt ----------------------------------------------------------

  /** The checkout cannot go on: the shopper's short text and the developer's code (events.ts, widget/README.md "Errors"). */
  fail(error: unknown, code: SvcErrorCode): void {
    this.stopWatching();
    this.closePopup();
    this.go('error');
    const detail = error instanceof Error ? error.message : String(error);
    const refusedType = problemTypes.originNotAllowed;
    if (!(error instanceof BffError) || error.status !== 0) {
      const refused = error instanceof BffError && error.status === 403 && error.problem?.type === refusedType;
      return this.#reportError(refused ? 'origin-not-allowed' : code, detail);
    }
    // No answer at all: a refused origin looks the same to the browser until the BFF is asked plainly.
    this.set({ notice: (t) => t.offline });
    void isOriginRefused(this.#host.bff, refusedType).then((refused) => this.#reportError(refused ? 'origin-not-allowed' : 'network', detail));
  }

  #reportError(code: SvcErrorCode, detail: string): void {
    const words: Partial<Record<SvcErrorCode, (t: Translation) => string>> = {
      network: (t) => t.offline,
      'origin-not-allowed': (t) => t.originNotAllowed,
      'asset-load': (t) => t.assetLoad,
    };
    this.set({ notice: words[code] });
    this.emit(new events.SvcErrorEvent(code, detail));
  }

  async #onCheckoutError(error: unknown): Promise<void> {
    if (!(error instanceof BffError)) return this.fail(error, 'payment-error');
    const fieldErrors = error.status === 400 ? (error.problem?.errors ?? []) : [];
    if (fieldErrors.length > 0) {
      // Each message beside its field: a part of its own, as the form's checks let few such answers through.
      const words = await once('server-field-errors', () => import('./validation/server-field-errors.ts')).catch(() => undefined);
      if (!words) return this.fail(error, 'payment-error');
      const byPath = words.serverErrorsByPath(fieldErrors, translationFor(this.#host.currentLocale()));
      this.invoiceDetails.showServerErrors(fieldErrors);
      this.set({ serverErrors: byPath, notice: (t) => t.fixErrors(fieldErrors.length) });
      this.go('refuse');
      return this.#focusFirstInvalid();
    }
    if (error.status === 401 || error.problem?.type === problemTypes.sessionExpired) {
      if (this.isCatalogMode()) {
        // The page's own session ran out before anything was paid: a new one for the same cart. The
        // shopper pressed Pay, so the payment goes on; only a popup, which must open within a click,
        // asks for the press again (and never speaks of a payment that expired: none was made).
        await this.renewSession();
        const order = this.#v.order;
        if (this.#v.state !== 'idle' || !order) return;
        if (!this.#paidAgain && (this.#host.mode !== 'popup' || this.#v.method !== 'card')) {
          this.#paidAgain = true;
          return this.#pay(order);
        }
        const clock = await this.#clockPart().catch(() => undefined);
        this.set({ notice: clock && ((t) => clock.sessionClockWords(declineLocaleOf(t.lang)).renewed) });
        return;
      }
      return this.expire(error.message);
    }
    this.fail(error, 'payment-error');
  }

  /** Catalog mode: a fresh session (and order number) for the same items; the shopper's details stay. */
  async renewSession(): Promise<void> {
    this.go('load');
    try {
      const typed = this.#v.order !== undefined;
      const created = await this.client().createSession(this.#catalogRequest());
      this.useSession(created.sessionToken, created.expiresAt);
      this.set({ order: await this.summaryOf(created), outcome: undefined });
      if (typed) this.#kept.keepTypedForm();
      this.restoreForm(created.order.orderNumber);
      this.#outcome.forget();
      this.go('ready');
    } catch (error) {
      this.fail(error, 'invalid-session');
    }
  }

  /** The session ran out: said plainly (the clock's words, once its part is here), with what to do. */
  expire(detail: string): void {
    this.#stopSessionClock();
    if (!this.go('expired')) return;
    this.emit(new events.SvcErrorEvent('session-expired', detail));
    this.clockWords('ended');
  }

  // ----- the session's clock --------------------------------------------------------------------

  /** The session now paid with, and its end: two minutes before it, the clock speaks (#sessionEnding). */
  useSession(token: string, expiresAt: string): void {
    this.#sessionToken = token;
    this.#stopSessionClock();
    this.set({ sessionNotice: undefined });
    const endsAt = Date.parse(expiresAt);
    if (Number.isNaN(endsAt)) return;
    this.#sessionTimer = setTimeout(() => void this.#sessionEnding(endsAt), Math.max(0, endsAt - sessionWarningMs - Date.now()));
  }

  #stopSessionClock(): void {
    clearTimeout(this.#sessionTimer);
    this.#renewal?.stop();
  }

  /** The clock's words (a session or a watch that ran out, a renewed catalog session). */
  #clockPart(): Promise<typeof SessionClock> {
    return once('session-clock', () => import('./lazy/session-clock.ts'));
  }

  /** The session's renewal (session/session-renewal.ts): a part of its own, asked when the session nears its end. */
  async #sessionEnding(endsAt: number): Promise<void> {
    // A payment under way is followed with its status token: the session's end does not matter to it.
    if (!paysWithSession(this.#v.state)) return;
    const part = await once('session-renewal', () => import('./session/session-renewal.ts')).catch(() => undefined);
    if (!part) return;
    this.#renewal ??= new part.SessionRenewal(this, this.#host);
    return this.#renewal.ending(endsAt);
  }

  /** The session notice, where the element shows it (above the status), once the session nears its end. */
  sessionNotice(locale: string): unknown {
    return this.#renewal?.notice(locale);
  }

  /** Whether the shopper is offered "Try again" now. */
  canRetry(): boolean {
    const { state, outcome, order } = this.#v;
    // After a declined or cancelled attempt the BFF says whether the order takes another one (in
    // both modes); when it does not, catalog mode can still start a new order by itself.
    if (endedUnpaid(state)) return !!outcome?.canRetry || this.isCatalogMode();
    if (state === 'error') return !!(this.#host.session || this.#host.items?.length || order);
    return state === 'expired' && this.isCatalogMode();
  }

  /** "Try again" (its part, retry/retry-controller.ts, comes with the first press: an approval never needs it). */
  async retry(): Promise<void> {
    return (await this.#retryPart())?.retry();
  }

  /** The decline's "Pay with SINPE Móvil": the same order's next attempt, as a transfer. */
  async payBySinpeInstead(): Promise<void> {
    return (await this.#retryPart())?.payBySinpeInstead();
  }

  async #retryPart(): Promise<RetryController | undefined> {
    try {
      const part = await once('retry', () => import('./retry/retry-controller.ts'));
      return (this.#retry ??= new part.RetryController(this, this.#host));
    } catch (error) {
      this.fail(new AssetLoadError(error), 'asset-load');
      return undefined;
    }
  }

  /** The form again for the same attributes (a retry or reset with no order yet): not the page's change. */
  restart(): Promise<void> {
    this.#restarting = true;
    return this.#host.restart();
  }

  /** The last outcome is left: the next one is said and reported afresh. */
  clearOutcome(): void {
    this.#outcome.forget();
    this.set({ outcome: undefined, submitted: false, notice: undefined });
  }
}
