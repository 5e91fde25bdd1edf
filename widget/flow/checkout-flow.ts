// Part of the lazy checkout-rules part (widget/lazy/checkout-rules.ts), loaded before the form first
// shows: the flow that owns the checkout's state and composes one controller per feature. The first
// script renders from its view; its states move by checkout-machine.ts's table. The widget is one
// module graph: its imports (events, BffError, the part loaders) are the first script's own objects.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CheckoutAddress, CheckoutBillingAddress, CheckoutMethod, OrderStatusResponse, Prefill } from '../../contract/bff-api.ts';
import { originNotAllowedProblem, sessionExpiredProblem } from '../../contract/problem-types.ts';
import { emptyAddress, emptyBillingAddress } from '../address/address-fields.ts';
import { answerOf, BffClient, BffError } from './bff-client.ts';
import { effectsOf, nextState, type CheckoutEffect, type CheckoutEvent } from './checkout-machine.ts';
import * as events from '../events.ts';
import type { SvcErrorCode } from '../events.ts';
import { errorWords, isOriginRefused } from './error-codes.ts';
import { forgetLastTypedForm } from '../kept/form-keeper.ts';
import { currentNavigationKind, forgetResultToken, keptResultToken } from '../kept/kept-result.ts';
import { addEnglishWords, formatMoney, translationFor } from '../i18n/localize.ts';
import type { Translation } from '../i18n/translation.ts';
import { InvoiceDetailsHook } from '../invoice/invoice-fieldset.ts';
import { AssetLoadError, once } from '../parts/loader.ts';
import { checkoutBodyOf } from './checkout-body.ts';
import { OutcomeController } from '../outcome/outcome-controller.ts';
import { KeptWork } from '../kept/kept-work.ts';
import { CardPayment } from '../card/card-payment.ts';
import type { RetryController } from '../retry/retry-controller.ts';
import { SessionController } from '../session/session-controller.ts';
import { endedUnpaid, keepsItsOrder } from '../session/session-states.ts';
import { SinpeController } from '../sinpe/sinpe-controller.ts';
import type { OrderSummary } from '../address/order-summary.ts';
import type { EarlyResult } from '../outcome/early-result.ts';
import type { CheckoutFlowApi, CheckoutView, FlowHost } from './flow-api.ts';

export type { CheckoutView, FlowHost } from './flow-api.ts';

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
  /** This press of Pay already went on once with a new catalog session: a second 401 is said, not looped on. */
  #paidAgain = false;

  readonly #host: FlowHost;
  /** The watch of the order and its outcome. */
  readonly #outcome: OutcomeController;
  /** What this tab keeps of the shopper's work. */
  readonly #kept: KeptWork;
  /** A card paid on the hosted page: redirect or popup. */
  readonly #card: CardPayment;
  readonly sinpe: SinpeController;
  readonly session: SessionController;

  constructor(host: FlowHost) {
    this.#host = host;
    // The invoice form reads the order and the typed addresses where they live: this flow's view.
    this.invoiceDetails = new InvoiceDetailsHook({ requestUpdate: () => host.requestUpdate(), view: this.#v });
    this.#kept = new KeptWork(this, host);
    this.#card = new CardPayment(this, host, this.#kept);
    // Before the flow's own: an outcome's panel takes the focus before the flow looks where it is.
    this.#outcome = new OutcomeController(this, host, this.#kept);
    this.sinpe = new SinpeController(this, this.#kept);
    this.session = new SessionController(this, host, this.#kept, this.#outcome);
    host.addController(this);
  }

  /** English's words for what only the flow says (i18n/en/en-flow.ts), asked only when the page's words lack them: a Spanish purchase never does. */
  async ensureFlowWords(locale: string): Promise<void> {
    if (translationFor(locale).submitting) return;
    addEnglishWords((await once('en-flow', () => import('../i18n/en/en-flow.ts'))).enFlow);
  }

  /** What the element renders: read-only outside this class. */
  get view(): Readonly<CheckoutView> {
    return this.#v;
  }

  set(patch: Partial<CheckoutView>): void {
    Object.assign(this.#v, patch);
    // SINPE Móvil is offered while it can work for the buyer the form describes.
    if (patch.billing) this.#v.sinpeOffered = this.sinpe.fits(patch.billing);
    this.#host.requestUpdate();
  }

  /** Moves the state by the table, doing what the move declares; false (and no change) when the current state ignores `event`. */
  go(event: CheckoutEvent): boolean {
    const next = nextState(this.#v.state, event);
    if (!next) return false;
    for (const effect of effectsOf(event)) this.#perform(effect);
    this.set({ state: next });
    return true;
  }

  /** The one interpreter of the table's effects (checkout-machine.ts, CheckoutEffect). */
  #perform(effect: CheckoutEffect): void {
    if (effect === 'stopWatch') return this.stopWatching();
    if (effect === 'closePopup') return this.closePopup();
    // formBack: the focus follows the status again only from the next pay button.
    this.#focusFollowsStatus = false;
    this.#retry?.formIsBack();
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

  /** What a payment that keeps the page is followed with: its status token (it outlives the session), else the session's. */
  followTokenFor(orderNumber: string): string {
    return this.statusTokenOf(orderNumber) ?? this.session.token;
  }

  /** The outcome's amount as the shopper paid it: a transfer's (maybe a few colones below the order's), else the order's. */
  amountPaid(locale: string): string {
    const outcome = this.#v.outcome;
    return outcome ? formatMoney(locale, outcome.paid?.amount ?? outcome.amount, outcome.paid?.currency ?? outcome.currency) : '';
  }

  /** The session this order is paid with. */
  get sessionToken(): string {
    return this.session.token;
  }

  isCatalogMode(): boolean {
    return !this.#host.session && !!this.#host.items?.length;
  }

  /** After the rules and the page's words: back from the hosted page (`early`, the status already asked, is the first poll), or the form. */
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
    if (statusToken) return this.session.resume(statusToken, early?.token === statusToken ? answerOf<OrderStatusResponse>(early.response) : undefined);
    if (this.#host.session || this.#host.items?.length) return this.session.loadSession();
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
    try {
      const body = checkoutBodyOf(v, order, this.#host.noShipping, this.invoiceDetails, this.#host.currentLocale());
      const answer = await this.client().checkout(this.sessionToken, body);
      this.keepStatusToken(answer.orderNumber, answer.statusToken);
      if ('sinpeMovil' in answer) return this.sinpe.showTransfer(answer.orderNumber, answer.sinpeMovil);
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
    this.sinpe.endTransfer();
    this.session.applyPrefill();
    this.go('reset');
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

  /** The status token the BFF gave for this page's payment of `orderNumber` (it outlives the session). */
  keepStatusToken(orderNumber: string, token: string | undefined): void {
    this.#statusToken = token ? { orderNumber, token } : undefined;
  }

  /** The status token the BFF gave for `orderNumber`, if it is the one this page paid. */
  statusTokenOf(orderNumber: string): string | undefined {
    return this.#statusToken?.orderNumber === orderNumber ? this.#statusToken.token : undefined;
  }

  /** This page follows no payment any more (nothing to resume after a reload). */
  restoreForm(orderNumber: string): void {
    this.#kept.restoreForm(orderNumber);
  }

  // ----- failures and the next attempt ----------------------------------------------------------

  /** The checkout cannot go on: the shopper's short text and the developer's code (events.ts, widget/README.md "Errors"). */
  fail(error: unknown, code: SvcErrorCode): void {
    this.go('error');
    const detail = error instanceof Error ? error.message : String(error);
    const refusedType = originNotAllowedProblem;
    if (!(error instanceof BffError) || error.status !== 0) {
      const refused = error instanceof BffError && error.status === 403 && error.problem?.type === refusedType;
      return this.#reportError(refused ? 'origin-not-allowed' : code, detail);
    }
    // No answer at all: a refused origin looks the same to the browser until the BFF is asked plainly.
    this.set({ notice: (t) => t.offline });
    void isOriginRefused(this.#host.bff, refusedType).then((refused) => this.#reportError(refused ? 'origin-not-allowed' : 'network', detail));
  }

  #reportError(code: SvcErrorCode, detail: string): void {
    this.set({ notice: errorWords[code] });
    this.emit(new events.SvcErrorEvent(code, detail));
  }

  async #onCheckoutError(error: unknown): Promise<void> {
    if (!(error instanceof BffError)) return this.fail(error, 'payment-error');
    const fieldErrors = error.status === 400 ? (error.problem?.errors ?? []) : [];
    if (fieldErrors.length > 0) {
      // Each message beside its field: a part of its own, as the form's checks let few such answers through.
      const words = await once('server-field-errors', () => import('../validation/server-field-errors.ts')).catch(() => undefined);
      if (!words) return this.fail(error, 'payment-error');
      const byPath = words.serverErrorsByPath(fieldErrors, translationFor(this.#host.currentLocale()));
      this.invoiceDetails.showServerErrors(fieldErrors);
      this.set({ serverErrors: byPath, notice: (t) => t.fixErrors(fieldErrors.length) });
      this.go('refuse');
      return this.#focusFirstInvalid();
    }
    if (error.status === 401 || error.problem?.type === sessionExpiredProblem) {
      if (!this.isCatalogMode()) return this.session.expire(error.message);
      // Pay goes on once per press; a popup, which must open within a click, asks for the press again.
      const again = !this.#paidAgain && (this.#host.mode !== 'popup' || this.#v.method !== 'card');
      this.#paidAgain ||= again;
      return this.session.renewAndPay(again ? () => this.#pay(this.#v.order!) : undefined);
    }
    this.fail(error, 'payment-error');
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
      const part = await once('retry', () => import('../retry/retry-controller.ts'));
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
