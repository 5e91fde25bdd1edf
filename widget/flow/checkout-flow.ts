// Part of the lazy checkout-rules part (widget/lazy/checkout-rules.ts), loaded before the form first
// shows: the flow that owns the checkout's state and composes one controller per feature. The first
// script renders from its view; its states move by checkout-machine.ts's table. The widget is one
// module graph: its imports (events, BffError, the part loaders) are the first script's own objects.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CheckoutAddress, CheckoutBillingAddress, CheckoutMethod, OrderStatusResponse, Prefill } from '../../contract/bff-api.ts';
import { emptyAddress, emptyBillingAddress } from '../address/address-fields.ts';
import { answerOf, BffClient } from './bff-client.ts';
import { moveOf, type CheckoutEvent, type MoveData } from './checkout-machine.ts';
import * as events from '../events.ts';
import type { SvcErrorCode } from '../events.ts';
import { currentNavigationKind, keptResultToken } from '../kept/kept-result.ts';
import { perform, type EffectParts } from './move-effects.ts';
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
  /** "Try again" (retry/retry-controller.ts), once first pressed. */
  #retry: RetryController | undefined;

  readonly #host: FlowHost;
  /** The watch of the order and its outcome. */
  readonly #outcome: OutcomeController;
  /** What this tab keeps of the shopper's work. */
  readonly #kept: KeptWork;
  /** A card paid on the hosted page: redirect or popup. */
  readonly #card: CardPayment;
  readonly sinpe: SinpeController;
  readonly session: SessionController;
  /** What the table's effects act on (move-effects.ts). */
  readonly #parts: EffectParts;

  constructor(host: FlowHost) {
    this.#host = host;
    // The invoice form reads the order and the typed addresses where they live: this flow's view.
    this.invoiceDetails = new InvoiceDetailsHook({ requestUpdate: () => host.requestUpdate(), view: this.#v });
    this.#kept = new KeptWork(this, host);
    this.#card = new CardPayment(this, host);
    this.#outcome = new OutcomeController(this, host);
    this.sinpe = new SinpeController(this);
    this.session = new SessionController(this, host, this.#kept);
    this.#parts = { flow: this, host, outcome: this.#outcome, card: this.#card, kept: this.#kept };
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

  /**
   * Moves the state by the table, doing what the move declares with `data` (move-effects.ts): its
   * effects before the new state shows, then after; false (and no change) when the current state
   * ignores `event` or an effect stops the move.
   */
  go(event: CheckoutEvent, data: MoveData = {}): boolean {
    const move = moveOf(this.#v.state, event);
    if (!move) return false;
    const [next, before, after] = move;
    for (const effect of before) if (perform(effect, data, this.#parts) === false) return false;
    this.set({ state: next });
    for (const effect of after) perform(effect, data, this.#parts);
    return true;
  }

  /** Where the moves put the shopper's focus (the view's `focus`), once the element has rendered. */
  hostUpdated(): void {
    const v = this.#v;
    const root = this.#host.renderRoot;
    const target = root.querySelector<HTMLElement>(v.focus === 'result' ? '[part="result"]' : v.focus === 'pay' ? '[part="submit-button"]' : '[role="status"]');
    if (v.focus === 'result') {
      // On a phone the element may sit far below the shop's header: the shopper must see the answer.
      if (!target) return;
      v.focus = undefined;
      this.#host.scrollIntoView({ block: 'start', behavior: 'auto' });
      target.focus({ preventScroll: true });
    } else if (v.focus === 'pay') {
      // After "Try again" the shopper lands on the pay button (the form above it keeps their details).
      if (v.state !== 'idle') return;
      v.focus = undefined;
      target?.focus();
    } else if (v.focus && v.state !== 'idle' && !(root as ShadowRoot).activeElement) {
      // The control the shopper was on got disabled or left with the form (submitting, a popup, an
      // outcome): keyboard and screen reader users land on the status instead of the page's top. Not
      // on a render of the form itself: the page may render the element again between the pay button
      // and the move away from the form.
      target?.focus();
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
    // Asked now, so the pay button's click finds it here: a window must open within the click.
    if (this.#host.mode === 'popup') void this.#card.popupPart().catch(() => undefined);
    // A payment under way, or its decline or cancel on screen, keeps its order: the page's new cart
    // is for the next try, so the outcome stays in view and "Try again" pays what the cart holds now.
    // (A restart of the flow's own is `loading` already: its order is left.)
    if (keepsItsOrder(this.#v.state)) return this.set({ newOrder: true });
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
    this.set({ submitted: true, notice: undefined });
    // A part that failed to load leaves its check to the BFF, which validates everything again.
    const errorCount = (await this.#host.addressErrorCount()) + (await this.invoiceDetails.errorCount());
    if (errorCount > 0) {
      this.set({ notice: (t) => t.fixErrors(errorCount) });
      return this.focusFirstInvalid();
    }
    return this.#pay(order);
  }

  /** The first field marked invalid takes the focus, once rendered. */
  async focusFirstInvalid(): Promise<void> {
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  /**
   * The details are valid: the submit event (the move's), the popup window within the click, then the
   * hosted page (or its popup) or the transfer. `again`: this press already went on once with a new
   * catalog session, so a second 401 is said, not looped on.
   */
  async #pay(order: OrderSummary, again = false): Promise<void> {
    const v = this.#v;
    if (!this.go('submit')) return;
    if (this.#host.mode === 'popup' && v.method === 'card' && !(await this.#card.openWindow())) return;
    // A popup or a transfer keeps the page: its watch is fetched while the BFF answers.
    if (v.popup || v.method === 'sinpe_movil') void this.#host.ensureOrderWatch().catch(() => undefined);
    try {
      const body = checkoutBodyOf(v, order, this.#host.noShipping, this.invoiceDetails, this.#host.currentLocale());
      const answer = await this.client().checkout(this.sessionToken, body);
      this.keepStatusToken(answer.orderNumber, answer.statusToken);
      if ('sinpeMovil' in answer) return this.sinpe.showTransfer(answer.orderNumber, answer.sinpeMovil);
      this.#card.show(answer);
    } catch (error) {
      this.closePopup();
      // What a refused checkout leads to is the retry part's (a next attempt follows it anyway). Pay
      // goes on once per press after a catalog session's renewal; a popup, which must open within a
      // click, asks for the press again.
      const payAgain = !again && (this.#host.mode !== 'popup' || v.method !== 'card');
      await (await this.#retryPart())?.refused(error, payAgain ? () => this.#pay(v.order!, true) : undefined);
    }
  }

  /** reset(): back to the session's form (its prefill), stopping any status polling. */
  reset(): Promise<void> | void {
    this.clearOutcome();
    this.set({ serverErrors: {} });
    this.invoiceDetails.clear();
    // With no order yet, the start again (its `load` stops any watch); else the table's reset forgets what was kept.
    if (!this.#v.order) return this.restart();
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
    this.go('failed', { error, code });
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
      return (this.#retry ??= new part.RetryController(this, this.#host, this.#kept));
    } catch (error) {
      this.fail(new AssetLoadError(error), 'asset-load');
      return undefined;
    }
  }

  /** The form again for the same attributes (a retry or reset with no order yet): not the page's change. */
  restart(): Promise<void> {
    // In `loading`, begin() knows the start is the flow's own, not the page's change of cart.
    this.go('load');
    return this.#host.restart();
  }

  /** The last outcome is left: the next one is said and reported afresh. */
  clearOutcome(): void {
    this.#outcome.forget();
    this.set({ outcome: undefined, submitted: false, notice: undefined });
  }
}
